package org.estuary.mailbox.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The EM conformance suite in this JVM on the embedded store (RocksDB). */
class InJvmEmbeddedStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.embedded();

    InJvmEmbeddedStoreConformanceTest() {
        super(STORES);
    }
}
