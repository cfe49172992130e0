package org.estuary.bench.renewal;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The renewal service's executor as {@code RenewalComponent} builds it (fixed threads, bounded queue, rejecting
 * when full), counting tasks so the benchmark can wait until every renewal handed to it has completed.
 */
final class CountingPool implements Executor {

    private final ThreadPoolExecutor pool;
    private final AtomicLong submitted = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();

    CountingPool(String name, int threads, int queue) {
        AtomicInteger count = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue),
                task -> {
                    Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
    }

    @Override
    public void execute(Runnable task) {
        submitted.incrementAndGet();
        try {
            pool.execute(() -> {
                try {
                    task.run();
                } finally {
                    completed.incrementAndGet();
                }
            });
        } catch (RuntimeException rejected) {
            submitted.decrementAndGet();
            throw rejected;
        }
    }

    /** Waits until every task handed over so far has run (bounded: 10 minutes, then fails). */
    void awaitIdle() {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (completed.get() < submitted.get()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("renewals did not complete within 10 minutes");
            }
            LockSupport.parkNanos(20_000);
        }
    }

    void shutdownNow() {
        pool.shutdownNow();
    }
}
