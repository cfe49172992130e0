package org.estuary.mailbox.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The EM conformance suite in this JVM on the jdbc store over the tests' private PostgreSQL server; each test its own
 * tables.
 */
class InJvmJdbcStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.jdbc();

    InJvmJdbcStoreConformanceTest() {
        super(STORES);
    }
}
