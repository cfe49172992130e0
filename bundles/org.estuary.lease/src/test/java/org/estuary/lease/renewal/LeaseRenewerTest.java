package org.estuary.lease.renewal;

import static org.estuary.lease.TestClocks.START;
import static org.estuary.lease.TestClocks.advance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.ManualClock;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.RecordingListener;
import org.estuary.lease.ScriptedLandlord;
import org.estuary.lease.TestClocks;
import org.estuary.lease.client.LandlordLease;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LeaseRenewerTest {

    private final ManualClock clock = TestClocks.manual();
    private final RecordingListener<String> ends = new RecordingListener<>(clock);
    private final LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(10_000, 10_000), 100, ends);
    private final ScriptedLandlord landlord = new ScriptedLandlord(table);
    private final UUID landlordId = UUID.randomUUID();
    private final List<RenewalFailure> failures = new ArrayList<>();
    private final RenewalFailureListener listener = failures::add;
    private final RenewerSettings settings =
            RenewerSettings.defaults().withRenewalLead(2_000).withBatchWindow(1_000).withRetry(500, 4_000);
    private final LeaseRenewer renewer = new LeaseRenewer(clock, Runnable::run, settings);

    @AfterEach
    void close() {
        renewer.close();
    }

    private LandlordLease lease() throws Exception {
        return table.grant("r", Lease.ANY).lease(landlord, landlordId, clock);
    }

    @Test
    void renewsBeforeExpiryUntilTheDesiredExpirationThenLetsGo() throws Exception {
        // LE.3.1: renew "until" the desired time; never ask past it; no notice when the desire is met
        LandlordLease lease = lease();
        renewer.renewUntil(lease, START + 35_000, listener);
        assertEquals(START + 35_000, renewer.getExpiration(lease));
        advance(clock, 7_999);
        assertEquals(0, landlord.renewCalls);
        advance(clock, 1);
        assertEquals(1, landlord.renewCalls, "renewed the lead time before expiry");
        advance(clock, 35_000 - 8_000 - 1);
        assertEquals(List.of(27_000L, 19_000L, 11_000L, 3_000L), landlord.requested);
        assertEquals(START + 35_000, lease.getExpiration());
        assertEquals("r", table.get(lease.leaseId()));
        advance(clock, 1);
        assertEquals(1, ends.expired().size(), "the lease ends at the desired expiration");
        assertThrows(UnknownLeaseException.class, () -> renewer.getExpiration(lease));
        assertEquals(0, renewer.size());
        assertTrue(failures.isEmpty());
    }

    @Test
    void scheduleCountsFromTheTimeTheRequestWasSent() throws Exception {
        // LE.2.3: the next renewal is planned from the send time of the last one, not from its answer
        List<Runnable> queued = new ArrayList<>();
        LeaseRenewer deferred = new LeaseRenewer(clock, queued::add, settings.withRenewalLead(4_000));
        LandlordLease lease = lease();
        deferred.renewUntil(lease, Lease.FOREVER, listener);
        advance(clock, 6_000);
        assertEquals(1, queued.size());
        advance(clock, 1_000); // waited in the executor's queue
        landlord.duringCall = () -> advance(clock, 2_000); // the round trip
        queued.remove(0).run();
        landlord.duringCall = () -> { };
        assertEquals(START + 7_000 + 10_000, lease.getExpiration());
        advance(clock, 13_000 - 9_000 - 1);
        assertTrue(queued.isEmpty(), "not yet: 4 s before the 17 s expiration is 13 s");
        advance(clock, 1);
        assertEquals(1, queued.size());
        deferred.close();
    }

    @Test
    void leasesThatCanBatchAreRenewedInOneCall() throws Exception {
        // LE.3.1: "leases that can be batched can be placed into a LeaseMap"
        LandlordLease a = lease();
        LandlordLease b = lease();
        advance(clock, 500);
        LandlordLease c = lease(); // due 0.5 s after a and b: within the 1 s batch window
        ScriptedLandlord other = new ScriptedLandlord(table);
        LandlordLease d = table.grant("d", Lease.ANY).lease(other, UUID.randomUUID(), clock);
        for (Lease lease : List.of(a, b, c, d)) {
            renewer.renewUntil(lease, Lease.FOREVER, listener);
        }
        advance(clock, 7_500); // a and b are due (8 s); c joins them; d cannot batch with them
        assertEquals(1, landlord.renewAllCalls);
        assertEquals(List.of(3), landlord.batchSizes, "a, b and c in one call");
        assertEquals(0, landlord.renewCalls);
        assertEquals(0, other.renewCalls + other.renewAllCalls);
        assertEquals(START + 18_000, a.getExpiration());
        assertEquals(START + 18_000, c.getExpiration());
        advance(clock, 500);
        assertEquals(1, other.renewCalls, "d on its own, at its own time");
        assertTrue(failures.isEmpty());
    }

    @Test
    void leasesOfDifferentLandlordsAreRenewedSeparately() throws Exception {
        // LE.2.2 canBatch: only leases of the same landlord share a call
        ScriptedLandlord other = new ScriptedLandlord(table);
        LandlordLease a = lease();
        LandlordLease b = table.grant("b", Lease.ANY).lease(other, UUID.randomUUID(), clock);
        renewer.renewUntil(a, Lease.FOREVER, listener);
        renewer.renewUntil(b, Lease.FOREVER, listener);
        advance(clock, 8_000);
        assertEquals(1, landlord.renewCalls);
        assertEquals(1, other.renewCalls);
        assertEquals(0, landlord.renewAllCalls + other.renewAllCalls);
    }

    @Test
    void aDefiniteFailureIsReportedAtOnce() throws Exception {
        // LE.3.1: the listener hears if a renewal fails before the desired expiration; definite failures end it
        LandlordLease lease = lease();
        renewer.renewUntil(lease, START + 60_000, listener);
        table.cancel(lease.leaseId()); // behind the renewer's back
        advance(clock, 8_000);
        assertEquals(1, failures.size());
        RenewalFailure failure = failures.get(0);
        assertSame(lease, failure.lease());
        assertTrue(failure.isDefinite());
        assertInstanceOf(UnknownLeaseException.class, failure.cause());
        assertEquals(START + 60_000, failure.desiredExpiration());
        assertThrows(UnknownLeaseException.class, () -> renewer.getExpiration(lease));
        advance(clock, 60_000);
        assertEquals(1, failures.size());
        assertEquals(1, landlord.renewCalls);
    }

    @Test
    void aDeniedRenewalIsDefinite() throws Exception {
        // LE.2.2: LeaseDeniedException is the grantor's refusal, not worth retrying
        LandlordLease lease = lease();
        renewer.renewUntil(lease, START + 60_000, listener);
        landlord.failNext(new LeaseDeniedException("no more"));
        advance(clock, 8_000);
        assertEquals(1, failures.size());
        assertInstanceOf(LeaseDeniedException.class, failures.get(0).cause());
        assertTrue(failures.get(0).isDefinite());
    }

    @Test
    void indefiniteFailuresAreRetried() throws Exception {
        // US.2.6 via LE.3.1: a connection failure may clear up; retry with back-off before the lease expires
        LandlordLease lease = lease();
        renewer.renewUntil(lease, Lease.FOREVER, listener);
        landlord.failNext(new ConnectException("down")).failNext(new ConnectException("still down"));
        advance(clock, 8_000);
        advance(clock, 500);
        assertEquals(2, landlord.renewCalls);
        // The back-off doubled to 1 s, but a retry never waits more than half the 1.5 s left.
        advance(clock, 749);
        assertEquals(2, landlord.renewCalls);
        advance(clock, 1);
        assertEquals(3, landlord.renewCalls);
        assertEquals(START + 9_250 + 10_000, lease.getExpiration());
        assertTrue(failures.isEmpty());
    }

    @Test
    void indefiniteFailuresUntilExpiryAreReportedWhenTheLeaseRunsOut() throws Exception {
        // LE.3.1: "called if the Lease object expires before the desired duration period has completed"
        LandlordLease lease = lease();
        renewer.renewUntil(lease, Lease.FOREVER, listener);
        landlord.alwaysFail = new ConnectException("down");
        List<Long> reportedAt = new ArrayList<>();
        renewer.setListener(lease, failure -> {
            failures.add(failure);
            reportedAt.add(clock.currentTimeMillis());
        });
        advance(clock, 9_999);
        assertTrue(landlord.renewCalls >= 3, "retried: " + landlord.renewCalls);
        assertTrue(failures.isEmpty());
        advance(clock, 1);
        assertEquals(1, failures.size());
        assertFalse(failures.get(0).isDefinite());
        assertInstanceOf(ConnectException.class, failures.get(0).cause());
        assertEquals(List.of(START + 10_000), reportedAt);
        int calls = landlord.renewCalls;
        advance(clock, 60_000);
        assertEquals(calls, landlord.renewCalls);
        assertEquals(0, renewer.size());
    }

    @Test
    void aBusyExecutorDelaysButDoesNotLoseRenewals() throws Exception {
        // Bounded executors: a refused renewal is an indefinite failure and retried
        AtomicInteger refusals = new AtomicInteger(2);
        LeaseRenewer busy = new LeaseRenewer(clock, task -> {
            if (refusals.getAndDecrement() > 0) {
                throw new RejectedExecutionException("full");
            }
            task.run();
        }, settings);
        LandlordLease lease = lease();
        busy.renewUntil(lease, Lease.FOREVER, listener);
        advance(clock, 9_249); // refused at 8 s and 8.5 s
        assertEquals(0, landlord.renewCalls);
        advance(clock, 1);
        assertEquals(1, landlord.renewCalls);
        assertTrue(lease.getExpiration() > START + 10_000);
        assertTrue(failures.isEmpty());
        busy.close();
    }

    @Test
    void setExpirationMovesTheDesiredExpiration() throws Exception {
        // LE.3.1: setExpiration adjusts how long the lease is kept
        LandlordLease lease = lease();
        renewer.renewUntil(lease, START + 5_000, listener);
        advance(clock, 8_000);
        assertEquals(0, landlord.renewCalls, "the lease already lasts past the desired time");
        renewer.setExpiration(lease, START + 30_000);
        assertEquals(START + 30_000, renewer.getExpiration(lease));
        advance(clock, 0);
        clock.runDue();
        assertEquals(1, landlord.renewCalls, "due at once: the renewal time has passed");
        renewer.setExpiration(lease, START);
        advance(clock, 60_000);
        assertEquals(1, landlord.renewCalls);
        assertTrue(failures.isEmpty());
        assertThrows(UnknownLeaseException.class, () -> renewer.setExpiration(lease, START));
    }

    @Test
    void removeStopsRenewingWithoutCancelling() throws Exception {
        // LE.3.1: the holder can take a lease back; the grantor is not told
        LandlordLease lease = lease();
        renewer.renewUntil(lease, Lease.FOREVER, listener);
        renewer.remove(lease);
        assertThrows(UnknownLeaseException.class, () -> renewer.remove(lease));
        advance(clock, 10_000);
        assertEquals(0, landlord.renewCalls);
        assertEquals(1, ends.expired().size());
        assertTrue(failures.isEmpty());
    }

    @Test
    void cancelCancelsAtTheGrantor() throws Exception {
        // LE.3.1: cancel "will result in the cancellation of the indicated Lease"
        LandlordLease lease = lease();
        renewer.renewUntil(lease, Lease.FOREVER, listener);
        renewer.cancel(lease);
        assertEquals(1, ends.cancelled().size());
        assertEquals(0, renewer.size());
        assertThrows(UnknownLeaseException.class, () -> renewer.cancel(lease));
        assertEquals(1, landlord.cancelCalls);
    }

    @Test
    void unknownLeasesAndBadInput() throws Exception {
        // LE.3.1: UnknownLeaseException for leases the renewer does not hold; bad arguments are refused
        LandlordLease lease = lease();
        assertThrows(UnknownLeaseException.class, () -> renewer.getExpiration(lease));
        assertThrows(UnknownLeaseException.class, () -> renewer.setExpiration(lease, START));
        assertThrows(UnknownLeaseException.class, () -> renewer.cancel(lease));
        assertThrows(UnknownLeaseException.class, () -> renewer.remove(lease));
        assertThrows(UnknownLeaseException.class, () -> renewer.setListener(lease, listener));
        assertThrows(UnknownLeaseException.class, () -> renewer.removeListener(lease));
        assertThrows(NullPointerException.class, () -> renewer.renewUntil(null, START, listener));
        assertThrows(NullPointerException.class, () -> renewer.getExpiration(null));
        assertThrows(IllegalArgumentException.class, () -> renewer.renewUntil(lease, START, 0, listener));
        assertThrows(IllegalArgumentException.class, () -> renewer.renewUntil(lease, START, -5, listener));
        assertThrows(IllegalArgumentException.class, () -> renewer.renewFor(lease, -1, listener));
        assertThrows(NullPointerException.class, () -> new LeaseRenewer(null, Runnable::run));
        assertThrows(IllegalArgumentException.class, () -> settings.withRenewalLead(0));
        assertThrows(IllegalArgumentException.class, () -> settings.withRetry(10, 5));
        assertThrows(IllegalArgumentException.class, () -> settings.withBatchWindow(-1));
        assertThrows(IllegalArgumentException.class, () -> settings.withMaxLeases(0));
        assertEquals(0, renewer.size());
    }

    @Test
    void renewForCountsFromNowAndSaturates() throws Exception {
        // LE.3.1: "an expiration time or overall duration"; FOREVER and overflowing sums mean no end
        LandlordLease lease = lease();
        renewer.renewFor(lease, 20_000, listener);
        assertEquals(START + 20_000, renewer.getExpiration(lease));
        renewer.renewFor(lease, Long.MAX_VALUE - 1, listener);
        assertEquals(Lease.FOREVER, renewer.getExpiration(lease));
        assertEquals(1, renewer.size(), "adding a managed lease again replaces its entry");
    }

    @Test
    void theRenewerIsBounded() throws Exception {
        // Bounded everything: the lease limit gives a clear exception
        LeaseRenewer small = new LeaseRenewer(clock, Runnable::run, settings.withMaxLeases(1));
        LandlordLease a = lease();
        small.renewUntil(a, Lease.FOREVER, listener);
        small.renewUntil(a, START + 1, listener); // replacing is not adding
        IllegalStateException full =
                assertThrows(IllegalStateException.class, () -> small.renewUntil(lease(), Lease.FOREVER, listener));
        assertTrue(full.getMessage().contains("1"), full.getMessage());
        small.close();
        assertThrows(IllegalStateException.class, () -> small.renewUntil(a, Lease.FOREVER, listener));
    }

    @Test
    void keepsALeaseForeverAcrossManyTerms() throws Exception {
        // LE.3.1: renew "until an undetermined time in the future"
        LandlordLease lease = lease();
        renewer.renewUntil(lease, Lease.FOREVER, Lease.FOREVER, listener);
        for (int minute = 0; minute < 10; minute++) {
            advance(clock, 60_000);
            assertEquals("r", table.get(lease.leaseId()));
        }
        assertEquals(75, landlord.renewCalls, "one renewal every 8 s for 600 s");
        assertTrue(landlord.requested.stream().allMatch(d -> d == Lease.FOREVER));
        assertTrue(failures.isEmpty());
    }

    @Test
    void worksWithARealExecutor() throws Exception {
        // LE.3.1 "its own thread of control": renewals and notices run on the executor's threads
        ExecutorService pool = LeaseRenewer.newExecutor("renewer-test", 2, 16);
        CountDownLatch lost = new CountDownLatch(1);
        LeaseRenewer threaded = new LeaseRenewer(clock, pool, settings);
        try {
            LandlordLease kept = lease();
            LandlordLease doomed = table.grant("doomed", Lease.ANY)
                    .lease(new ScriptedLandlord(table), UUID.randomUUID(), clock);
            threaded.renewUntil(kept, Lease.FOREVER, failure -> lost.countDown());
            threaded.renewUntil(doomed, Lease.FOREVER, failure -> lost.countDown());
            table.cancel(doomed.leaseId());
            advance(clock, 8_000);
            assertTrue(lost.await(5, TimeUnit.SECONDS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (kept.getExpiration() == START + 10_000 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(START + 18_000, kept.getExpiration());
        } finally {
            threaded.close();
            pool.shutdownNow();
        }
    }
}
