package org.estuary.core.concurrent;

import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The executors Estuary creates: a fixed number of threads, so load never adds threads, and a bounded queue, so it
 * never grows the heap without limit; threads are daemons (a component that fails to stop them does not keep the
 * JVM alive) and named after their owner, so a thread dump says whose they are.
 */
@ProviderType
public final class Pools {

    /** How long an idle thread waits for work before it ends; the next task starts a new one. */
    static final long IDLE_SECONDS = 60;

    private Pools() {
    }

    /**
     * Daemon threads named {@code name-1}, {@code name-2}, ... in the order they are created.
     *
     * @throws NullPointerException if {@code name} is null
     */
    public static ThreadFactory daemonThreads(String name) {
        Objects.requireNonNull(name, "name");
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /**
     * An executor of at most {@code threads} {@link #daemonThreads daemon threads} named after {@code name} and a
     * queue of at most {@code queue} waiting tasks. A task beyond both is refused:
     * {@link ThreadPoolExecutor#execute} throws {@link RejectedExecutionException}, which the caller turns into its
     * own bounded behaviour (a failed attempt, a refused call). Threads idle for a minute end and start again on
     * demand. The caller shuts it down ({@code shutdownNow} as an activation's undo).
     *
     * @throws IllegalArgumentException if {@code threads} or {@code queue} is not positive
     * @throws NullPointerException if {@code name} is null
     */
    public static ThreadPoolExecutor bounded(String name, int threads, int queue) {
        if (threads < 1 || queue < 1) {
            throw new IllegalArgumentException(name + ": threads and queue must be at least 1, not " + threads
                    + " and " + queue);
        }
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(queue), daemonThreads(name));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
