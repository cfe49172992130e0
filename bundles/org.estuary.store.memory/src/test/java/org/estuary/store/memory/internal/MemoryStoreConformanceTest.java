package org.estuary.store.memory.internal;

import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;
import org.estuary.store.api.conformance.StoreConformanceTest;

/**
 * The memory store against the store contract (Store S1 to S8), through its DS component as services see it.
 * Restart and commit-failure injection do not apply to a volatile store that commits in the caller's thread; those
 * tests are skipped here and run on the persistent backends.
 */
class MemoryStoreConformanceTest extends StoreConformanceTest {

    @Override
    protected Store open(Limits limits) {
        long maxRecords = limits.maxRecords() == StoreStats.UNLIMITED ? 1_000_000 : limits.maxRecords();
        long maxBytes = limits.maxBytes() == StoreStats.UNLIMITED ? 134_217_728 : limits.maxBytes();
        return new MemoryStoreComponent(TestConfig.of(maxRecords, maxBytes));
    }

    @Override
    protected void close(Store store) {
        ((MemoryStoreComponent) store).deactivate();
    }

    @Override
    protected String expectedType() {
        return Store.TYPE_MEMORY;
    }
}
