package org.estuary.mailbox.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The EM conformance suite in this JVM on the memory store. */
class InJvmMemoryStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.memory();

    InJvmMemoryStoreConformanceTest() {
        super(STORES);
    }
}
