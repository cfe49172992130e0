package org.estuary.mailbox.internal;

import net.jini.event.PullEventMailbox;

import org.estuary.mailbox.conformance.EventMailboxConformance;
import org.estuary.store.api.Store;
import org.junit.jupiter.api.AfterEach;

/** The EM conformance suite against the mailbox's backend in this JVM on a manual clock, on a store of the subclass. */
abstract class InJvmConformance extends EventMailboxConformance {

    private Harness harness;
    private PullEventMailbox mailbox;

    /** A fresh store for one test. */
    abstract Store store() throws Exception;

    /** Closes a store {@link #store()} opened, as SCR does when its bundle stops. */
    abstract void close(Store store);

    @Override
    protected PullEventMailbox mailbox() throws Exception {
        if (mailbox == null) {
            harness = new Harness(store());
            mailbox = harness.start().proxy();
        }
        return mailbox;
    }

    @Override
    protected void advance(long millis) {
        harness.advance(millis);
    }

    @AfterEach
    void closeMailbox() {
        if (harness != null) {
            harness.close();
            close(harness.store);
        }
    }
}
