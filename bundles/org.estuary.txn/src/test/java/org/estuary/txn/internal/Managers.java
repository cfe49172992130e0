package org.estuary.txn.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.estuary.core.time.Clock;
import org.estuary.core.time.ManualClock;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.SerialFilter;
import org.estuary.lease.LeasePolicy;
import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;

/**
 * Builds transaction managers for tests on a manual clock: participants are called on a small pool of real threads,
 * retries and leases wait for the clock. A manager's store outlives it, so a second {@link #start} is a restart.
 */
final class Managers implements AutoCloseable {

    static final long VOTE_MS = 10_000;
    static final long RETRY_MS = 1_000;
    static final long RETENTION_MS = 60_000;

    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    final Marshaller marshaller = Marshallers.builder().classLoader(Managers.class.getClassLoader())
            .filter(SerialFilter.defaults().toBuilder().allow("org.estuary.txn.internal.*").build()).build();
    private final List<TxnManager> started = new ArrayList<>();
    private final List<ThreadPoolExecutor> pools = new ArrayList<>();
    Store store;

    Managers() {
        this(MemoryStores.open());
    }

    Managers(Store store) {
        this.store = store;
    }

    static Settings settings(int maxActive, int maxParticipants) {
        return new Settings(new LeasePolicy(60_000, 600_000), maxActive, maxParticipants, 4, 100, VOTE_MS, RETRY_MS,
                8 * RETRY_MS, VOTE_MS, RETENTION_MS, 10_000);
    }

    TxnManager start() throws Exception {
        return start(settings(100, 10), store);
    }

    /** A manager on {@code store}, recovered from it. */
    TxnManager start(Settings settings, Store on) throws Exception {
        return start(settings, on, clock);
    }

    /** A manager on {@code store} and {@code time}, recovered from the store. */
    TxnManager start(Settings settings, Store on, Clock time) throws Exception {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(settings.threads(), settings.threads(), 1, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(settings.queue()));
        pools.add(pool);
        TxnManager manager = new TxnManager(time, marshaller, settings, pool);
        manager.bindStore(on);
        manager.start();
        started.add(manager);
        return manager;
    }

    /** Lets time pass: due retries, lease expiries and forgetting run. */
    void advance(long millis) {
        clock.advance(millis, TimeUnit.MILLISECONDS);
    }

    /** Waits until a retry of {@code what} (such as "commit of p-3") waits for the clock. */
    void retryScheduled(String what) throws InterruptedException {
        until("a retry of " + what, () -> clock.describePending().stream().anyMatch(t -> t.contains("of " + what)));
    }

    /** Waits until {@code condition} holds: work dispatched to the pool runs on its own threads. */
    static void until(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(5);
        }
    }

    /** A crash: the manager stops where it is (its threads stop, nothing is written any more). */
    void crash(TxnManager manager) {
        manager.close();
    }

    @Override
    public void close() {
        for (TxnManager manager : started) {
            manager.close();
        }
        for (ThreadPoolExecutor pool : pools) {
            pool.shutdownNow();
        }
    }
}
