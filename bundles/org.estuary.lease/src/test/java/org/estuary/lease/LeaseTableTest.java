package org.estuary.lease;

import static org.estuary.lease.TestClocks.advance;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.estuary.lease.client.RenewResults;

class LeaseTableTest {

    private final ManualClock clock = TestClocks.manual();
    private final RecordingListener<String> listener = new RecordingListener<>(clock);
    private final LeaseTable<String> table =
            new LeaseTable<>(clock, new LeasePolicy(10_000, 60_000), 1_000, listener);

    @Test
    void grantFollowsThePolicy() throws Exception {
        // LE.2.2: ANY -> default, capped at the maximum, never more than asked
        LeaseGrant any = table.grant("a", Lease.ANY);
        assertEquals(10_000, any.duration());
        assertEquals(TestClocks.START + 10_000, any.expiration());
        assertEquals(60_000, table.grant("b", Lease.FOREVER).duration());
        assertEquals(60_000, table.grant("c", 60_001).duration());
        assertEquals(1_234, table.grant("d", 1_234).duration());
        assertEquals(TestClocks.START + 1_234, table.expiration(table.leaseIds().length == 4
                ? findId("d") : 0));
    }

    @Test
    void grantRejectsBadInput() {
        // LE.2.2: durations are positive, ANY or FOREVER; a lease needs a resource
        assertThrows(IllegalArgumentException.class, () -> table.grant("x", 0));
        assertThrows(IllegalArgumentException.class, () -> table.grant("x", -2));
        assertThrows(IllegalArgumentException.class, () -> table.grant("x", Long.MIN_VALUE));
        assertThrows(NullPointerException.class, () -> table.grant(null, 1_000));
        assertEquals(0, table.size());
        assertThrows(IllegalArgumentException.class,
                () -> new LeaseTable<String>(clock, new LeasePolicy(1, 1), 0, listener));
        assertThrows(NullPointerException.class,
                () -> new LeaseTable<String>(null, new LeasePolicy(1, 1), 1, listener));
    }

    @Test
    void foreverLeaseNeverExpires() throws Exception {
        // LE.2.2: FOREVER with an unlimited maximum; the deadline saturates instead of overflowing
        LeaseTable<String> unlimited =
                new LeaseTable<>(clock, new LeasePolicy(1_000, Lease.FOREVER), 10, listener);
        LeaseGrant forever = unlimited.grant("f", Lease.FOREVER);
        LeaseGrant huge = unlimited.grant("h", Long.MAX_VALUE - 1);
        assertEquals(Lease.FOREVER, forever.expiration());
        assertEquals(Lease.FOREVER, unlimited.expiration(forever.leaseId()));
        advance(clock, 100L * 365 * 24 * 3600 * 1000);
        assertEquals("f", unlimited.get(forever.leaseId()));
        assertEquals("h", unlimited.get(huge.leaseId()));
        assertTrue(listener.ends.isEmpty());
    }

    @Test
    void restateGivesTheWallClockTimeOfTheDeadlineAfterAStepAndKeepsTheDeadline() throws Exception {
        // LE.2.2: the lease lasts its granted time; only the wall-clock time it is stated at moves with the clock
        LeaseGrant grant = table.grant("r", 30_000);
        long deadline = table.deadline(grant.leaseId());
        advance(clock, 5_000);
        clock.setWallTime(clock.currentTimeMillis() + 3_600_000);
        assertEquals(grant.expiration(), table.expiration(grant.leaseId()), "a step alone changes no expiration");
        assertEquals(grant.expiration() + 3_600_000, table.restate(grant.leaseId()));
        assertEquals(grant.expiration() + 3_600_000, table.expiration(grant.leaseId()));
        assertEquals(deadline, table.deadline(grant.leaseId()));
        advance(clock, 25_000);
        assertNull(table.get(grant.leaseId()), "it ends at its deadline");
        assertThrows(UnknownLeaseException.class, () -> table.restate(grant.leaseId()));

        LeaseTable<String> unlimited =
                new LeaseTable<>(clock, new LeasePolicy(1_000, Lease.FOREVER), 10, listener);
        LeaseGrant forever = unlimited.grant("f", Lease.FOREVER);
        clock.setWallTime(clock.currentTimeMillis() - 7_200_000);
        assertEquals(Lease.FOREVER, unlimited.restate(forever.leaseId()), "a lease for ever stays for ever");
        unlimited.close();
    }

