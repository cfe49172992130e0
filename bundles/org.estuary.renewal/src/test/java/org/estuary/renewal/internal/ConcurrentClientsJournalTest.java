package org.estuary.renewal.internal;

import java.nio.file.Path;

import org.estuary.store.api.Store;
import org.junit.jupiter.api.io.TempDir;

/** {@link ConcurrentClients} on the journal store, which acknowledges group commits in threads of its own. */
class ConcurrentClientsJournalTest extends ConcurrentClients {

    @TempDir
    Path directory;

    @Override
    Store store() {
        return Stores.journal(directory);
    }

    @Override
    void closeStore(Store store) {
        Stores.close(store);
    }
}
