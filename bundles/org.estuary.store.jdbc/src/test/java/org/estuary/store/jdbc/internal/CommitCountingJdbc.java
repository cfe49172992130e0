package org.estuary.store.jdbc.internal;

import javax.sql.DataSource;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.SyncCountingStore;

/**
 * A jdbc store over a data source, configured as its component would be, with a {@link JdbcProbe} that counts the
 * database transactions it commits (the jdbc counterpart of an embedded store's syncs, not timed): for the
 * benchmarks, through {@code JdbcStores.commitCounting} in this module's test jar.
 */
public final class CommitCountingJdbc extends SyncCountingStore implements JdbcProbe {

    private final JdbcStore store;

    public CommitCountingJdbc(DataSource dataSource, JdbcStoreComponent.Config config) {
        super(false);
        this.store = Stores.open(dataSource, JdbcStoreComponent.settingsOf(config), this);
    }

    @Override
    public void committed() {
        synced(0);
    }

    @Override
    public Store store() {
        return store;
    }

    @Override
    public void close() {
        store.close();
    }
}
