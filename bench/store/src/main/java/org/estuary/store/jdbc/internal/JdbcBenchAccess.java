package org.estuary.store.jdbc.internal;

import org.estuary.store.api.Store;

/**
 * The benchmark's view of the jdbc store's group commit: database transactions committed, the jdbc counterpart of
 * the journal's syncs. In the store's package because the count is package-private; the benchmark runs on a flat
 * class path, not in OSGi, so sharing the package is harmless here.
 */
public final class JdbcBenchAccess {

    private JdbcBenchAccess() {
    }

    public static long databaseCommits(Store component) {
        return ((JdbcStoreComponent) component).store().databaseCommits();
    }

    public static void close(Store component) {
        ((JdbcStoreComponent) component).deactivate();
    }
}
