package org.estuary.lease;

import static org.estuary.lease.TestClocks.advance;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.LeaseDeniedException;

import org.estuary.core.time.Clock;
import org.estuary.core.time.ManualClock;
import org.junit.jupiter.api.Test;

/**
 * The table's parts: leases spread over independently locked parts by their ids still make one table, bounded as a
 * whole, whose leases expire in the order of their deadlines whatever part holds them.
 */
class LeaseTablePartsTest {

    private static final int THREADS = 4;

    private final ManualClock clock = TestClocks.manual();
    private final RecordingListener<String> listener = new RecordingListener<>(clock);

    @Test
    void leasesOfAllPartsDueTogetherExpireInDeadlineOrder() throws Exception {
        // LE.2.2: a lease ends at its deadline; when the timer runs late, the leases found due are told in the
        // order of their deadlines, across parts: consecutive ids take the parts in turn, and each lease granted
        // here ends before the one granted before it
        List<Runnable> timer = new ArrayList<>();
        Clock late = TestClocks.withLateTimer(clock, timer);
        int leases = 4 * LeaseTable.MAX_PARTS;
        LeaseTable<String> table = new LeaseTable<>(late, new LeasePolicy(60_000, 60_000),
                LeaseTable.MAX_PARTS * LeaseTable.LEASES_PER_PART, listener);
        List<Long> granted = new ArrayList<>();
        for (int i = 0; i < leases; i++) {
            granted.add(table.grant("r" + i, 10_000 - 10L * i).leaseId());
        }
        advance(clock, 10_000); // every deadline passed, the timer not run yet
        assertEquals(1, timer.size(), "one timer for all parts");
        for (int runs = 0; !timer.isEmpty() && runs < 3; runs++) {
            timer.remove(0).run(); // a run that takes as many leases as the table held looks once more
        }
        assertEquals(leases, listener.expired().size());
        for (int i = 0; i < leases; i++) {
            assertEquals(granted.get(leases - 1 - i), listener.ends.get(i).leaseId(), "expiry " + i);
        }
        assertEquals(0, table.size());
        assertTrue(timer.isEmpty(), "nothing left to expire");
    }

    @Test
    void theBoundHoldsForTheWholeTableWhenThreadsGrantAtOnce() throws Exception {
        // LE.2.2 with a bounded table: threads granting at once into different parts get exactly maxLeases
        // leases between them, each with an id of its own, and a LeaseDeniedException beyond
        int max = LeaseTable.MAX_PARTS * LeaseTable.LEASES_PER_PART;
        LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(60_000, 60_000), max, listener);
        List<Future<List<Long>>> grants = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            for (int t = 0; t < THREADS; t++) {
                grants.add(threads.submit(grantUntilDenied(table, max)));
            }
            Set<Long> ids = new HashSet<>();
            for (Future<List<Long>> each : grants) {
                for (long id : each.get(30, TimeUnit.SECONDS)) {
                    assertTrue(ids.add(id), "id " + id + " granted twice");
                }
            }
            assertEquals(max, ids.size());
            assertEquals(max, table.size());
            assertEquals(max, table.leaseIds().length);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void threadsGrantingAndRemovingAtOnceLeaveEveryLeaseAccountedFor() throws Exception {
        // LE.2.2: grants, cancellations and removals of different leases at once, in different parts: each lease
        // ends once, through the listener only when cancelled, and the table counts what it holds
        int rounds = 2_000;
        LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(60_000, 60_000),
                LeaseTable.MAX_PARTS * LeaseTable.LEASES_PER_PART, listener);
        List<Future<Long>> kept = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try {
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                kept.add(threads.submit(() -> {
                    long last = 0;
                    for (int i = 0; i < rounds; i++) {
                        long id = table.grant("t" + thread, 60_000).leaseId();
                        if (i % 2 == 0) {
                            assertEquals("t" + thread, table.remove(id));
                        } else if (i < rounds - 1) {
                            table.cancel(id);
                        } else {
                            last = id;
                        }
                    }
                    return last;
                }));
            }
            Set<Long> live = new HashSet<>();
            for (Future<Long> each : kept) {
                live.add(each.get(30, TimeUnit.SECONDS));
            }
            assertEquals(THREADS, table.size());
            assertEquals(live, toSet(table.leaseIds()));
            assertEquals(THREADS * (rounds / 2 - 1), listener.cancelled().size());
            assertTrue(listener.expired().isEmpty());
            advance(clock, 60_000);
            assertEquals(THREADS, listener.expired().size());
            for (long id : live) {
                assertNull(table.get(id));
            }
            assertEquals(0, table.size());
        } finally {
            threads.shutdownNow();
        }
    }

    private static Callable<List<Long>> grantUntilDenied(LeaseTable<String> table, int max) {
        return () -> {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i <= max; i++) {
                try {
                    ids.add(table.grant("r", 60_000).leaseId());
                } catch (LeaseDeniedException full) {
                    assertFalse(full.getMessage().isEmpty());
                    return ids;
                }
            }
            throw new AssertionError("granted more than the table's " + max + " leases");
        };
    }

    private static Set<Long> toSet(long[] ids) {
        Set<Long> set = new HashSet<>();
        for (long id : ids) {
            set.add(id);
        }
        return set;
    }
}