    @Test
    void expiresAtItsDeadlineAndTellsTheServiceOnce() throws Exception {
        // LE.2.2: expiry frees the resource; the owning service hears of it
        LeaseGrant grant = table.grant("r", 5_000);
        advance(clock, 4_999);
        assertEquals("r", table.get(grant.leaseId()));
        assertTrue(listener.ends.isEmpty());
        advance(clock, 1);
        assertNull(table.get(grant.leaseId()));
        assertEquals(List.of(new RecordingListener.End(grant.leaseId(), "r", false, TestClocks.START + 5_000)),
                listener.ends);
        advance(clock, 100_000);
        assertEquals(1, listener.ends.size());
        assertEquals(0, table.size());
    }

    @Test
    void renewalRunsFromNowNotFromTheOldExpiration() throws Exception {
        // LE.2.2: "This duration is not added to the original lease"
        LeaseGrant grant = table.grant("r", 10_000);
        advance(clock, 4_000);
        assertEquals(10_000, table.renew(grant.leaseId(), 10_000));
        assertEquals(TestClocks.START + 14_000, table.expiration(grant.leaseId()));
        advance(clock, 9_999);
        assertEquals("r", table.get(grant.leaseId()));
        advance(clock, 1);
        assertEquals(1, listener.expired().size());
        assertEquals(TestClocks.START + 14_000, listener.ends.get(0).at());
    }

    @Test
    void expirationIsWhatTheGrantOrLastRenewalGave() throws Exception {
        // LE.2.2: the expiration a grant or renewal gives is the lease's until it is renewed again: reads between
        // renewals agree with each other and with the holder's grant, also across a step of the wall clock
        LeaseGrant grant = table.grant("r", 10_000);
        advance(clock, 3_000);
        assertEquals(grant.expiration(), table.expiration(grant.leaseId()));
        clock.setWallTime(clock.currentTimeMillis() + 3_600_000L); // an operator or NTP steps the wall clock
        assertEquals(grant.expiration(), table.expiration(grant.leaseId()), "what the holder was told");
        advance(clock, 6_999);
        assertEquals("r", table.get(grant.leaseId()), "the deadline runs on monotonic time");
        // a renewal runs from the wall clock as it reads now, through renew and renewAll alike
        table.renew(grant.leaseId(), 5_000);
        long renewed = clock.currentTimeMillis() + 5_000;
        assertEquals(renewed, table.expiration(grant.leaseId()));
        advance(clock, 1_000);
        assertEquals(renewed, table.expiration(grant.leaseId()));
        table.renewAll(new long[] {grant.leaseId()}, new long[] {2_000});
        assertEquals(clock.currentTimeMillis() + 2_000, table.expiration(grant.leaseId()));
        advance(clock, 2_000);
        assertThrows(UnknownLeaseException.class, () -> table.expiration(grant.leaseId()));
    }

    @Test
    void deadlineIsOnMonotonicTimeWhateverTheWallClockDoes() throws Exception {
        // LE.2.2: a lease's deadline is its granted duration from the grant or renewal on monotonic time; a step of
        // the wall clock either way moves neither it nor the moment the lease ends
        LeaseGrant grant = table.grant("r", 10_000);
        long deadline = clock.nanoTime() + 10_000_000_000L;
        assertEquals(deadline, table.deadline(grant.leaseId()));
        clock.setWallTime(clock.currentTimeMillis() + 3_600_000L);
        assertEquals(deadline, table.deadline(grant.leaseId()), "an hour ahead");
        clock.setWallTime(clock.currentTimeMillis() - 7_200_000L);
        assertEquals(deadline, table.deadline(grant.leaseId()), "an hour behind");
        advance(clock, 4_000);
        table.renew(grant.leaseId(), 20_000);
        assertEquals(clock.nanoTime() + 20_000_000_000L, table.deadline(grant.leaseId()), "renewed from now");
        advance(clock, 20_000);
        assertEquals(Long.MIN_VALUE, table.deadline(grant.leaseId()), "ended: expired");
        LeaseGrant cancelled = table.grant("c", 10_000);
        table.cancel(cancelled.leaseId());
        assertEquals(Long.MIN_VALUE, table.deadline(cancelled.leaseId()), "ended: cancelled");
        assertEquals(Long.MIN_VALUE, table.deadline(12345L), "unknown");
    }

