package org.estuary.txn.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.server.TransactionManager;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The per-client quota of unfinished transactions: one client (the address its calls come from) cannot take all of
 * {@code max.active}. A refusal is TX.2.1's {@code LeaseDeniedException} naming the limit; a transaction the client
 * completes frees its place, and other clients and this JVM's own callers are not held to its count.
 */
class ClientQuotaTest {

    private static final long MINUTE = 60_000;

    private final Managers managers = new Managers();
    private final AtomicReference<String> caller = new AtomicReference<>();

    @AfterEach
    void close() {
        managers.close();
    }

    @Test
    void tx21AClientRunsAtMostItsQuotaOfTransactionsAndOthersAreStillServed() throws Exception {
        managers.callersFrom(caller::get);
        TransactionManager mgr = managers.start(Managers.settings(100, 2, 10)).proxy();
        caller.set("127.0.0.3");
        long first = mgr.create(MINUTE).id;
        long second = mgr.create(MINUTE).id;
        LeaseDeniedException refused = assertThrows(LeaseDeniedException.class, () -> mgr.create(MINUTE),
                "TX.2.1: a denial");
        assertTrue(refused.getMessage().contains("client 127.0.0.3 already runs 2 transactions: "
                + "max.active.per.client=2 reached"), refused.getMessage());

        caller.set("127.0.0.1");
        mgr.create(MINUTE); // another client is served
        caller.set(null);
        for (int i = 0; i < 3; i++) {
            mgr.create(MINUTE); // calls from this JVM are not counted
        }

        caller.set("127.0.0.3");
        mgr.abort(first);
        mgr.commit(second);
        mgr.create(MINUTE); // completed transactions free their places
        mgr.create(MINUTE);
        assertThrows(LeaseDeniedException.class, () -> mgr.create(MINUTE));
    }
}
