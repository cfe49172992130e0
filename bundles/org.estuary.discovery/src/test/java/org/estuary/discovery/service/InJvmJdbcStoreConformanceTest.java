package org.estuary.discovery.service;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The LD conformance suite against the service in this JVM, on the jdbc store. */
class InJvmJdbcStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.jdbc();

    InJvmJdbcStoreConformanceTest() {
        super(STORES);
    }
}
