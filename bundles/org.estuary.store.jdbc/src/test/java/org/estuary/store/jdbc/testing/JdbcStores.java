package org.estuary.store.jdbc.testing;

import java.util.Map;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.store.jdbc.internal.JdbcStoreComponent;

/**
 * jdbc stores for other bundles' tests, built and closed as SCR would build and deactivate the component; a
 * database to run them on comes from {@link PostgresServer}.
 */
public final class JdbcStores {

    private JdbcStores() {
    }

    /** A store over {@code dataSource} in tables named with {@code prefix}; the same prefix again reopens it. */
    public static Store open(DataSource dataSource, String prefix) {
        return new JdbcStoreComponent(dataSource, ComponentConfig.of(JdbcStoreComponent.Config.class,
                Map.of("table_prefix", prefix)));
    }

    /** Closes a store this factory opened (Store S7), as SCR does when the bundle stops. */
    public static void close(Store store) {
        ((JdbcStoreComponent) store).deactivate();
    }
}
