package org.estuary.discovery.service;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The LD conformance suite against the service in this JVM, on the embedded store (RocksDB). */
class InJvmEmbeddedStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.embedded();

    InJvmEmbeddedStoreConformanceTest() {
        super(STORES);
    }
}
