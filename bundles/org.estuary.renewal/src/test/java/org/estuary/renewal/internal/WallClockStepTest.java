package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.lease.client.LandlordLease;
import org.estuary.lease.durable.WallClockWatch;
import org.estuary.renewal.conformance.TestLandlord;
import org.estuary.renewal.conformance.TestListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * LR.2 with LE.2.2: a client lease's actual and desired expirations are wall-clock times only as read at one moment.
 * The service turns them into monotonic deadlines when it learns them (the lease added, a renewal's result, a
 * record recovered) and schedules by those, so a step of its wall clock by an hour either way, which moves neither
 * the landlord's deadlines nor the lease's real term, changes nothing the service does with the lease: the same
 * renewals at the same moments, no renewal early or late, no failure event, and it leaves its set at its desired
 * expiration, not an hour before or after.
 */
class WallClockStepTest {

    private static final long HOUR = 3_600_000;
    private static final long MINUTE = 60_000;
    private static final long SECOND = 1_000;
    /** The desired duration of the client lease: it leaves its set after ten minutes (LR.2). */
    private static final long DESIRED = 10 * MINUTE;

    /** What the service did with one client lease, second by second, after its wall clock stepped. */
    private static final class Run {
        /** The seconds (monotonic, from the step on) at which the landlord was asked to renew the lease. */
        final List<Long> renewals = new ArrayList<>();
        /** The first second at which the set no longer held the lease, or -1. */
        long leftAt = -1;
        /** The first second before the desired expiration at which the landlord no longer held the lease, or -1. */
        long lostAt = -1;
        int failureEvents;
    }

    /** {@link #run(long, boolean)} without a restart. */
    private static Run run(long step) throws Exception {
        return run(step, false);
    }

    /**
     * A client lease of one minute (renewed a minute at a time) put in a set for {@link #DESIRED}; then the wall
     * clock steps by {@code step}, the service restates its records and, if {@code restart}, a new service recovers
     * the set from the store; monotonic time runs on for twelve minutes, one second at a time.
     */
    private static Run run(long step, boolean restart) throws Exception {
        Harness harness = new Harness();
        TestLandlord landlord = new TestLandlord(harness.clock);
        try {
            RenewalService service = harness.start();
            LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
            TestListener failures = new TestListener();
            set.setRenewalFailureListener(failures.ref(), null);
            LandlordLease lease = landlord.grant(MINUTE);
            set.renewFor(lease, DESIRED, MINUTE);
            harness.advance(0);
            harness.clock.setWallTime(harness.clock.currentTimeMillis() + step);
            if (restart) {
                assertEquals(2, service.restate(WallClockWatch.BOUND_MILLIS),
                        "the records of the set and of its client lease are rewritten after a step");
                assertEquals(0, service.restate(WallClockWatch.BOUND_MILLIS), "once");
                harness.advance(0);
                harness.start();
            }
            Run run = new Run();
            int calls = 0;
            for (long second = 0; second <= 12 * 60; second++) {
                harness.advance(second == 0 ? 0 : SECOND);
                int now = landlord.renewCalls.get() + landlord.renewAllCalls.get();
                if (now > calls) {
                    run.renewals.add(second);
                    calls = now;
                }
                if (run.leftAt < 0 && set.getLeases().length == 0) {
                    run.leftAt = second;
                }
                if (run.lostAt < 0 && second * SECOND < DESIRED && landlord.table.get(lease.leaseId()) == null) {
                    run.lostAt = second;
                }
            }
            run.failureEvents = failures.events.size();
            return run;
        } finally {
            harness.close();
            landlord.close();
        }
    }

    @Test
    void withoutAStepTheLeaseIsRenewedBeforeEachExpirationAndLeavesAtItsDesiredOne() throws Exception {
        Run steady = run(0);
        assertFalse(steady.renewals.isEmpty(), "LR.2: renewed while its desired expiration is ahead");
        assertTrue(steady.renewals.get(0) > 0 && steady.renewals.get(0) < 60,
                "LR.2: renewed before its actual expiration, not at once: " + steady.renewals);
        assertEquals(-1, steady.lostAt, "LR.2: the landlord holds the lease until its desired expiration");
        assertEquals(DESIRED / SECOND, steady.leftAt, "LR.2: it leaves its set at its desired expiration");
        assertEquals(0, steady.failureEvents, "LR.2.1: no failure event for a lease renewed in time");
    }

