package org.estuary.txn.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The TX conformance suite in this JVM on the memory store. */
class InJvmMemoryStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.memory();

    InJvmMemoryStoreConformanceTest() {
        super(STORES);
    }
}
