package org.estuary.mailbox.internal;

import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;

/** The EM conformance suite in this JVM on the memory store. */
class InJvmMemoryStoreConformanceTest extends InJvmConformance {

    @Override
    Store store() {
        return MemoryStores.open();
    }

    @Override
    void close(Store store) {
        MemoryStores.close(store);
    }
}
