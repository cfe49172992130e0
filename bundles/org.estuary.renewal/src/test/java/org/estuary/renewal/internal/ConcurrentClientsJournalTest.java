package org.estuary.renewal.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@link ConcurrentClients} on the journal store, which acknowledges group commits in threads of its own. */
class ConcurrentClientsJournalTest extends ConcurrentClients {

    @RegisterExtension
    static final TestStores STORES = TestStores.journal();

    ConcurrentClientsJournalTest() {
        super(STORES);
    }
}
