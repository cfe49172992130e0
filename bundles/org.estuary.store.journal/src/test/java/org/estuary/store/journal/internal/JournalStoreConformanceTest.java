package org.estuary.store.journal.internal;

import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;

import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;
import org.estuary.store.api.conformance.StoreConformanceTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal store against the store contract (Store S1 to S8), through its DS component, including the parts
 * the memory store skips: restart over the same directory and a commit that fails.
 */
class JournalStoreConformanceTest extends StoreConformanceTest {

    @TempDir
    Path root;

    private int stores;
    private final Map<Store, JournalSettings> settings = new IdentityHashMap<>();
    private final Map<Store, TestProbe> probes = new IdentityHashMap<>();

    @Override
    protected Store open(Limits limits) {
        long maxRecords = limits.maxRecords() == StoreStats.UNLIMITED ? 1_000_000 : limits.maxRecords();
        long maxBytes = limits.maxBytes() == StoreStats.UNLIMITED ? 268_435_456 : limits.maxBytes();
        JournalSettings s = TestSettings.of(root.resolve("store" + stores++)).withFiles(1024 * 1024, 30, 4)
                .withLimits(maxRecords, maxBytes).get();
        return remember(s);
    }

    @Override
    protected void close(Store store) {
        ((JournalStoreComponent) store).deactivate();
    }

    @Override
    protected String expectedType() {
        return Store.TYPE_JOURNAL;
    }

    @Override
    protected Store restart(Store store) {
        close(store);
        JournalSettings s = settings.get(store);
        return remember(s);
    }

    @Override
    protected boolean failNextCommit(Store store) {
        synchronized (settings) {
            probes.get(store).failNextCommit();
        }
        return true;
    }

    /** A component on {@code s} with a probe that can fail its next commit. */
    private Store remember(JournalSettings s) {
        TestProbe probe = new TestProbe();
        Store store = new JournalStoreComponent(s, probe);
        synchronized (settings) {
            settings.put(store, s);
            probes.put(store, probe);
        }
        return store;
    }
}