    @ParameterizedTest(name = "wall clock stepped by {0} ms")
    @ValueSource(longs = {HOUR, -HOUR})
    void aWallClockStepChangesNoRenewalAndNoExpirationOfAClientLease(long step) throws Exception {
        Run steady = run(0);
        Run stepped = run(step);
        assertEquals(steady.renewals, stepped.renewals,
                "LR.2: renewed at the same moments as without the step: not early, not late");
        assertEquals(-1, stepped.lostAt, "LR.2: its landlord holds it until its desired expiration");
        assertEquals(DESIRED / SECOND, stepped.leftAt,
                "LR.2: it stays in its set until its desired expiration and leaves then, not an hour off");
        assertEquals(0, stepped.failureEvents, "LR.2.1: no failure event: nothing failed");
    }

    @ParameterizedTest(name = "wall clock stepped by {0} ms")
    @ValueSource(longs = {HOUR, -HOUR})
    void aFailureEventWhoseDeliveryIsRetriedArrivesAfterAWallClockStep(long step) throws Exception {
        // LR.2.1: a set's events are delivered, retried if need be, while the set's lease lasts; that lease ends at
        // its deadline on monotonic time, which a step of the wall clock does not move
        Harness harness = new Harness();
        TestLandlord landlord = new TestLandlord(harness.clock);
        try {
            RenewalService service = harness.start();
            LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(30 * MINUTE);
            TestListener failures = new TestListener();
            failures.failNext.set(1); // the first attempt finds the listener unreachable: retried
            set.setRenewalFailureListener(failures.ref(), null);
            LandlordLease lease = landlord.grant(MINUTE);
            set.renewFor(lease, DESIRED, MINUTE);
            harness.advance(0);
            landlord.table.remove(lease.leaseId()); // its landlord forgets it: the next renewal fails definitely
            for (int second = 0; second < 60 && failures.failNext.get() > 0; second++) {
                harness.advance(SECOND);
            }
            assertEquals(0, failures.failNext.get(), "the failure event's first delivery was attempted");
            assertEquals(0, failures.events.size());
            harness.clock.setWallTime(harness.clock.currentTimeMillis() + step);
            for (int second = 0; second < 5 * 60 && failures.events.isEmpty(); second++) {
                harness.advance(SECOND);
            }
            assertEquals(1, failures.events.size(), "LR.2.1: the failure event arrived on a retry after the step");
        } finally {
            harness.close();
            landlord.close();
        }
    }

    @ParameterizedTest(name = "wall clock stepped by {0} ms")
    @ValueSource(longs = {HOUR, -HOUR})
    void anExpirationWarningAskedForAfterAStepComesAtItsTime(long step) throws Exception {
        // LR.2.1: the warning comes minWarning before the set's expiration; a registration made after a step of the
        // wall clock is armed by the expiration's deadline, not by the expiration read against the stepped clock
        Harness harness = new Harness();
        try {
            RenewalService service = harness.start();
            LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(30 * MINUTE);
            harness.advance(0);
            harness.clock.setWallTime(harness.clock.currentTimeMillis() + step);
            TestListener warnings = new TestListener();
            set.setExpirationWarningListener(warnings.ref(), 10 * MINUTE, null);
            harness.advance(20 * MINUTE - SECOND);
            assertEquals(0, warnings.events.size(), "LR.2.1: no warning before its time");
            harness.advance(SECOND);
            assertEquals(1, warnings.events.size(), "LR.2.1: the warning at its time");
        } finally {
            harness.close();
        }
    }

    @ParameterizedTest(name = "wall clock stepped by {0} ms")
    @ValueSource(longs = {HOUR, -HOUR})
    void aSetRecoveredAfterAWallClockStepAndARestartEndsAtItsDeadline(long step) throws Exception {
        // LR.2, LE.2.2: the set's lease lasts its granted time; the service restates the expiration it recorded
        // before the step, so that a fresh service recovering from the store puts the set back at its deadline
        Harness harness = new Harness();
        try {
            RenewalService service = harness.start();
            LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(10 * MINUTE);
            harness.advance(MINUTE);
            harness.clock.setWallTime(harness.clock.currentTimeMillis() + step);
            assertEquals(1, service.restate(WallClockWatch.BOUND_MILLIS), "the set's record is rewritten");
            assertEquals(0, service.restate(WallClockWatch.BOUND_MILLIS), "once");
            harness.advance(0);
            harness.start();
            harness.advance(9 * MINUTE - SECOND);
            assertEquals(0, set.getLeases().length, "LR.2: the recovered set is there until its deadline");
            harness.advance(2 * SECOND);
            assertThrows(java.rmi.NoSuchObjectException.class, set::getLeases,
                    "LR.2: the recovered set ended at its deadline, not an hour off");
        } finally {
            harness.close();
        }
    }

