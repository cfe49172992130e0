package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.renewal.conformance.TestLandlord;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.InterceptedStore;
import org.estuary.store.memory.testing.MemoryStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A persistent store acknowledges in its own thread (Store S3), so a renewal's record must not take the service lock
 * in that thread once durable: a client call may hold the lock while it waits for the same store's next
 * acknowledgement, and the service would hang on a persistent store until the write timed out.
 */
class StoreThreadTest {

    /** Forwards batches to a memory store; can hold one back until the next arrives, then acks both in a thread. */
    private static final class LaggingStore extends InterceptedStore {
        private final List<Runnable> held = new ArrayList<>();
        private boolean holdNext;
        private int heldCount;

        LaggingStore() {
            super(MemoryStores.open(1_000_000));
        }

        synchronized void holdNext() {
            holdNext = true;
        }

        synchronized int held() {
            return heldCount;
        }

        synchronized int waiting() {
            return held.size();
        }

        /** Acknowledges what is held, in a thread of its own, without waiting for a next batch. */
        void release() {
            List<Runnable> release;
            synchronized (this) {
                release = new ArrayList<>(held);
                held.clear();
            }
            Thread acks = new Thread(() -> release.forEach(Runnable::run), "lagging-store-commit");
            acks.setDaemon(true);
            acks.start();
        }

        @Override
        public CompletionStage<Void> apply(Batch batch) {
            CompletableFuture<Void> stage = new CompletableFuture<>();
            synchronized (this) {
                if (holdNext) {
                    holdNext = false;
                    heldCount++;
                    held.add(() -> forward(batch, stage));
                    return stage;
                }
                if (!held.isEmpty()) {
                    List<Runnable> release = new ArrayList<>(held);
                    held.clear();
                    release.add(() -> forward(batch, stage));
                    Thread acks = new Thread(() -> release.forEach(Runnable::run), "lagging-store-commit");
                    acks.setDaemon(true);
                    acks.start();
                    return stage;
                }
            }
            return delegate.apply(batch);
        }
    }

    private final LaggingStore store = new LaggingStore();
    private final Harness harness = new Harness(store);
    private final TestLandlord landlord = new TestLandlord(harness.clock);

    @AfterEach
    void close() {
        harness.close();
        landlord.close();
    }

    @Test
    void lr2ARenewalRecordedInTheStoresThreadNeverBlocksAClientCallWaitingForThatStore() throws Exception {
        LeaseRenewalSet set = harness.start().proxy().createLeaseRenewalSet(3_600_000);
        Lease lease = landlord.grant(10_000);
        set.renewFor(lease, 3_600_000, 10_000);
        store.holdNext();
        for (int step = 0; step < 40 && store.held() == 0; step++) {
            harness.clock.advance(250, TimeUnit.MILLISECONDS); // until the renewal falls due; its record is held
        }
        assertEquals(1, store.held(), "the renewal's record waits for the store's commit thread");
        assertEquals(1, store.waiting(), "and nothing has released it yet");

        // Under the service lock, waits for the store: before the fix this timed out with a RemoteException.
        set.renewFor(landlord.grant(10_000), 3_600_000, 10_000);
        assertEquals(2, set.getLeases().length);

        harness.start(); // what the store holds: the held renewal's record too; the client's proxy reaches it by id
        assertEquals(landlord.expiration(lease), findRenewed(set, lease),
                "LR.2: the renewal was recorded once the store acknowledged it");
    }