    @Test
    void renewalToAShorterTermExpiresEarlier() throws Exception {
        // LE.2.2: the new expiration replaces the old one, even when it is sooner
        LeaseGrant grant = table.grant("r", 60_000);
        assertEquals(2_000, table.renew(grant.leaseId(), 2_000));
        advance(clock, 2_000);
        assertEquals(1, listener.expired().size());
        assertEquals(TestClocks.START + 2_000, listener.ends.get(0).at());
    }

    @Test
    void renewalIsCappedAndChecked() throws Exception {
        // LE.2.2: renewals obey the same policy as grants
        LeaseGrant grant = table.grant("r", 1_000);
        assertEquals(60_000, table.renew(grant.leaseId(), Lease.FOREVER));
        assertEquals(10_000, table.renew(grant.leaseId(), Lease.ANY));
        assertThrows(IllegalArgumentException.class, () -> table.renew(grant.leaseId(), 0));
        assertThrows(IllegalArgumentException.class, () -> table.renew(grant.leaseId(), -5));
        assertEquals(TestClocks.START + 10_000, table.expiration(grant.leaseId()));
    }

    @Test
    void unknownAndExpiredLeasesAreUnknown() throws Exception {
        // LE.2.2: UnknownLeaseException for a lease the grantor does not know, including an expired one
        assertThrows(UnknownLeaseException.class, () -> table.renew(12345, 1_000));
        assertThrows(UnknownLeaseException.class, () -> table.cancel(12345));
        assertThrows(UnknownLeaseException.class, () -> table.expiration(12345));
        LeaseGrant grant = table.grant("r", 1_000);
        advance(clock, 1_000);
        assertThrows(UnknownLeaseException.class, () -> table.renew(grant.leaseId(), 1_000));
        assertThrows(UnknownLeaseException.class, () -> table.cancel(grant.leaseId()));
    }

    @Test
    void aLeasePastItsDeadlineIsUnknownBeforeTheTimerRuns() throws Exception {
        // LE.2.2: expiry is a matter of time, not of when the grantor's timer gets round to it
        ManualClock time = TestClocks.manual();
        RecordingListener<String> ends = new RecordingListener<>(time);
        LeaseTable<String> lagging = new LeaseTable<>(TestClocks.withoutTimer(time),
                new LeasePolicy(1_000, 1_000), 10, ends);
        LeaseGrant grant = lagging.grant("r", 1_000);
        advance(time, 1_000);
        assertNull(lagging.get(grant.leaseId()));
        assertThrows(UnknownLeaseException.class, () -> lagging.renew(grant.leaseId(), 1_000));
        assertThrows(UnknownLeaseException.class, () -> lagging.cancel(grant.leaseId()));
        assertTrue(ends.ends.isEmpty(), "the timer owns the expiry callback");
    }

    @Test
    void cancelEndsTheLeaseAtOnceAndTellsTheService() throws Exception {
        // LE.2.2: cancel has the effect of expiry, immediately; no expiry callback follows
        LeaseGrant grant = table.grant("r", 5_000);
        table.cancel(grant.leaseId());
        assertEquals(List.of(new RecordingListener.End(grant.leaseId(), "r", true, TestClocks.START)),
                listener.ends);
        assertNull(table.get(grant.leaseId()));
        assertThrows(UnknownLeaseException.class, () -> table.cancel(grant.leaseId()));
        advance(clock, 10_000);
        assertEquals(1, listener.ends.size());
    }

    @Test
    void removeTakesALeaseOutSilently() throws Exception {
        // LE.2.2: a service may end a lease for its own reasons; the listener reports only holder-visible ends
        LeaseGrant grant = table.grant("r", 5_000);
        assertEquals("r", table.remove(grant.leaseId()));
        assertNull(table.remove(grant.leaseId()));
        advance(clock, 10_000);
        assertTrue(listener.ends.isEmpty());
    }

