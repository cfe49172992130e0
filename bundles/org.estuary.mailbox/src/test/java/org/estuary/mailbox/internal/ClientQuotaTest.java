package org.estuary.mailbox.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.event.MailboxRegistration;
import net.jini.event.PullEventMailbox;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The per-client quota of registrations: one client (the address its calls come from) cannot take all of
 * {@code max.registrations}. A refusal is EM.3's {@code LeaseDeniedException} naming the limit; what the client
 * gives back it may take again, and other clients and this JVM's own callers are not held to its count.
 */
class ClientQuotaTest {

    private static final long HOUR = 3_600_000;

    private final Harness harness = new Harness();
    private final AtomicReference<String> caller = new AtomicReference<>();

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void em3AClientHoldsAtMostItsQuotaOfRegistrationsAndOthersAreStillServed() throws Exception {
        harness.callersFrom(caller::get);
        PullEventMailbox mailbox = harness.start(TestSettings.withClientQuota(100, 2, 1_000, 1_000_000, 100)).proxy();
        caller.set("127.0.0.3");
        MailboxRegistration first = mailbox.register(HOUR);
        mailbox.pullRegister(HOUR);
        LeaseDeniedException refused = assertThrows(LeaseDeniedException.class, () -> mailbox.register(HOUR),
                "EM.3: a denial");
        assertTrue(refused.getMessage().contains("client 127.0.0.3 already holds 2 registrations: "
                + "max.registrations.per.client=2 reached"), refused.getMessage());

        caller.set("127.0.0.1");
        mailbox.register(HOUR); // another client is served
        caller.set(null);
        for (int i = 0; i < 3; i++) {
            mailbox.register(HOUR); // calls from this JVM are not counted
        }

        caller.set("127.0.0.3");
        first.getLease().cancel();
        mailbox.register(HOUR); // a registration given back may be taken again
    }
}
