package org.estuary.txn.internal;

import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;

/** The TX conformance suite in this JVM on the memory store. */
class InJvmMemoryConformanceTest extends InJvmConformance {

    @Override
    Store open(int index) {
        return MemoryStores.open();
    }

    @Override
    void close(Store store) {
        MemoryStores.close(store);
    }
}
