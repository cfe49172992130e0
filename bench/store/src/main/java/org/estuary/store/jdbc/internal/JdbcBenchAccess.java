package org.estuary.store.jdbc.internal;

import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import org.estuary.store.api.Store;

/**
 * The benchmark's view of the jdbc store: a store whose {@link JdbcProbe} counts the database transactions it
 * commits, the jdbc counterpart of the journal's syncs. In the store's package because the probe and the
 * {@code open} that takes one are package-private; the benchmark runs on a flat class path, not in OSGi, so sharing
 * the package is harmless here.
 */
public final class JdbcBenchAccess implements JdbcProbe {

    private final AtomicLong commits = new AtomicLong();
    private final JdbcStore store;

    /** A store over {@code dataSource} configured as the component would be with {@code config}. */
    public JdbcBenchAccess(DataSource dataSource, JdbcStoreComponent.Config config) {
        this.store = JdbcStore.open(dataSource, JdbcStoreComponent.settingsOf(config), this);
    }

    public Store store() {
        return store;
    }

    @Override
    public void committed() {
        commits.incrementAndGet();
    }

    /** Database transactions committed since the store opened. */
    public long databaseCommits() {
        return commits.get();
    }

    public void close() {
        store.close();
    }
}
