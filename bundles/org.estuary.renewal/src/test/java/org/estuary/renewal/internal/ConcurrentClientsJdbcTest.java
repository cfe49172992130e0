package org.estuary.renewal.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ConcurrentClients} on the jdbc store over the tests' private PostgreSQL server. */
class ConcurrentClientsJdbcTest extends ConcurrentClients {

    @RegisterExtension
    static final TestStores STORES = TestStores.jdbc();

    ConcurrentClientsJdbcTest() {
        super(STORES);
    }
}
