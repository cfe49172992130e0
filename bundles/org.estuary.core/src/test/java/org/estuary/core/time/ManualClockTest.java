package org.estuary.core.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class ManualClockTest {

    private final ManualClock clock = new ManualClock(1_000_000L);

    @Test
    void tasksRunInDeadlineOrderSeeingTheirOwnDeadline() {
        List<String> ran = new ArrayList<>();
        long start = clock.nanoTime();
        clock.schedule(() -> ran.add("b@" + (clock.nanoTime() - start)), 20, TimeUnit.MILLISECONDS);
        clock.schedule(() -> ran.add("a@" + (clock.nanoTime() - start)), 10, TimeUnit.MILLISECONDS);
        clock.schedule(() -> ran.add("c"), 31, TimeUnit.MILLISECONDS);
        clock.advance(30, TimeUnit.MILLISECONDS);
        assertEquals(List.of("a@10000000", "b@20000000"), ran);
        assertEquals(1, clock.pending());
        assertEquals(start + 30_000_000L, clock.nanoTime());
    }

    @Test
    void aTaskMayScheduleAnotherThatFallsDueInTheSameAdvance() {
        List<Long> ran = new ArrayList<>();
        long start = clock.nanoTime();
        clock.schedule(() -> {
            ran.add(clock.nanoTime() - start);
            clock.schedule(() -> ran.add(clock.nanoTime() - start), 5, TimeUnit.MILLISECONDS);
        }, 5, TimeUnit.MILLISECONDS);
        clock.advance(10, TimeUnit.MILLISECONDS);
        assertEquals(List.of(5_000_000L, 10_000_000L), ran);
    }

    @Test
    void cancelledTasksDoNotRun() {
        List<String> ran = new ArrayList<>();
        Clock.Scheduled scheduled = clock.schedule(() -> ran.add("x"), 1, TimeUnit.SECONDS);
        assertTrue(scheduled.cancel());
        assertFalse(scheduled.cancel());
        clock.advance(2, TimeUnit.SECONDS);
        assertTrue(ran.isEmpty());
    }

    @Test
    void aWallClockJumpMovesNoDeadline() {
        long deadline = clock.deadlineAfterMillis(1_000);
        long expiration = clock.wallTimeOfDeadline(deadline);
        assertEquals(clock.currentTimeMillis() + 1_000, expiration);
        clock.setWallTime(clock.currentTimeMillis() + 3_600_000L);
        assertEquals(deadline, clock.deadlineAfterMillis(1_000));
        // the same deadline now reads as an hour later on the wall
        assertEquals(expiration + 3_600_000L, clock.wallTimeOfDeadline(deadline));
    }

    @Test
    void foreverIsNeverDue() {
        // LE.2.2: Lease.FOREVER (Long.MAX_VALUE) as an absolute time never arrives
        assertEquals(Clock.NEVER, clock.deadlineOfWallTime(Long.MAX_VALUE));
        assertEquals(Long.MAX_VALUE, clock.wallTimeOfDeadline(Clock.NEVER));
        assertEquals(Clock.NEVER, clock.deadlineAfterMillis(Long.MAX_VALUE - 1));
        List<String> ran = new ArrayList<>();
        clock.schedule(() -> ran.add("x"), Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        clock.advance(365L * 24 * 3600, TimeUnit.SECONDS);
        assertTrue(ran.isEmpty());
    }

    @Test
    void wallTimesInThePastGiveDeadlinesInThePast() {
        long deadline = clock.deadlineOfWallTime(clock.currentTimeMillis() - 5_000);
        assertTrue(deadline < clock.nanoTime());
    }

    @Test
    void timeMovesForwardOnly() {
        assertThrows(IllegalArgumentException.class, () -> clock.advance(-1, TimeUnit.NANOSECONDS));
        assertThrows(NullPointerException.class, () -> clock.schedule(null, 1, TimeUnit.SECONDS));
    }
}
