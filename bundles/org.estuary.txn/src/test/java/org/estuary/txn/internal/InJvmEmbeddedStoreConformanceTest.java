package org.estuary.txn.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The TX conformance suite in this JVM on the embedded store (RocksDB): commit points synced to disk. */
class InJvmEmbeddedStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.embedded();

    InJvmEmbeddedStoreConformanceTest() {
        super(STORES);
    }
}
