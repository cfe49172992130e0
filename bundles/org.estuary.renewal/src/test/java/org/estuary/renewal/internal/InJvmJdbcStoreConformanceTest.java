package org.estuary.renewal.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The LR conformance suite against the component's backend in this JVM, on the jdbc store over the tests' private
 * PostgreSQL server.
 */
class InJvmJdbcStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.jdbc();

    InJvmJdbcStoreConformanceTest() {
        super(STORES);
    }
}
