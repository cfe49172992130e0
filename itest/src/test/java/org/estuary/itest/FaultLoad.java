package org.estuary.itest;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Load on a set of {@link FaultClient}s: {@code threads} threads per client, each calling {@link FaultClient#step}
 * in a loop until {@link #stop()}. A {@code RemoteException} is an indefinite failure, counted and expected while
 * the container is down; any other exception is a wrong answer and is kept for {@link #wrong()}.
 */
final class FaultLoad {

    /** Each thread ends after this many steps even if never stopped (a bounded loop). */
    private static final long MAX_STEPS = 1_000_000;

    private final List<Thread> threads = new ArrayList<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong indefinite = new AtomicLong();
    private final AtomicReference<Throwable> wrong = new AtomicReference<>();

    FaultLoad(List<FaultClient> clients, int threadsPerClient, long seed) {
        int n = 0;
        for (FaultClient client : clients) {
            for (int t = 0; t < threadsPerClient; t++) {
                Random random = new Random(seed + n++);
                Thread thread = new Thread(() -> run(client, random), "fault-load-" + client.name() + "-" + t);
                thread.setDaemon(true);
                threads.add(thread);
            }
        }
        threads.forEach(Thread::start);
    }

    private void run(FaultClient client, Random random) {
        for (long i = 0; i < MAX_STEPS && running.get(); i++) {
            try {
                client.step(random);
            } catch (RemoteException down) {
                indefinite.incrementAndGet();
                pause();
            } catch (Throwable e) {
                wrong.compareAndSet(null, new AssertionError(client.name() + ": a wrong answer under faults", e));
                return;
            }
        }
    }

    /** While the container is down each call fails at once: keep the failing loop from spinning. */
    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the threads and waits for them (bounded: each call has the client's call time-out). */
    void stop() throws InterruptedException {
        running.set(false);
        for (Thread thread : threads) {
            thread.join(120_000);
            if (thread.isAlive()) {
                throw new AssertionError(thread.getName() + " did not stop within 120 s");
            }
        }
    }

    /** Calls that failed indefinitely so far. */
    long indefinite() {
        return indefinite.get();
    }

    /** The first wrong answer, or null. */
    Throwable wrong() {
        return wrong.get();
    }
}
