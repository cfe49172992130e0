package org.estuary.core.time;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A clock that moves only when a test moves it. {@link #advance} runs every task that falls due, in deadline
 * order, in the calling thread, with the clock reading each task's deadline while it runs. The wall clock can
 * be set independently ({@link #setWallTime}) to show that a wall-clock jump changes no deadline.
 */
@ProviderType
public final class ManualClock implements Clock {

    private final PriorityQueue<Task> tasks = new PriorityQueue<>();
    private long nanos;
    private long wallOffsetMillis;
    private long sequence;

    /** A clock whose wall time starts at {@code epochMillis}. */
    public ManualClock(long epochMillis) {
        // Monotonic readings start far from zero, as System.nanoTime() may, so code cannot rely on a zero origin.
        this.nanos = 1_000_000_000_000L;
        this.wallOffsetMillis = epochMillis - Times.nanosToMillisCeiling(nanos);
    }

    @Override
    public synchronized long nanoTime() {
        return nanos;
    }

    @Override
    public synchronized long currentTimeMillis() {
        return wallOffsetMillis + Math.floorDiv(nanos, 1_000_000L);
    }

    /** Sets the wall clock without moving monotonic time, as an operator or NTP step would. */
    public synchronized void setWallTime(long epochMillis) {
        wallOffsetMillis = epochMillis - Math.floorDiv(nanos, 1_000_000L);
    }

    @Override
    public synchronized Scheduled schedule(Runnable task, long delay, TimeUnit unit) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(unit, "unit");
        long deadline = Times.saturatedAdd(nanos, Math.max(0, unit.toNanos(delay)));
        if (deadline == NEVER) {
            return () -> false;
        }
        Task scheduled = new Task(deadline, sequence++, task);
        tasks.add(scheduled);
        return () -> {
            synchronized (ManualClock.this) {
                return tasks.remove(scheduled);
            }
        };
    }

    /** Moves monotonic (and wall) time forward by {@code amount}, running the tasks that fall due. */
    public void advance(long amount, TimeUnit unit) {
        if (amount < 0) {
            throw new IllegalArgumentException("time moves forward only: " + amount);
        }
        long target;
        synchronized (this) {
            target = Times.saturatedAdd(nanos, unit.toNanos(amount));
        }
        while (true) {
            Task due;
            synchronized (this) {
                due = tasks.peek();
                if (due == null || due.deadline > target) {
                    nanos = Math.max(nanos, target);
                    return;
                }
                tasks.poll();
                nanos = Math.max(nanos, due.deadline);
            }
            due.task.run(); // outside the lock: a task may schedule further tasks
        }
    }

    /** Runs the tasks already due without moving time. */
    public void runDue() {
        advance(0, TimeUnit.NANOSECONDS);
    }

    /** How many tasks wait for a future deadline. */
    public synchronized int pending() {
        return tasks.size();
    }

    /** The tasks waiting, for diagnostics in failing tests. */
    public synchronized List<String> describePending() {
        List<String> result = new ArrayList<>();
        for (Task task : tasks) {
            result.add(task.task + " at +" + (task.deadline - nanos) + " ns");
        }
        return result;
    }

    private static final class Task implements Comparable<Task> {
        final long deadline;
        final long order;
        final Runnable task;

        Task(long deadline, long order, Runnable task) {
            this.deadline = deadline;
            this.order = order;
            this.task = task;
        }

        @Override
        public int compareTo(Task other) {
            int byDeadline = Long.compare(deadline, other.deadline);
            return byDeadline != 0 ? byDeadline : Long.compare(order, other.order);
        }
    }
}
