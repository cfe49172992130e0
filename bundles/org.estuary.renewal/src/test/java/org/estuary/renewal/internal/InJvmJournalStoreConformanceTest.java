package org.estuary.renewal.internal;

import org.estuary.testing.TestStores;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The LR conformance suite against the component's backend in this JVM, on the journal store. */
class InJvmJournalStoreConformanceTest extends InJvmConformance {

    @RegisterExtension
    static final TestStores STORES = TestStores.journal();

    InJvmJournalStoreConformanceTest() {
        super(STORES);
    }
}
