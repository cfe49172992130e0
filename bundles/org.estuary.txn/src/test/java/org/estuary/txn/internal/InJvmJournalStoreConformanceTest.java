package org.estuary.txn.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The TX conformance suite in this JVM on the journal store: commit points synced to disk. */
class InJvmJournalStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.journal();

    InJvmJournalStoreConformanceTest() {
        super(STORES);
    }
}
