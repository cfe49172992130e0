package org.estuary.store.rocksdb.internal;

import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;

import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;
import org.estuary.store.api.conformance.StoreConformanceTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RocksDB store against the store contract (Store S1 to S8), through its DS component, restart over the same
 * directory and a write that fails included.
 */
class RocksStoreConformanceTest extends StoreConformanceTest {

    @TempDir
    Path root;

    private int stores;
    private final Map<Store, RocksSettings> settings = new IdentityHashMap<>();
    private final Map<Store, TestProbe> probes = new IdentityHashMap<>();

    @Override
    protected Store open(Limits limits) {
        long maxRecords = limits.maxRecords() == StoreStats.UNLIMITED ? 1_000_000 : limits.maxRecords();
        long maxBytes = limits.maxBytes() == StoreStats.UNLIMITED ? 268_435_456 : limits.maxBytes();
        return remember(TestSettings.limited(root.resolve("store" + stores++), maxRecords, maxBytes));
    }

    @Override
    protected void close(Store store) {
        ((RocksStoreComponent) store).deactivate();
    }

    @Override
    protected String expectedType() {
        return RocksStore.TYPE_ROCKSDB;
    }

    @Override
    protected Store restart(Store store) {
        close(store);
        return remember(settings.get(store));
    }

    @Override
    protected boolean failNextCommit(Store store) {
        synchronized (settings) {
            probes.get(store).failNextWrite();
        }
        return true;
    }

    private Store remember(RocksSettings s) {
        TestProbe probe = new TestProbe();
        Store store = new RocksStoreComponent(s, probe);
        synchronized (settings) {
            settings.put(store, s);
            probes.put(store, probe);
        }
        return store;
    }
}
