package org.estuary.lease.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import net.jini.core.lease.Lease;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.concurrent.LaterAnswers;
import org.estuary.core.time.ManualClock;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeaseListener;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.RecordingListener;
import org.estuary.lease.TestClocks;
import org.estuary.lease.client.RenewResults;
import org.estuary.store.api.Batch;
import org.estuary.store.api.BoundStore;
import org.estuary.store.api.Operation;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.WritePath;
import org.estuary.store.api.testing.HeldStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link DurableLandlord}: LE.2.2's renew, cancel, renewAll and cancelAll, each granted only once the service's store
 * has recorded it, on a store that acknowledges when the test says so.
 */
class DurableLandlordTest {

    private static final String SPACE = "test/rooms";

    /** A leased resource; its fields are guarded by {@link #lock}. */
    private static final class Room extends LeasedResource {
        long id;
        long expiration;
        boolean ended;

        @Override
        protected boolean ended() {
            return ended;
        }
    }

    private final Object lock = new Object();
    private final ManualClock clock = TestClocks.manual();
    private final HeldStore store = new HeldStore();
    private final ExecutorService callers = Executors.newFixedThreadPool(3);
    private final LeaseTable<Room> leases = new LeaseTable<>(clock, new LeasePolicy(10_000, 60_000),
            2 * DurableLandlord.RESTATE_PAGE + 1,
            new LeaseListener<>() {
                @Override
                public void expired(long id, Room room) {
                    end(room);
                }

                @Override
                public void cancelled(long id, Room room) {
                    end(room);
                }
            });
    private final WritePath path;
    private final DurableLandlord<Room> landlord;
    private int calls;

    DurableLandlordTest() throws StoreException {
        BoundStore bound = new BoundStore("test service", "test/service", lock, Batch.builder()::build, 10_000, 0);
        bound.bind(store);
        bound.adopt();
        path = new WritePath("test service", lock, bound, 10_000);
        landlord = new DurableLandlord<>("room", leases, clock) {
            @Override
            protected <T, X extends Exception> T call(WritePath.Decide<T, X> decide) throws X, RemoteException {
                calls++;
                return path.call(decide);
            }

            @Override
            protected <T, X extends Exception> T reply(WritePath.Decide<T, X> decide, T unsent)
                    throws X, RemoteException {
                calls++;
                return path.reply(decide, unsent);
            }

            @Override
            protected long expiration(Room room) {
                return room.expiration;
            }

            @Override
            protected Batch renewal(Room room, long expiration) {
                return Batch.builder().put(SPACE, Long.toString(room.id), Long.toString(expiration).getBytes())
                        .build();
            }

            @Override
            protected void show(Room room, long expiration) {
                room.expiration = expiration;
            }

            @Override
            protected Batch deletion(Room room) {
                return Batch.builder().delete(SPACE, Long.toString(room.id)).build();
            }
        };
    }

    @AfterEach
    void stop() {
        callers.shutdownNow();
        leases.close();
    }

    private void end(Room room) {
        synchronized (lock) {
            room.ended = true;
        }
    }

    /** A room leased for {@code duration}, its lease's expiration shown. */
    private Room lease(long duration) throws Exception {
        Room room = new Room();
        LeaseGrant grant = leases.grant(room, duration);
        synchronized (lock) {
            room.id = grant.leaseId();
            room.expiration = grant.expiration();
        }
        return room;
    }

