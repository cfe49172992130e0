package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.renewal.admin.LeaseInfo;
import org.estuary.renewal.conformance.TestLandlord;
import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.testing.InterceptedStore;
import org.estuary.store.memory.testing.MemoryStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * LR.2: a client's change that the store did not record did not happen, also when two changes of one lease are queued
 * one after the other and both fail, in either order of their waiting threads: the lease goes back to what was
 * recorded before them, or leaves its set when the failed changes added it.
 */
class FailedChangesTest {

    /** Forwards batches to a memory store, or, while holding, keeps them queued until the test answers each. */
    private static final class HoldingStore extends InterceptedStore {
        private final List<Held> held = new ArrayList<>();
        private boolean holding;

        private record Held(Batch batch, CompletableFuture<Void> stage) {
        }

        HoldingStore() {
            super(MemoryStores.open(1_000_000));
        }

        synchronized void hold() {
            holding = true;
        }

        synchronized int held() {
            return held.size();
        }

        /** Fails the {@code index}-th batch held, as a store that lost its medium does. */
        void fail(int index) {
            Held batch;
            synchronized (this) {
                batch = held.get(index);
            }
            batch.stage.completeExceptionally(new StoreException(StoreException.Reason.UNAVAILABLE,
                    "disk failed (test)"));
        }

        @Override
        public CompletionStage<Void> apply(Batch batch) {
            synchronized (this) {
                if (holding) {
                    CompletableFuture<Void> stage = new CompletableFuture<>();
                    held.add(new Held(batch, stage));
                    return stage;
                }
            }
            return delegate.apply(batch);
        }
    }

    private final HoldingStore store = new HoldingStore();
    private final Harness harness = new Harness(store);
    private final TestLandlord landlord = new TestLandlord(harness.clock);
    private final ExecutorService clients = Executors.newFixedThreadPool(2);

    @AfterEach
    void close() {
        clients.shutdownNow();
        harness.close();
        landlord.close();
    }

    @Test
    void lr2TwoDurationChangesThatBothFailLeaveTheRecordedDurationsNewestFailingFirst() throws Exception {
        twoDurationChangesFail(1, 0);
    }

    @Test
    void lr2TwoDurationChangesThatBothFailLeaveTheRecordedDurationsOldestFailingFirst() throws Exception {
        twoDurationChangesFail(0, 1);
    }

    private void twoDurationChangesFail(int firstFailed, int secondFailed) throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
        Lease lease = landlord.grant(60_000);
        long now = harness.clock.currentTimeMillis();
        set.renewFor(lease, 3_600_000, 20_000); // recorded
        store.hold();
        List<Future<?>> changes = queue(List.of(
                () -> set.renewFor(lease, 7_200_000, 30_000),
                () -> set.renewFor(lease, 10_800_000, 40_000)));
        store.fail(firstFailed);
        failedWithRemoteException(changes.get(firstFailed));
        store.fail(secondFailed);
        failedWithRemoteException(changes.get(secondFailed));

        LeaseInfo info = onlyLease(service);
        assertEquals(now + 3_600_000, info.desiredExpiration(), "back to the recorded desired expiration");
        assertEquals(20_000, info.renewDuration(), "back to the recorded renew duration");
    }

    @Test
    void lr2AnAdditionAndADurationChangeThatBothFailLeaveNoLease() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
        Lease lease = landlord.grant(60_000);
        store.hold();
        List<Future<?>> changes = queue(List.of(
                () -> set.renewFor(lease, 3_600_000, 20_000),
                () -> set.renewFor(lease, 7_200_000, 30_000)));
        store.fail(1);
        failedWithRemoteException(changes.get(1));
        store.fail(0);
        failedWithRemoteException(changes.get(0));

        assertEquals(0, new AdminView(service).leaseCount(), "neither change was recorded: the lease was never added");
    }

    @Test
    void lr2WhenTheNewerOfTwoChangesFailsTheLeaseKeepsTheOlderOneOnceRecorded() throws Exception {
        RenewalService service = harness.start();
        LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
        Lease lease = landlord.grant(60_000);
        long now = harness.clock.currentTimeMillis();
        set.renewFor(lease, 3_600_000, 20_000);
        store.hold();
        List<Future<?>> changes = queue(List.of(
                () -> set.renewFor(lease, 7_200_000, 30_000),
                () -> set.renewFor(lease, 10_800_000, 40_000)));
        store.fail(1);
        failedWithRemoteException(changes.get(1));
        LeaseInfo info = onlyLease(service);
        assertEquals(now + 7_200_000, info.desiredExpiration(), "the older change is still queued: it stands");
        assertEquals(30_000, info.renewDuration());
    }

    /** Runs each call in a client thread of its own, one after the other, each once its batch is held. */
    private List<Future<?>> queue(List<Call> calls) throws InterruptedException {
        List<Future<?>> futures = new ArrayList<>();
        for (Call call : calls) {
            int before = store.held();
            futures.add(clients.submit(() -> {
                call.run();
                return null;
            }));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (store.held() == before) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the change did not reach the store within 10 s");
                }
                java.util.concurrent.locks.LockSupport.parkNanos(100_000);
            }
        }
        return futures;
    }

    private static void failedWithRemoteException(Future<?> change) throws InterruptedException {
        ExecutionException failure = assertThrows(ExecutionException.class, () -> change.get(10, TimeUnit.SECONDS));
        assertEquals(RemoteException.class, failure.getCause().getClass(), "indefinite: " + failure.getCause());
    }

    private static LeaseInfo onlyLease(RenewalService service) {
        AdminView admin = new AdminView(service);
        long setId = admin.sets(0, 1).items().get(0).setId();
        List<LeaseInfo> leases = admin.leases(setId, 0, 10).items();
        assertEquals(1, leases.size());
        return leases.get(0);
    }

    @FunctionalInterface
    private interface Call {
        void run() throws Exception;
    }
}
