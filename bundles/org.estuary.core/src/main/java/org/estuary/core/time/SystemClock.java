package org.estuary.core.time;

import java.util.Objects;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.estuary.core.concurrent.Pools;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The JVM's clocks: {@link System#nanoTime()} for deadlines, {@link System#currentTimeMillis()} for the API's
 * absolute times, and one daemon timer thread. {@link #close()} stops the timer.
 */
@ProviderType
public final class SystemClock implements Clock, AutoCloseable {

    private final ScheduledThreadPoolExecutor timer;

    /** A clock whose timer thread is named after {@code name}. */
    public SystemClock(String name) {
        Objects.requireNonNull(name, "name");
        timer = new ScheduledThreadPoolExecutor(1, Pools.daemonThreads(name));
        // Cancelled lease timers must not pile up in the queue until their (possibly distant) deadline.
        timer.setRemoveOnCancelPolicy(true);
        timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public long currentTimeMillis() {
        return System.currentTimeMillis();
    }

    @Override
    public Scheduled schedule(Runnable task, long delay, TimeUnit unit) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(unit, "unit");
        long nanos = unit.toNanos(delay);
        if (nanos == Long.MAX_VALUE) {
            return () -> false; // never due
        }
        ScheduledFuture<?> future = timer.schedule(task, Math.max(0, nanos), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
