package org.estuary.renewal.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The LR conformance suite against the component's backend in this JVM, on the embedded store (RocksDB). */
class InJvmEmbeddedStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.embedded();

    InJvmEmbeddedStoreConformanceTest() {
        super(STORES);
    }
}