    @Test
    void oneTimerServesAllLeases() throws Exception {
        // LE.2.2 expiry at scale: one scheduled task for the earliest deadline, not one per lease
        for (int i = 0; i < 1_000; i++) {
            table.grant("r" + i, 1_000 + (i * 7919L) % 50_000);
        }
        assertEquals(1, clock.pending(), clock.describePending().toString());
        advance(clock, 30_000);
        assertEquals(1, clock.pending());
        advance(clock, 30_000);
        assertEquals(1_000, listener.expired().size());
        assertEquals(0, clock.pending());
        long last = 0;
        for (RecordingListener.End end : listener.ends) {
            assertTrue(end.at() >= last, "expiries in deadline order");
            last = end.at();
        }
    }

    @Test
    void tableIsBounded() throws Exception {
        // Bounded tables: the limit gives a clear LeaseDeniedException, and frees up as leases end
        LeaseTable<String> small = new LeaseTable<>(clock, new LeasePolicy(1_000, 1_000), 2, listener);
        small.grant("a", 1_000);
        LeaseGrant b = small.grant("b", 1_000);
        LeaseDeniedException denied = assertThrows(LeaseDeniedException.class, () -> small.grant("c", 1_000));
        assertTrue(denied.getMessage().contains("2"), denied.getMessage());
        small.cancel(b.leaseId());
        small.grant("c", 1_000);
        advance(clock, 1_000);
        small.grant("d", 1_000);
        small.grant("e", 1_000);
    }