    private long shown(Room room) {
        synchronized (lock) {
            return room.expiration;
        }
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "within 10 s: " + what);
            Thread.onSpinWait();
        }
    }

    private static String recorded(Batch batch) {
        return new String(batch.operations().get(0).value());
    }

    /**
     * The time left on a lease recovered from {@code record} by a fresh table after a restart of the container
     * (a fresh monotonic clock, the wall clock as {@link #clock} reads it now), in milliseconds; 0 if it ends at once.
     */
    private long leftAfterRestart(long leaseId, long record) throws Exception {
        ManualClock restarted = new ManualClock(clock.currentTimeMillis());
        LeaseTable<Room> recovered = new LeaseTable<>(restarted, new LeasePolicy(10_000, 60_000), 100,
                new RecordingListener<>(restarted));
        try {
            recovered.restore(leaseId, new Room(), record);
            long deadline = recovered.deadline(leaseId);
            return deadline == Long.MIN_VALUE ? 0 : TimeUnit.NANOSECONDS.toMillis(deadline - restarted.nanoTime());
        } finally {
            recovered.close();
        }
    }

    private void stepsAndRestarts(long stepMillis) throws Exception {
        Room room = lease(40_000);
        TestClocks.advance(clock, 10_000);
        clock.setWallTime(clock.currentTimeMillis() + stepMillis);
        long recordedAtGrant = shown(room);
        assertEquals(Math.max(0, 30_000 - stepMillis), leftAfterRestart(room.id, recordedAtGrant),
                "the expiration recorded before the step, recovered as it is, is off by the step");

        Future<Integer> restate = callers.submit(() -> landlord.restate(1_000));
        await(() -> store.count() == 1, "the rewrite is queued");
        long restated = TestClocks.START + 40_000 + stepMillis;
        assertEquals(Long.toString(restated), recorded(store.batch(0)),
                "the record carries the wall-clock time of the lease's deadline as the clock reads now");
        assertEquals(recordedAtGrant, shown(room), "S3: not shown before it is durable");
        store.stage(0).complete(null);
        assertEquals(1, restate.get(10, TimeUnit.SECONDS));
        assertEquals(restated, shown(room));
        assertEquals(restated, leases.expiration(room.id), "later renewals and records start from it");
        assertEquals(30_000, TimeUnit.NANOSECONDS.toMillis(leases.deadline(room.id) - clock.nanoTime()),
                "LE.2.2: the lease itself still ends at its deadline");
        assertEquals(30_000, leftAfterRestart(room.id, restated),
                "LE.2.2: recovered from the rewritten record, the lease has the time it had left");

        assertEquals(0, landlord.restate(1_000), "a record in step with the clock is not rewritten again");
        assertEquals(1, store.count(), "nothing more written");
    }

    @Test
    void le22AfterAWallClockStepAheadRestateRecordsWhatARestartRecoversAtTheDeadline() throws Exception {
        stepsAndRestarts(3_600_000);
    }

    @Test
    void le22AfterAWallClockStepBackRestateRecordsWhatARestartRecoversAtTheDeadline() throws Exception {
        stepsAndRestarts(-3_600_000);
    }

    @Test
    void le22RestateWritesOneBatchPerPageOfLeases() throws Exception {
        int count = 2 * DurableLandlord.RESTATE_PAGE + 1;
        Room[] rooms = new Room[count];
        for (int i = 0; i < count; i++) {
            rooms[i] = lease(40_000);
        }
        clock.setWallTime(clock.currentTimeMillis() + 3_600_000);
        Future<Integer> restate = callers.submit(() -> landlord.restate(1_000));
        int[] sizes = new int[3];
        for (int page = 0; page < 3; page++) {
            int written = page;
            await(() -> store.count() == written + 1, "page " + page + " is queued");
            sizes[page] = store.batch(page).size();
            store.stage(page).complete(null);
        }
        assertEquals(count, restate.get(10, TimeUnit.SECONDS), "every lease's record is rewritten");
        assertEquals(3, store.count(), "one store batch per page of leases");
        assertEquals(count, sizes[0] + sizes[1] + sizes[2]);
        assertEquals(DurableLandlord.RESTATE_PAGE, sizes[0], "a page holds the records of its leases");
        assertEquals(3, calls, "one turn at the write path per page");
        for (Room room : rooms) {
            assertEquals(TestClocks.START + 40_000 + 3_600_000, shown(room),
                    "LE.2.2: each lease's record is the wall-clock time of its deadline, shown once durable");
        }
    }

    @Test
    void restateLeavesALeaseRenewedAfterTheStepAsItIs() throws Exception {
        Room room = lease(40_000);
        clock.setWallTime(clock.currentTimeMillis() + 3_600_000);
        Future<Long> renew = callers.submit(() -> landlord.renew(room.id, 40_000));
        await(() -> store.count() == 1, "the renewal is queued");
        store.stage(0).complete(null);
        renew.get(10, TimeUnit.SECONDS);
        assertEquals(0, landlord.restate(1_000), "the renewal recorded an expiration on the stepped clock already");
        assertEquals(1, store.count(), "nothing more written");
    }

    @Test
    void aRestateTheStoreFailedKeepsTheRecordShownAndTheNextOneRetries() throws Exception {
        Room room = lease(40_000);
        long before = shown(room);
        clock.setWallTime(clock.currentTimeMillis() - 3_600_000);
        Future<Integer> failing = callers.submit(() -> landlord.restate(1_000));
        await(() -> store.count() == 1, "queued");
        store.stage(0).completeExceptionally(new StoreException(StoreException.Reason.UNAVAILABLE, "store down"));
        ExecutionException thrown = assertThrows(ExecutionException.class, () -> failing.get(10, TimeUnit.SECONDS));
        assertInstanceOf(RemoteException.class, thrown.getCause(), "the store failure is reported");
        assertEquals(before, shown(room), "the record as shown stays");
        Future<Integer> retry = callers.submit(() -> landlord.restate(1_000));
        await(() -> store.count() == 2, "the retry is queued");
        store.stage(1).complete(null);
        assertEquals(1, retry.get(10, TimeUnit.SECONDS));
        assertEquals(before - 3_600_000, shown(room));
    }

    @Test
    void le22RenewIsGrantedFromNowUnderThePolicyOnceRecorded() throws Exception {
        Room room = lease(5_000);
        TestClocks.advance(clock, 1_000);
        Future<Long> renew = callers.submit(() -> landlord.renew(room.id, 20_000));
        await(() -> store.count() == 1, "the renewal is queued");
        long expiration = TestClocks.START + 1_000 + 20_000;
        assertEquals(Long.toString(expiration), recorded(store.batch(0)), "the record carries the new expiration");
        assertEquals(expiration, leases.expiration(room.id), "later decisions see the renewal at once");
        assertEquals(TestClocks.START + 5_000, shown(room), "S3: not shown before it is durable");
        assertFalse(renew.isDone(), "not granted before it is durable");
        store.stage(0).complete(null);
        assertEquals(20_000L, renew.get(10, TimeUnit.SECONDS), "LE.2.2: the duration from now, as asked");
        assertEquals(expiration, shown(room));
        assertEquals(1, calls, "through the service's write path");

        // LE.2.2: ANY gives the policy's default, a longer one is capped at its maximum
        Future<Long> any = callers.submit(() -> landlord.renew(room.id, Lease.ANY));
        await(() -> store.count() == 2, "queued");
        store.stage(1).complete(null);
        assertEquals(10_000L, any.get(10, TimeUnit.SECONDS));
        Future<Long> forever = callers.submit(() -> landlord.renew(room.id, Lease.FOREVER));
        await(() -> store.count() == 3, "queued");
        store.stage(2).complete(null);
        assertEquals(60_000L, forever.get(10, TimeUnit.SECONDS));
    }

    @Test
    void le22ARenewalTheStoreFailedIsNotGrantedAndTheLeaseKeepsTheExpirationShown() throws Exception {
        Room room = lease(5_000);
        Future<Long> renew = callers.submit(() -> landlord.renew(room.id, 30_000));
        await(() -> store.count() == 1, "queued");
        store.stage(0).completeExceptionally(new StoreException(StoreException.Reason.UNAVAILABLE, "store down"));
        ExecutionException thrown = assertThrows(ExecutionException.class, () -> renew.get(10, TimeUnit.SECONDS));
        assertInstanceOf(RemoteException.class, thrown.getCause(), "a store failure reaches the client as one");
        assertEquals(TestClocks.START + 5_000, shown(room));
        assertEquals(TestClocks.START + 5_000, leases.expiration(room.id), "the lease falls back to what is shown");
    }

    @Test
    void anOlderRenewalAcknowledgedLateNeitherReplacesANewerOneNorUndoesIt() throws Exception {
        Room room = lease(5_000);
        Future<Long> older = callers.submit(() -> landlord.renew(room.id, 20_000));
        await(() -> store.count() == 1, "the older renewal is queued");
        Future<Long> newer = callers.submit(() -> landlord.renew(room.id, 40_000));
        await(() -> store.count() == 2, "the newer one is queued behind it");
        store.stage(1).complete(null);
        store.stage(0).complete(null);
        assertEquals(40_000L, newer.get(10, TimeUnit.SECONDS));
        assertEquals(20_000L, older.get(10, TimeUnit.SECONDS));
        assertEquals(TestClocks.START + 40_000, shown(room), "the newest decided renewal stays shown");

        // a failed renewal with a newer one decided after it takes nothing back
        Future<Long> failing = callers.submit(() -> landlord.renew(room.id, 50_000));
        await(() -> store.count() == 3, "queued");
        Future<Long> newest = callers.submit(() -> landlord.renew(room.id, 55_000));
        await(() -> store.count() == 4, "queued");
        store.stage(2).completeExceptionally(new StoreException(StoreException.Reason.UNAVAILABLE, "store down"));
        assertThrows(ExecutionException.class, () -> failing.get(10, TimeUnit.SECONDS));
        assertEquals(TestClocks.START + 55_000, leases.expiration(room.id), "the newer renewal stands");
        store.stage(3).complete(null);
        assertEquals(55_000L, newest.get(10, TimeUnit.SECONDS));
        assertEquals(TestClocks.START + 55_000, shown(room));
    }

    @Test
    void le22RenewRefusesADurationThatIsNeitherPositiveNorAnyAndChangesNothing() throws Exception {
        Room room = lease(5_000);
        assertThrows(IllegalArgumentException.class, () -> landlord.renew(room.id, 0));
        assertThrows(IllegalArgumentException.class, () -> landlord.renew(room.id, -7));
        assertEquals(0, store.count(), "nothing written");
        assertEquals(TestClocks.START + 5_000, leases.expiration(room.id));
        assertEquals(TestClocks.START + 5_000, shown(room));
    }

    @Test
    void le22AnUnknownExpiredOrCancelledLeaseIsUnknownToRenewAndCancel() throws Exception {
        UnknownLeaseException unknown = assertThrows(UnknownLeaseException.class, () -> landlord.renew(12345, 1_000));
        assertTrue(unknown.getMessage().startsWith("room 12345 no longer exists"), unknown.getMessage());
        assertThrows(UnknownLeaseException.class, () -> landlord.cancel(12345));

        Room expiring = lease(1_000);
        TestClocks.advance(clock, 1_000);
        assertThrows(UnknownLeaseException.class, () -> landlord.renew(expiring.id, 1_000), "LE.2.2: expired");
        assertThrows(UnknownLeaseException.class, () -> landlord.cancel(expiring.id));
        assertEquals(0, store.count(), "nothing written");
    }

    @Test
    void le22CancelEndsTheResourceOnceItsDeletionIsDurable() throws Exception {
        Room room = lease(5_000);
        Future<?> cancel = callers.submit(() -> {
            landlord.cancel(room.id);
            return null;
        });
        await(() -> store.count() == 1, "the deletion is queued");
        assertEquals(Operation.Kind.DELETE, store.batch(0).operations().get(0).kind());
        assertEquals(Long.toString(room.id), store.batch(0).operations().get(0).key());
        // meanwhile the lease is gone for every other call, which answers once the deletion is durable
        Future<Long> renew = callers.submit(() -> landlord.renew(room.id, 1_000));
        Future<?> again = callers.submit(() -> {
            landlord.cancel(room.id);
            return null;
        });
        assertSame(room, leases.get(room.id), "still held");
        store.stage(0).complete(null);
        assertNull(cancel.get(10, TimeUnit.SECONDS));
        assertInstanceOf(UnknownLeaseException.class,
                assertThrows(ExecutionException.class, () -> renew.get(10, TimeUnit.SECONDS)).getCause());
        assertInstanceOf(UnknownLeaseException.class,
                assertThrows(ExecutionException.class, () -> again.get(10, TimeUnit.SECONDS)).getCause());
        assertEquals(1, store.count(), "they wrote nothing");
        assertNull(leases.get(room.id), "cancelled in the table");
        synchronized (lock) {
            assertTrue(room.ended, "ended through the table's listener");
        }
        assertThrows(UnknownLeaseException.class, () -> landlord.cancel(room.id), "LE.2.2: already cancelled");
    }

    @Test
    void aCancellationTheStoreFailedLeavesTheResource() throws Exception {
        Room room = lease(5_000);
        Future<?> cancel = callers.submit(() -> {
            landlord.cancel(room.id);
            return null;
        });
        await(() -> store.count() == 1, "queued");
        store.stage(0).completeExceptionally(new StoreException(StoreException.Reason.UNAVAILABLE, "store down"));
        ExecutionException thrown = assertThrows(ExecutionException.class, () -> cancel.get(10, TimeUnit.SECONDS));
        assertInstanceOf(RemoteException.class, thrown.getCause());
        assertSame(room, leases.get(room.id), "the lease stays");
        synchronized (lock) {
            assertFalse(room.gone(), "and its resource");
        }
        Future<Long> renew = callers.submit(() -> landlord.renew(room.id, 7_000));
        await(() -> store.count() == 2, "a renewal is queued again");
        store.stage(1).complete(null);
        assertEquals(7_000L, renew.get(10, TimeUnit.SECONDS));
    }

    @Test
    void le22RenewAllAndCancelAllTakeEachLeaseIndependently() throws Exception {
        Room a = lease(5_000);
        Room b = lease(5_000);
        // as a client's call over a transport that answers later: each lease answers in the results, none later
        Future<RenewResults> renewed = callers.submit(() -> asTheCall(() -> landlord.renewAll(
                new long[] {a.id, 999, b.id, a.id}, new long[] {8_000, 8_000, -5, 9_000})));
        await(() -> store.count() == 1, "the first renewal is queued");
        store.stage(0).complete(null);
        await(() -> store.count() == 2, "the last renewal is queued");
        store.stage(1).complete(null);
        RenewResults results = renewed.get(10, TimeUnit.SECONDS);
        assertEquals(4, results.size());
        assertEquals(8_000, results.granted(0));
        assertInstanceOf(UnknownLeaseException.class, results.failure(1), "LE.2.2: a failure in its slot");
        assertInstanceOf(IllegalArgumentException.class, results.failure(2));
        assertEquals(9_000, results.granted(3));
        assertThrows(IllegalArgumentException.class, () -> landlord.renewAll(new long[] {a.id}, new long[0]),
                "LE.2.2: the arrays differ in length");

        Future<Exception[]> cancelled = callers.submit(() -> asTheCall(() -> landlord.cancelAll(
                new long[] {b.id, 999})));
        await(() -> store.count() == 3, "the cancellation is queued");
        store.stage(2).complete(null);
        Exception[] failures = cancelled.get(10, TimeUnit.SECONDS);
        assertNull(failures[0]);
        assertInstanceOf(UnknownLeaseException.class, failures[1]);
        assertNull(leases.get(b.id));
        assertSame(a, leases.get(a.id), "the others stay");
    }

    /** Runs {@code call} as the transport runs a client's call; its result, which must not have claimed an answer. */
    private static <T> T asTheCall(Callable<T> call) throws Exception {
        try (LaterAnswers.Slot slot = LaterAnswers.open()) {
            T result = call.call();
            assertNull(slot.ready(), "answered by the method's return");
            return result;
        }
    }

    @Test
    void le22ARenewalAndACancellationCalledByAClientAreAnsweredOnceRecordedWithoutAWaitingThread() throws Exception {
        Room room = lease(5_000);
        long granted = shown(room);
        LaterAnswers.Slot renewal;
        try (LaterAnswers.Slot slot = LaterAnswers.open()) {
            assertEquals(0L, landlord.renew(room.id, 8_000), "the placeholder the transport ignores");
            renewal = slot;
        }
        assertFalse(renewal.ready().toCompletableFuture().isDone(), "not granted before it is recorded");
        assertEquals(granted, shown(room), "S3: the old expiration is shown meanwhile");
        store.stage(0).complete(null);
        renewal.ready().toCompletableFuture().handle((ok, e) -> null).get(10, TimeUnit.SECONDS);
        assertEquals(8_000L, renewal.answer().get(), "LE.2.2: the duration granted");
        assertEquals(clock.currentTimeMillis() + 8_000, shown(room));

        LaterAnswers.Slot cancellation;
        try (LaterAnswers.Slot slot = LaterAnswers.open()) {
            landlord.cancel(room.id);
            cancellation = slot;
        }
        assertSame(room, leases.get(room.id), "it stays until its deletion is recorded");
        store.stage(1).complete(null);
        cancellation.ready().toCompletableFuture().handle((ok, e) -> null).get(10, TimeUnit.SECONDS);
        assertNull(cancellation.answer().get());
        assertNull(leases.get(room.id), "LE.2.2: cancelled");
    }
}
