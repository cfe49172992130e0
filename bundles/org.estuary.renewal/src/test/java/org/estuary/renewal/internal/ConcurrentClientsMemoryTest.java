package org.estuary.renewal.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ConcurrentClients} on the memory store, which acknowledges inside {@code apply}. */
class ConcurrentClientsMemoryTest extends ConcurrentClients {

    @RegisterExtension
    static final TestStores STORES = TestStores.memory(1_000_000);

    ConcurrentClientsMemoryTest() {
        super(STORES);
    }
}
