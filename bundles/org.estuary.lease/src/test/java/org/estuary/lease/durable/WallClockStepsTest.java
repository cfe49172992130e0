package org.estuary.lease.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.estuary.core.time.ManualClock;
import org.estuary.lease.TestClocks;
import org.junit.jupiter.api.Test;

/** {@link WallClockSteps}: a step is the wall clock moving against the monotonic clock by more than the bound. */
class WallClockStepsTest {

    private final ManualClock clock = TestClocks.manual();
    private final WallClockSteps steps = new WallClockSteps(clock, 2_000);

    @Test
    void timePassingIsNoStep() {
        TestClocks.advance(clock, 3_600_000);
        assertEquals(0, steps.look());
    }

    @Test
    void aStepAheadAndOneBackAreSeenOnceEach() {
        clock.setWallTime(clock.currentTimeMillis() + 3_600_000);
        assertEquals(3_600_000, steps.look());
        assertEquals(0, steps.look(), "the step is the offset the next look compares with");
        TestClocks.advance(clock, 10_000);
        clock.setWallTime(clock.currentTimeMillis() - 3_600_000);
        assertEquals(-3_600_000, steps.look());
    }

    @Test
    void movesWithinTheBoundAreNoStepButAddUpToOne() {
        clock.setWallTime(clock.currentTimeMillis() + 2_000);
        assertEquals(0, steps.look());
        clock.setWallTime(clock.currentTimeMillis() + 1_500);
        assertEquals(3_500, steps.look());
    }

    @Test
    void aNegativeBoundIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new WallClockSteps(clock, -1));
        assertThrows(NullPointerException.class, () -> new WallClockSteps(null, 0));
    }
}
