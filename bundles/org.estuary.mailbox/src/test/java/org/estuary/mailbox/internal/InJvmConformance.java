package org.estuary.mailbox.internal;

import net.jini.event.PullEventMailbox;

import org.estuary.mailbox.conformance.EventMailboxConformance;
import org.estuary.testing.TestStores;
import org.junit.jupiter.api.AfterEach;

/**
 * The EM conformance suite against the mailbox's backend in this JVM on a manual clock, on a store of the kind a
 * subclass names; each test has a store of its own, closed after it by {@link TestStores}.
 */
abstract class InJvmConformance extends EventMailboxConformance {

    private final TestStores stores;
    private Harness harness;
    private PullEventMailbox mailbox;

    InJvmConformance(TestStores stores) {
        this.stores = stores;
    }

    @Override
    protected PullEventMailbox mailbox() throws Exception {
        if (mailbox == null) {
            mailbox = harness().start().proxy();
        }
        return mailbox;
    }

    @Override
    protected void advance(long millis) {
        harness().advance(millis);
    }

    /** Made at first use: a store opens only while a test runs. */
    private Harness harness() {
        if (harness == null) {
            harness = new Harness(stores.open());
        }
        return harness;
    }

    @AfterEach
    void closeMailbox() {
        if (harness != null) {
            harness.close();
        }
    }
}
