package org.estuary.itest;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
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

    private final List<FaultClient> clients;
    private final int threadsPerClient;
    private final long seed;
    /** How many times the threads were started (only the thread that starts and stops the load touches it). */
    private int rounds;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong indefinite = new AtomicLong();
    private final AtomicReference<Throwable> wrong = new AtomicReference<>();
    /** The time of each acknowledged step in microseconds, by client name. */
    private final java.util.Map<String, java.util.Queue<Long>> latencies = new java.util.concurrent.ConcurrentHashMap<>();

    FaultLoad(List<FaultClient> clients, int threadsPerClient, long seed) {
        this.clients = List.copyOf(clients);
        this.threadsPerClient = threadsPerClient;
        this.seed = seed;
        start();
    }

    /** Starts {@code threadsPerClient} threads per client, each with a random of its own (seed, round, thread). */
    private void start() {
        running.set(true);
        threads.clear();
        int n = 0;
        for (FaultClient client : clients) {
            for (int t = 0; t < threadsPerClient; t++) {
                Random random = new Random(seed + 1_000_003L * rounds + n++);
                Thread thread = new Thread(() -> run(client, random), "fault-load-" + client.name() + "-" + t);
                thread.setDaemon(true);
                threads.add(thread);
            }
        }
        rounds++;
        threads.forEach(Thread::start);
    }

    /**
     * Stops the load, runs {@code action} with no call of the load in flight (a check of the clients' records, which
     * also pulls what the mailbox clients were sent), and starts the load again; counts and latencies go on.
     */
    <T> T paused(Callable<T> action) throws Exception {
        stop();
        try {
            return action.call();
        } finally {
            start();
        }
    }

    private void run(FaultClient client, Random random) {
        for (long i = 0; i < MAX_STEPS && running.get(); i++) {
            long start = System.nanoTime();
            try {
                client.step(random);
                latencies.computeIfAbsent(client.name(), name -> new java.util.concurrent.ConcurrentLinkedQueue<>())
                        .add((System.nanoTime() - start) / 1_000);
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

    /**
     * Waits (bounded by {@code limit}) until every client has an acknowledgement it did not have at the call: each
     * service serves again. Fails with the first wrong answer, or on time-out with the clients that got none and
     * where their threads are, and {@code karaf}'s log.
     */
    void awaitProgress(RunningDistribution karaf, java.time.Duration limit) throws InterruptedException {
        long[] before = clients.stream().mapToLong(FaultClient::acknowledged).toArray();
        try {
            karaf.await("every service acknowledging calls of its old proxies", limit, () -> {
                if (wrong() != null) {
                    return true;
                }
                for (int i = 0; i < before.length; i++) {
                    if (clients.get(i).acknowledged() <= before[i]) {
                        return false;
                    }
                }
                return true;
            });
        } catch (AssertionError timedOut) {
            throw new AssertionError(stalled(before), timedOut);
        }
        if (wrong() != null) {
            throw new AssertionError(wrong());
        }
    }

    /** The clients without an acknowledgement since {@code before}, each with the stacks of its load threads. */
    private String stalled(long[] before) {
        StringBuilder text = new StringBuilder(indefinite() + " calls failed indefinitely; no acknowledgement from:");
        for (int i = 0; i < before.length; i++) {
            FaultClient client = clients.get(i);
            if (client.acknowledged() > before[i]) {
                continue;
            }
            text.append(' ').append(client.name());
            for (Thread thread : threads) {
                if (thread.getName().startsWith("fault-load-" + client.name() + "-")) {
                    text.append("\n  ").append(thread.getName()).append(' ').append(thread.getState());
                    for (StackTraceElement frame : thread.getStackTrace()) {
                        text.append("\n    at ").append(frame);
                    }
                }
            }
        }
        return text.toString();
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

    /** Per client name: acknowledged steps, p50, p99 and maximum in microseconds, from the start of the load. */
    String latencies() {
        StringBuilder text = new StringBuilder();
        for (var entry : new java.util.TreeMap<>(latencies).entrySet()) {
            long[] sorted = entry.getValue().stream().mapToLong(Long::longValue).sorted().toArray();
            if (sorted.length == 0) {
                continue;
            }
            text.append(text.length() == 0 ? "" : "; ").append(entry.getKey()).append(": n=").append(sorted.length)
                    .append(" p50_us=").append(sorted[sorted.length / 2])
                    .append(" p99_us=").append(sorted[(int) Math.min(sorted.length - 1, sorted.length * 99L / 100)])
                    .append(" max_us=").append(sorted[sorted.length - 1]);
        }
        return text.toString();
    }

    /** The first wrong answer, or null. */
    Throwable wrong() {
        return wrong.get();
    }
}
