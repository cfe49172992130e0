package org.estuary.txn.internal;

import java.nio.file.Path;

import org.estuary.store.api.Store;
import org.estuary.store.journal.testing.JournalStores;
import org.junit.jupiter.api.io.TempDir;

/** The TX conformance suite in this JVM on the journal store: commit points synced to disk. */
class InJvmJournalConformanceTest extends InJvmConformance {

    @TempDir
    Path directory;

    @Override
    Store open(int index) {
        return JournalStores.open(directory.resolve("journal-" + index));
    }

    @Override
    void close(Store store) {
        JournalStores.close(store);
    }
}
