package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.renewal.conformance.TestListener;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.testing.TestStores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Store S8: the renewal service switches stores while it runs (a new {@code store.target}, a better-ranked store) and
 * loses nothing: the new store gets the whole state before it takes a write, and the state then survives a restart on
 * it.
 */
class StoreSwitchTest extends HarnessTest {

    private static final long HOUR = 3_600_000L;

    /** The service stops first ({@link HarnessTest}), then these close its stores. */
    @RegisterExtension
    final TestStores embedded = TestStores.embedded();
    @RegisterExtension
    final TestStores memories = TestStores.memory(2);

    @Test
    void item4MemoryToEmbeddedStoreLosesNothingAndSurvivesARestart() throws Exception {
        Store memory = harness.store();
        RenewalService first = harness.start();
        LeaseRenewalSet set = first.proxy().createLeaseRenewalSet(HOUR);
        TestListener failures = new TestListener();
        set.setRenewalFailureListener(failures.ref(), null);
        Lease kept = landlord.grant(10_000);
        set.renewFor(kept, HOUR, 10_000);
        Lease expired = landlord.grant(10);
        harness.advance(30_000);
        set.renewFor(expired, 60_000); // expired on arrival: a failure event (LR.2.1)
        harness.advance(0);
        long firstSeq = failures.events.get(0).getSequenceNumber();

        Store onDisk = embedded.open();
        harness.switchTo(onDisk);
        awaitTrue(() -> holdsState(onDisk), "the state is copied into the embedded store");
        MemoryStores.close(memory); // from now on a write that still went to the memory store would fail
        Lease added = landlord.grant(10_000);
        set.renewFor(added, HOUR, 10_000); // acknowledged by the embedded store

        harness.close();
        harness.switchTo(embedded.reopen(onDisk)); // the embedded store read back from disk
        RenewalService second = harness.start();
        assertEquals(first.proxy(), second.proxy(), "the service id moved with the state");
        LeaseRenewalSet again = set; // the client's proxy reaches the restarted service by its id
        assertEquals(2, again.getLeases().length, "the lease from before the switch and the one after it");
        Lease expiredToo = landlord.grant(10);
        harness.advance(30_000);
        again.renewFor(expiredToo, 60_000);
        harness.advance(0);
        assertEquals(2, failures.events.size(), "the listener registration moved with the state");
        assertTrue(failures.events.get(1).getSequenceNumber() > firstSeq, "sequence numbers continue");
        harness.advance(30_000);
        assertTrue(landlord.expiration(kept) > harness.clock.currentTimeMillis(), "still renewed after it all");
    }

    @Test
    void item4ACopyThatDoesNotFitRefusesChangesUntilAStoreTakesIt() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(HOUR);
        for (int i = 0; i < 3; i++) {
            set.renewFor(landlord.grant(10_000), HOUR, 10_000);
        }
        Store tooSmall = memories.open();
        harness.switchTo(tooSmall);

        // S8: the copy fails FULL; the service refuses changes with a retryable error naming the cause
        RemoteException refused = assertThrows(RemoteException.class,
                () -> set.renewFor(landlord.grant(10_000), HOUR, 10_000));
        assertTrue(refused.getMessage().contains("could not copy its state"), refused.getMessage());
        assertFalse(refused instanceof java.rmi.ServerException, "indefinite: the client may retry");
        assertTrue(refused.getCause() instanceof StoreException, "the store's failure travels with it");
        assertTrue(refused.getMessage().contains("max.records=2"), refused.getMessage());
        assertEquals(3, set.getLeases().length, "nothing acknowledged was lost");

        Store onDisk = embedded.open();
        harness.switchTo(onDisk); // the operator points store.target at a store that fits
        set.renewFor(landlord.grant(10_000), HOUR, 10_000);

        harness.close();
        harness.switchTo(embedded.reopen(onDisk));
        RenewalService restarted = harness.start();
        assertEquals(4, restarted.counts()[1], "every client lease reached the embedded store");
        assertEquals(4, set.getLeases().length);
    }

    @Test
    void item4WithoutAStoreChangesAreRefusedAndKeptUntilOneIsBound() throws Exception {
        Store memory = harness.store();
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(HOUR);
        service.unbindStore(memory); // the store bundle is being replaced
        RemoteException refused = assertThrows(RemoteException.class,
                () -> set.renewFor(landlord.grant(10_000), HOUR, 10_000));
        assertTrue(refused.getMessage().contains("no store bound"), refused.getMessage());

        service.bindStore(memory); // back: the state (one set, no lease) is copied and writes resume
        set.renewFor(landlord.grant(10_000), HOUR, 10_000);
        assertEquals(1, set.getLeases().length);
        RenewalService restarted = harness.start();
        assertEquals(1, restarted.counts()[1]);
    }

    @Test
    void s8AStoreHoldingNewerStateIsNotOverwrittenByOneRecoveredFromAtBoot() throws Exception {
        Store memory = harness.store();
        RenewalService first = harness.start();
        first.proxy().createLeaseRenewalSet(HOUR);
        Store onDisk = embedded.open();
        harness.switchTo(onDisk); // a better-ranked store arrives: the state moves there
        awaitTrue(() -> holdsState(onDisk), "the state is copied into the embedded store");
        first.proxy().createLeaseRenewalSet(HOUR); // recorded in the embedded store only
        harness.close();

        // The next boot: the memory store, still holding the state from before the switch, registers first.
        harness.switchTo(memory);
        RenewalService booted = harness.start();
        assertEquals(1, booted.counts()[0], "recovered the older state");
        assertFalse(booted.bindStore(onDisk), "the embedded store holds newer state: the service is to start again");
        harness.close();

        harness.switchTo(embedded.reopen(onDisk)); // its component started again: SCR binds the embedded store
        RenewalService recovered = harness.start();
        assertEquals(first.proxy(), recovered.proxy());
        assertEquals(2, recovered.counts()[0], "the set made after the switch is still in the embedded store");
    }

    /** Whether {@code store} holds records of a service: the copy of the state (S8) is one batch. */
    private static boolean holdsState(Store store) {
        try {
            return !store.spaces().isEmpty();
        } catch (StoreException e) {
            throw new AssertionError("the store cannot be read: " + e.getMessage(), e);
        }
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(5);
        }
    }
}
