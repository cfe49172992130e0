package org.estuary.store.jdbc.internal;

import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import org.estuary.store.api.Store;

/**
 * A jdbc store over a data source, configured as its component would be, with a {@link JdbcProbe} that counts the
 * database transactions it commits (the jdbc counterpart of an embedded store's syncs): for the benchmarks, through
 * this module's test jar.
 */
public final class CommitCountingJdbc implements JdbcProbe {

    private final AtomicLong commits = new AtomicLong();
    private final JdbcStore store;

    public CommitCountingJdbc(DataSource dataSource, JdbcStoreComponent.Config config) {
        this.store = JdbcStore.open(dataSource, JdbcStoreComponent.settingsOf(config), this);
    }

    @Override
    public void committed() {
        commits.incrementAndGet();
    }

    public Store store() {
        return store;
    }

    /** Database transactions committed since the store opened. */
    public long commits() {
        return commits.get();
    }

    public void close() {
        store.close();
    }
}
