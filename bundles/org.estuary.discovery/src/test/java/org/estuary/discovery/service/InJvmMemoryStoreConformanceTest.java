package org.estuary.discovery.service;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The LD conformance suite against the service in this JVM, on the memory store. */
class InJvmMemoryStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.memory();

    InJvmMemoryStoreConformanceTest() {
        super(STORES);
    }
}
