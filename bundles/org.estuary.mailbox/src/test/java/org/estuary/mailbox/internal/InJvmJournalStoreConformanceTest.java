package org.estuary.mailbox.internal;

import java.nio.file.Path;

import org.estuary.store.api.Store;
import org.estuary.store.journal.testing.JournalStores;
import org.junit.jupiter.api.io.TempDir;

/** The EM conformance suite in this JVM on the journal store. */
class InJvmJournalStoreConformanceTest extends InJvmConformance {

    @TempDir
    Path directory;

    @Override
    Store store() {
        return JournalStores.open(directory);
    }

    @Override
    void close(Store store) {
        JournalStores.close(store);
    }
}