    @ParameterizedTest(name = "wall clock stepped by {0} ms")
    @ValueSource(longs = {HOUR, -HOUR})
    void lr2AClientLeaseRecoveredAfterAWallClockStepAndARestartIsRenewedUntilItsDesiredExpiration(long step)
            throws Exception {
        // LR.2: the service renews a client lease until its desired expiration, then drops it; the service restates
        // the actual and desired expirations it recorded before the step, so that after a restart the lease is
        // neither dropped an hour early nor left to expire at its landlord because it looks an hour away
        Run recovered = run(step, true);
        assertEquals(-1, recovered.lostAt, "LR.2: renewed after the restart; its landlord holds it until then");
        assertEquals(DESIRED / SECOND, recovered.leftAt,
                "LR.2: it leaves its set at its desired expiration, not an hour off");
        assertEquals(0, recovered.failureEvents, "LR.2.1: no failure event: nothing failed");
    }

    @ParameterizedTest(name = "wall clock stepped by {0} ms")
    @ValueSource(longs = {HOUR, -HOUR})
    void lr2AClientLeaseWhoseRenewalIsOutDuringAStepIsRecordedWithTheSteppedDesiredExpiration(long step)
            throws Exception {
        // LR.2, LE.2.2: a renewal that is out at its landlord when the wall clock steps is recorded once it returns;
        // that record carries the desired expiration as the stepped clock shows its deadline, as the restatement
        // wrote it meanwhile, so a restart after it neither drops the lease an hour early nor keeps it an hour late
        Harness harness = new Harness();
        ExecutorService renewer = Executors.newSingleThreadExecutor();
        harness.renewOn(renewer);
        TestLandlord landlord = new TestLandlord(harness.clock);
        try {
            RenewalService service = harness.start();
            LeaseRenewalSet set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
            LandlordLease lease = landlord.grant(MINUTE);
            set.renewFor(lease, DESIRED, MINUTE);
            CountDownLatch release = new CountDownLatch(1);
            landlord.hold = release;
            long second = 0;
            while (second < 60 && !landlord.holding.await(50, TimeUnit.MILLISECONDS)) {
                harness.advance(SECOND);
                second++;
            }
            assertTrue(landlord.holding.await(10, TimeUnit.SECONDS), "the renewal is out at its landlord");
            harness.clock.setWallTime(harness.clock.currentTimeMillis() + step);
            assertEquals(2, service.restate(WallClockWatch.BOUND_MILLIS),
                    "the records of the set and of its client lease are rewritten after the step");
            landlord.hold = null;
            release.countDown();
            renewer.submit(() -> { }).get(10, TimeUnit.SECONDS); // the renewal returned and was recorded
            // Its landlord counted the renewal from a send time read on one side of the step or the other; the
            // service takes the earlier, so after a step ahead the lease is renewed again at once, never late.
            harness.advance(0);
            renewer.submit(() -> { }).get(10, TimeUnit.SECONDS);
            harness.renewOn(Runnable::run);
            harness.advance(0);
            harness.start();
            long leftAt = -1;
            for (; second <= 12 * 60 && leftAt < 0; second++) {
                assertTrue(second * SECOND >= DESIRED || landlord.table.get(lease.leaseId()) != null,
                        "LR.2: its landlord holds it until its desired expiration, second " + second);
                if (set.getLeases().length == 0) {
                    leftAt = second;
                }
                harness.advance(SECOND);
            }
            assertEquals(DESIRED / SECOND, leftAt,
                    "LR.2: recovered after the restart, it leaves its set at its desired expiration, not an hour off");
        } finally {
            harness.close();
            landlord.close();
            renewer.shutdownNow();
        }
    }
}
