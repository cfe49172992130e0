package org.estuary.store.rocksdb.internal;

import java.nio.file.Path;

import org.estuary.store.api.Store;
import org.estuary.store.api.conformance.PersistentStoreConformanceTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RocksDB store against the store contract (Store S1 to S8), through its DS component, restart over the same
 * directory and a write that fails included.
 */
class RocksStoreConformanceTest extends PersistentStoreConformanceTest<RocksSettings, TestProbe> {

    @TempDir
    Path root;

    private int stores;

    @Override
    protected RocksSettings settings(Limits limits) {
        Limits l = limits.or(1_000_000, 268_435_456);
        return TestSettings.limited(root.resolve("store" + stores++), l.maxRecords(), l.maxBytes());
    }

    @Override
    protected TestProbe probe() {
        return new TestProbe();
    }

    @Override
    protected Store open(RocksSettings settings, TestProbe probe) {
        return new RocksStoreComponent(settings, probe);
    }

    @Override
    protected void failNextCommit(TestProbe probe) {
        probe.failNextWrite();
    }

    @Override
    protected void close(Store store) {
        ((RocksStoreComponent) store).deactivate();
    }

    @Override
    protected String expectedType() {
        return RocksStore.TYPE_ROCKSDB;
    }
}