    @Test
    void lr2WhileARenewalAwaitsTheStoreClientsAreShownTheExpirationLastRecorded() throws Exception {
        LeaseRenewalSet set = harness.start().proxy().createLeaseRenewalSet(3_600_000);
        Lease lease = landlord.grant(10_000);
        long original = lease.getExpiration();
        set.renewFor(lease, 3_600_000, 10_000);
        harness.advance(1_000); // past its first look, which renews it for what it already has
        store.holdNext();
        for (int step = 0; step < 40 && store.held() == 0; step++) {
            harness.clock.advance(250, TimeUnit.MILLISECONDS);
        }
        assertEquals(1, store.held(), "the renewal's record waits for the store");
        long renewed = landlord.expiration(lease);
        assertTrue(renewed > original, "renewed at its landlord");

        // results are stored in the background: the live copy has the new expiration, the store not yet
        assertEquals(original, findRenewed(set, lease), "LR.2: shown as last recorded, not as renewed");

        set.renewFor(landlord.grant(10_000), 3_600_000, 10_000); // its write releases the held one first (S3)
        assertEquals(renewed, findRenewed(set, lease), "LR.2: shown as renewed once recorded");
    }

    @Test
    void lr2ASetRenewalWaitingForTheStoreHoldsUpNoOtherSet() throws Exception {
        // LR.2 with LE: a set lease renewal is granted once recorded, but waits for its record without the service
        // lock, so another set's renewal goes on meanwhile (and shares the store's sync on a persistent store)
        RenewalService service = harness.start();
        LeaseRenewalSet first = service.proxy().createLeaseRenewalSet(60_000);
        LeaseRenewalSet second = service.proxy().createLeaseRenewalSet(60_000);
        long before = first.getRenewalSetLease().getExpiration();
        store.holdNext();
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try {
            Future<?> held = callers.submit(() -> {
                first.getRenewalSetLease().renew(120_000);
                return null;
            });
            for (int step = 0; step < 200 && store.held() == 0; step++) {
                Thread.sleep(10); // bounded wait for the first renewal to reach the store
            }
            assertEquals(1, store.held(), "the first set's renewal waits for its record");
            assertFalse(held.isDone(), "LR.2: not granted before it is recorded");

            // Before: the first renewal held the service lock while it waited, and this call waited for the lock.
            Future<?> other = callers.submit(() -> {
                second.getRenewalSetLease().renew(120_000);
                return null;
            });
            other.get(10, TimeUnit.SECONDS); // its write releases the held one first (Store S3)
            held.get(10, TimeUnit.SECONDS);
        } finally {
            callers.shutdownNow();
        }
        assertTrue(first.getRenewalSetLease().getExpiration() > before, "the first renewal was granted");
        RenewalService restarted = harness.start(); // what the store holds: both renewals
        for (SetState set : restarted.read(SetTable::sets)) {
            assertTrue(set.expiration > before, "LR.2: recorded");
        }
    }

    @Test
    void s8ASetRenewalStillInFlightWhenTheStoreIsSwitchedReachesTheNewStore() throws Exception {
        // Store S8 with LR.2: the copy into a newly bound store carries a set renewal whose record is still on its
        // way to the store being left, so the renewal, once granted, survives a restart on the new store
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(60_000);
        long granted = harness.clock.currentTimeMillis() + 3_600_000;
        store.holdNext();
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            Future<?> renewal = caller.submit(() -> {
                set.getRenewalSetLease().renew(3_600_000);
                return null;
            });
            for (int step = 0; step < 200 && store.held() == 0; step++) {
                Thread.sleep(10); // bounded wait for the renewal's record to reach the store
            }
            assertEquals(1, store.held(), "the renewal's record is on its way");
            Store next = MemoryStores.open(1_000_000);
            harness.switchTo(next);
            service.proxy().createLeaseRenewalSet(60_000); // its write goes to the new store, after the copy
            store.release();
            renewal.get(10, TimeUnit.SECONDS);
        } finally {
            caller.shutdownNow();
        }
        RenewalService restarted = harness.start(); // on the new store
        long longest = Long.MIN_VALUE;
        for (SetState restored : restarted.read(SetTable::sets)) {
            longest = Math.max(longest, restored.expiration);
        }
        assertEquals(granted, longest, "S8: the granted renewal is in the new store");
    }

    private long findRenewed(LeaseRenewalSet set, Lease lease) throws Exception {
        for (Lease held : set.getLeases()) {
            if (held.equals(lease)) {
                return held.getExpiration();
            }
        }
        return -1;
    }
}
