package org.estuary.txn.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The TX conformance suite in this JVM on the jdbc store over the tests' private PostgreSQL server; each manager of
 * each test has tables of its own.
 */
class InJvmJdbcStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.jdbc();

    InJvmJdbcStoreConformanceTest() {
        super(STORES);
    }
}
