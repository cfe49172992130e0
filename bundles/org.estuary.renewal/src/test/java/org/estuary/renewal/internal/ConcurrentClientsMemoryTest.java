package org.estuary.renewal.internal;

import org.estuary.store.api.Store;

/** {@link ConcurrentClients} on the memory store, which acknowledges inside {@code apply}. */
class ConcurrentClientsMemoryTest extends ConcurrentClients {

    @Override
    Store store() {
        return Stores.memory(1_000_000);
    }

    @Override
    void closeStore(Store store) {
        Stores.close(store);
    }
}
