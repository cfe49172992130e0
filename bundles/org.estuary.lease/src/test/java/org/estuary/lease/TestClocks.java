package org.estuary.lease;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.Clock;
import org.estuary.core.time.ManualClock;

/** Clocks for tests. */
public final class TestClocks {

    /** The wall time every test clock starts at. */
    public static final long START = 1_700_000_000_000L;

    private TestClocks() {
    }

    /** A manual clock at {@link #START}. */
    public static ManualClock manual() {
        return new ManualClock(START);
    }

    /** Moves {@code clock} by {@code millis}. */
    public static void advance(ManualClock clock, long millis) {
        clock.advance(millis, TimeUnit.MILLISECONDS);
    }

    /** A clock that reads {@code time}'s time but never runs scheduled tasks: a timer that has not fired yet. */
    public static Clock withoutTimer(ManualClock time) {
        return withLateTimer(time, new ArrayList<>());
    }

    /**
     * A clock that reads {@code time}'s time and leaves the tasks scheduled on it in {@code timer} (a cancelled one
     * taken out), for the test to run when it chooses: a timer that fires late.
     */
    public static Clock withLateTimer(ManualClock time, List<Runnable> timer) {
        return new Clock() {
            @Override
            public long nanoTime() {
                return time.nanoTime();
            }

            @Override
            public long currentTimeMillis() {
                return time.currentTimeMillis();
            }

            @Override
            public Scheduled schedule(Runnable task, long delay, TimeUnit unit) {
                timer.add(task);
                return () -> timer.remove(task);
            }
        };
    }
}
