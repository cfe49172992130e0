package org.estuary.store.jdbc.testing;

import java.util.Map;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.store.api.testing.SyncCountingStore;
import org.estuary.store.jdbc.internal.CommitCountingJdbc;
import org.estuary.store.jdbc.internal.JdbcStoreComponent;

/**
 * jdbc stores for other bundles' tests and benchmarks, built and closed as SCR would build and deactivate the component; a
 * database to run them on comes from {@link PostgresServer}.
 */
public final class JdbcStores {

    private JdbcStores() {
    }

    /** A store over {@code dataSource} in tables named with {@code prefix}; the same prefix again reopens it. */
    public static Store open(DataSource dataSource, String prefix) {
        return new JdbcStoreComponent(dataSource, config(prefix));
    }

    /**
     * A store as {@link #open(DataSource, String)} opens it whose database transactions are counted (the jdbc
     * store's counterpart of an embedded store's syncs; not timed): for the store benchmark. Closed by its own
     * {@link SyncCountingStore#close()}.
     */
    public static SyncCountingStore commitCounting(DataSource dataSource, String prefix) {
        return new CommitCountingJdbc(dataSource, config(prefix));
    }

    private static JdbcStoreComponent.Config config(String prefix) {
        return ComponentConfig.of(JdbcStoreComponent.Config.class, Map.of("table_prefix", prefix));
    }

    /** Closes a store this factory opened (Store S7), as SCR does when the bundle stops. */
    public static void close(Store store) {
        ((JdbcStoreComponent) store).deactivate();
    }
}
