package org.estuary.renewal.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ConcurrentClients} on the embedded store (RocksDB), which acknowledges WAL syncs shared by concurrent batches. */
class ConcurrentClientsEmbeddedStoreTest extends ConcurrentClients {

    @RegisterExtension
    static final TestStores STORES = TestStores.embedded();

    ConcurrentClientsEmbeddedStoreTest() {
        super(STORES);
    }
}
