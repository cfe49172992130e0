package org.estuary.lease.internal;

import java.util.Objects;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.Clock;

/**
 * One timer on a {@link Clock} for the earliest of many deadlines, so that a table of a million leases needs one
 * scheduled task, not a million. {@link #armAt} only ever moves the timer earlier: a wake-up that finds nothing
 * due is cheap and re-arms for the true earliest deadline, which spares a cancel and reschedule on every change.
 * A task that was replaced but fires anyway (its cancel came too late) does nothing.
 *
 * <p>A deadline at or after the one armed takes no lock, so the threads of a table that grant and renew at once do
 * not meet here. That is safe for a caller that files its deadline where the task looks before it calls
 * {@link #armAt}: a firing clears the armed deadline before it runs the task, and the task looks afresh and arms for
 * the earliest deadline it finds, so a caller that read the armed deadline before it was cleared had filed its own
 * before the task looks.
 */
public final class TimerSlot {

    private final Clock clock;
    private final Runnable task;
    private volatile long armedAt = Clock.NEVER;
    private long generation;
    private Clock.Scheduled scheduled;
    private boolean closed;

    /** A timer that runs {@code task} when it fires. */
    public TimerSlot(Clock clock, Runnable task) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.task = Objects.requireNonNull(task, "task");
    }

    /** Makes the timer fire at {@code deadline} (monotonic nanos) unless it fires earlier already. */
    public void armAt(long deadline) {
        if (deadline >= armedAt) {
            return; // fires at or before it already (NEVER is never armed)
        }
        armLocked(deadline);
    }

    private synchronized void armLocked(long deadline) {
        if (closed || deadline >= armedAt) {
            return;
        }
        if (scheduled != null) {
            scheduled.cancel();
        }
        armedAt = deadline;
        long mine = ++generation;
        long delay = Math.max(0, deadline - clock.nanoTime());
        scheduled = clock.schedule(() -> fire(mine), delay, TimeUnit.NANOSECONDS);
    }

    /** Stops the timer for good. */
    public synchronized void close() {
        closed = true;
        generation++;
        armedAt = Clock.NEVER;
        if (scheduled != null) {
            scheduled.cancel();
            scheduled = null;
        }
    }

    /** The deadline the timer is armed for, or {@link Clock#NEVER}. */
    public long armedAt() {
        return armedAt;
    }

    private void fire(long mine) {
        synchronized (this) {
            if (mine != generation) {
                return; // replaced by an earlier deadline or closed
            }
            armedAt = Clock.NEVER;
            scheduled = null;
        }
        task.run();
    }
}
