package org.estuary.store.memory.internal;

import org.estuary.store.api.Store;
import org.estuary.store.api.conformance.StoreConformanceTest;

/**
 * The memory store against the store contract (Store S1 to S8), through its DS component as services see it.
 * Restart and commit-failure injection do not apply to a volatile store that commits in the caller's thread; those
 * tests are skipped here and run on the persistent backends.
 */
class MemoryStoreConformanceTest extends StoreConformanceTest {

    @Override
    protected Store open(Limits limits) {
        Limits l = limits.or(1_000_000, 134_217_728);
        return new MemoryStoreComponent(TestConfig.of(l.maxRecords(), l.maxBytes()));
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
