package org.estuary.mailbox.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The EM conformance suite in this JVM on the journal store. */
class InJvmJournalStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.journal();

    InJvmJournalStoreConformanceTest() {
        super(STORES);
    }
}