    @Test
    void idsAreUniqueAndNeverZero() throws Exception {
        // LE.2.2 leases are told apart by id: never reuse one, even after the lease ended
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            LeaseGrant grant = table.grant("r", 1_000);
            assertNotEquals(0, grant.leaseId());
            assertTrue(seen.add(grant.leaseId()));
            table.cancel(grant.leaseId());
        }
    }

    @Test
    void renewAllRenewsEachLeaseOnItsOwn() throws Exception {
        // LE.2.2 LeaseMap.renewAll: failures are per lease
        LeaseGrant a = table.grant("a", 1_000);
        LeaseGrant b = table.grant("b", 1_000);
        LeaseGrant gone = table.grant("gone", 1_000);
        table.cancel(gone.leaseId());
        RenewResults results = table.renewAll(new long[] {a.leaseId(), gone.leaseId(), b.leaseId(), a.leaseId()},
                new long[] {5_000, 5_000, -7, Lease.ANY});
        assertEquals(4, results.size());
        assertTrue(results.isGranted(0));
        assertEquals(5_000, results.granted(0));
        assertInstanceOf(UnknownLeaseException.class, results.failure(1));
        assertInstanceOf(IllegalArgumentException.class, results.failure(2));
        assertThrows(IllegalStateException.class, () -> results.granted(1));
        assertEquals(10_000, results.granted(3));
        assertEquals(TestClocks.START + 10_000, table.expiration(a.leaseId()));
        assertEquals(TestClocks.START + 1_000, table.expiration(b.leaseId()), "a failed renewal leaves the lease");
    }

    @Test
    void renewAllRejectsBadArrays() {
        // LE.2.2 batch operations: one duration per lease
        assertThrows(IllegalArgumentException.class, () -> table.renewAll(new long[2], new long[1]));
        assertThrows(NullPointerException.class, () -> table.renewAll(null, new long[0]));
        assertThrows(NullPointerException.class, () -> table.renewAll(new long[0], null));
        assertThrows(NullPointerException.class, () -> table.cancelAll(null));
        assertEquals(0, table.renewAll(new long[0], new long[0]).size());
    }

    @Test
    void cancelAllCancelsEachLeaseOnItsOwn() throws Exception {
        // LE.2.2 LeaseMap.cancelAll: unknown leases fail, the rest are cancelled
        LeaseGrant a = table.grant("a", 1_000);
        LeaseGrant b = table.grant("b", 1_000);
        Exception[] failures = table.cancelAll(new long[] {a.leaseId(), 999, b.leaseId()});
        assertNull(failures[0]);
        assertInstanceOf(UnknownLeaseException.class, failures[1]);
        assertNull(failures[2]);
        assertEquals(0, table.size());
        assertEquals(2, listener.cancelled().size());
    }

    @Test
    void restoredLeasesKeepTheirExpiration() throws Exception {
        // LE.2.2 across a restart: a recovered lease expires when it would have, and an overdue one expires now
        table.restore(42, "kept", TestClocks.START + 3_000);
        table.restore(43, "overdue", TestClocks.START - 1);
        table.restore(44, "forever", Lease.FOREVER);
        assertEquals(TestClocks.START + 3_000, table.expiration(42));
        clock.runDue();
        assertEquals(List.of(new RecordingListener.End(43, "overdue", false, TestClocks.START)), listener.ends);
        advance(clock, 3_000);
        assertEquals(2, listener.expired().size());
        assertEquals("forever", table.get(44));
        assertThrows(IllegalArgumentException.class, () -> table.restore(44, "again", TestClocks.START));
        assertThrows(IllegalArgumentException.class, () -> table.restore(0, "zero", TestClocks.START));
        assertThrows(NullPointerException.class, () -> table.restore(45, null, TestClocks.START));
    }

    @Test
    void aFailingCallbackDoesNotStopOtherExpiries() throws Exception {
        // LE.2.2 expiry must happen for every lease, whatever one service callback does
        List<Long> expired = new ArrayList<>();
        LeaseTable<String> t = new LeaseTable<>(clock, new LeasePolicy(1_000, 1_000), 10, (id, r) -> {
            expired.add(id);
            if (r.equals("bad")) {
                throw new IllegalStateException("callback failure (expected in this test)");
            }
        });
        Thread.UncaughtExceptionHandler saved = Thread.currentThread().getUncaughtExceptionHandler();
        List<Throwable> reported = new ArrayList<>();
        Thread.currentThread().setUncaughtExceptionHandler((th, e) -> reported.add(e));
        try {
            t.grant("bad", 1_000);
            t.grant("good", 1_000);
            advance(clock, 1_000);
        } finally {
            Thread.currentThread().setUncaughtExceptionHandler(saved);
        }
        assertEquals(2, expired.size());
        assertEquals(1, reported.size());
        assertEquals(0, t.size());
    }

    @Test
    void closedTableRefusesWork() throws Exception {
        // Bounded lifetime: after close nothing is granted, renewed or expired
        LeaseGrant grant = table.grant("r", 1_000);
        table.close();
        assertThrows(IllegalStateException.class, () -> table.grant("x", 1_000));
        assertThrows(IllegalStateException.class, () -> table.renew(grant.leaseId(), 1_000));
        advance(clock, 5_000);
        assertTrue(listener.ends.isEmpty());
        assertEquals(0, clock.pending());
    }

    @Test
    void leaseIdsListsTheLiveLeases() throws Exception {
        // LE.2.2: the grantor can enumerate what it granted
        long a = table.grant("a", 1_000).leaseId();
        long b = table.grant("b", 2_000).leaseId();
        long[] ids = table.leaseIds();
        java.util.Arrays.sort(ids);
        long[] expected = {Math.min(a, b), Math.max(a, b)};
        assertArrayEquals(expected, ids);
        assertFalse(table.size() != 2);
    }

    @Test
    void anIdSourceGivesTheIdsAndTheTableSkipsZeroAndHeldOnes() throws Exception {
        // a table whose ids must not be guessable takes them from its own source (a SecureRandom in services)
        java.util.PrimitiveIterator.OfLong proposed = java.util.stream.LongStream.of(77, 0, 77, -5, 9).iterator();
        LeaseTable<String> own = new LeaseTable<>(clock, new LeasePolicy(10_000, 60_000), 10, listener,
                proposed::nextLong);
        assertEquals(77, own.grant("a", 1_000).leaseId());
        assertEquals(-5, own.grant("b", 1_000).leaseId(), "0 is reserved and 77 is held");
        own.cancel(77);
        assertEquals(9, own.grant("c", 1_000).leaseId());
        assertThrows(NullPointerException.class,
                () -> new LeaseTable<>(clock, new LeasePolicy(10_000, 60_000), 10, listener, null));
    }

    private long findId(String resource) {
        for (long id : table.leaseIds()) {
            if (resource.equals(table.get(id))) {
                return id;
            }
        }
        return 0;
    }
}
