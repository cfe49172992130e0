package org.estuary.renewal.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The LR conformance suite against the component's backend in this JVM, on the memory store. */
class InJvmMemoryStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.memory();

    InJvmMemoryStoreConformanceTest() {
        super(STORES);
    }
}
