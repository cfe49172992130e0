package org.estuary.txn.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.estuary.core.time.Clock;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.SerialFilter;
import org.estuary.lease.LeasePolicy;
import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.testing.ServiceHarness;

/**
 * Transaction managers for tests ({@link ServiceHarness}): a manual clock (or the clock given), a store kept across
 * restarts (memory unless given); participants are called on a small pool of real threads, retries and leases wait
 * for the clock.
 */
final class Managers extends ServiceHarness<TxnManager> {

    static final long VOTE_MS = 10_000;
    static final long RETRY_MS = 1_000;
    static final long RETENTION_MS = 60_000;
    static final long SLOW_CALL_MS = 2_000;

    final Marshaller marshaller = Marshallers.builder().classLoader(Managers.class.getClassLoader())
            .filter(SerialFilter.defaults().toBuilder().allow("org.estuary.txn.internal.*").build()).build();
    private final Clock time;
    private final List<ThreadPoolExecutor> pools = new ArrayList<>();
    private Settings settings;
    private Supplier<String> callers = () -> null;

    /** On a memory store. */
    Managers() {
        this(MemoryStores.open());
    }

    /** On {@code store}, which the caller closes; managers on the harness's manual clock. */
    Managers(Store store) {
        super(store);
        this.time = clock;
    }

    /** On {@code store}, which the caller closes; managers on {@code time}. */
    Managers(Store store, Clock time) {
        super(store);
        this.time = time;
    }

    static Settings settings(int maxActive, int maxParticipants) {
        return settings(maxActive, maxActive, maxParticipants);
    }

    static Settings settings(int maxActive, int maxActivePerClient, int maxParticipants) {
        return settings(maxActive, maxActivePerClient, maxParticipants, 100);
    }

    /** {@code queue}: calls to participants waiting for one of the 4 threads; beyond, they wait for the clock. */
    static Settings settings(int maxActive, int maxActivePerClient, int maxParticipants, int queue) {
        return new Settings(new LeasePolicy(60_000, 600_000), maxActive, maxActivePerClient, maxParticipants, 4, queue,
                VOTE_MS, RETRY_MS,
                8 * RETRY_MS, VOTE_MS, RETENTION_MS, 10_000, SLOW_CALL_MS, 64);
    }

    /** The next managers take {@code clients} for who calls (a client's address), instead of no one (this JVM). */
    void callersFrom(Supplier<String> clients) {
        callers = clients;
    }

    /** A manager with {@code with}, recovered from the store: a restart if one ran before. */
    TxnManager start(Settings with) throws Exception {
        settings = with;
        return super.start();
    }

    /** A manager with {@code settings(100, 10)}, recovered from the store. */
    @Override
    public TxnManager start() throws Exception {
        return start(settings(100, 10));
    }

    @Override
    protected TxnManager create() {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(settings.threads(), settings.threads(), 1, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(settings.queue()));
        pools.add(pool);
        return new TxnManager(time, marshaller, settings, pool, callers);
    }

    @Override
    protected void bind(TxnManager manager, Store bound) {
        manager.bindStore(bound);
    }

    @Override
    protected void unbind(TxnManager manager, Store unbound) {
        manager.unbindStore(unbound);
    }

    @Override
    protected void recover(TxnManager manager) throws Exception {
        manager.start();
    }

    @Override
    protected void stop(TxnManager manager) {
        manager.close();
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

    /** Stops the running manager and every pool its managers called participants on. */
    @Override
    public void close() {
        super.close();
        for (ThreadPoolExecutor pool : pools) {
            pool.shutdownNow();
        }
    }
}
