package org.estuary.bench.renewal;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Closed-loop load: CLIENTS independent clients, each renewing its own lease again as soon as its previous renewal
 * returned, multiplexed round-robin over at most THREADS threads (a client's next renewal waits for its thread).
 * Latency is one call's, from sending to the answer. Both sides of the comparison run through this same driver.
 */
final class Driver {

    /** One client's renewal of its own lease. */
    interface Client {
        void renew() throws Exception;
    }

    /** What a run measured. */
    static final class Result {
        final long calls;
        final long errors;
        final double seconds;
        final long[] sortedNanos;
        final String firstError;

        Result(long calls, long errors, double seconds, long[] sortedNanos, String firstError) {
            this.calls = calls;
            this.errors = errors;
            this.seconds = seconds;
            this.sortedNanos = sortedNanos;
            this.firstError = firstError;
        }

        double perSecond() {
            return calls / seconds;
        }

        double percentileMicros(double p) {
            if (sortedNanos.length == 0) {
                return Double.NaN;
            }
            int index = (int) Math.min(sortedNanos.length - 1, Math.ceil(p * sortedNanos.length) - 1);
            return sortedNanos[Math.max(0, index)] / 1e3;
        }
    }

    /** Runs the clients for {@code seconds} (every thread stops at the deadline after its call in progress). */
    static Result run(List<Client> clients, int threads, double seconds) throws InterruptedException {
        int n = Math.min(threads, clients.size());
        long[][] samples = new long[n][];
        int[] counts = new int[n];
        AtomicLong errors = new AtomicLong();
        String[] firstError = new String[1];
        CountDownLatch start = new CountDownLatch(1);
        Thread[] workers = new Thread[n];
        long[] window = new long[2];
        for (int t = 0; t < n; t++) {
            int me = t;
            workers[t] = new Thread(() -> {
                long[] mine = new long[4096];
                int count = 0;
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                long deadline = window[1];
                int next = me;
                while (true) {
                    Client client = clients.get(next);
                    next += n;
                    if (next >= clients.size()) {
                        next = me;
                    }
                    long sent = System.nanoTime();
                    if (sent >= deadline) {
                        break;
                    }
                    try {
                        client.renew();
                        long took = System.nanoTime() - sent;
                        if (count == mine.length) {
                            mine = Arrays.copyOf(mine, count * 2);
                        }
                        mine[count++] = took;
                    } catch (Exception e) {
                        if (errors.getAndIncrement() == 0) {
                            firstError[0] = e.toString();
                        }
                    }
                }
                samples[me] = mine;
                counts[me] = count;
            }, "driver-" + t);
            workers[t].setDaemon(true);
            workers[t].start();
        }
        window[0] = System.nanoTime();
        window[1] = window[0] + (long) (seconds * 1e9);
        start.countDown(); // the latch publishes the window to the workers
        for (Thread worker : workers) {
            worker.join(Math.max(1, (long) (seconds * 1000) + 60_000));
            if (worker.isAlive()) {
                throw new IllegalStateException(worker.getName() + " is stuck in a call 60 s past the deadline");
            }
        }
        double elapsed = (System.nanoTime() - window[0]) / 1e9;
        int total = 0;
        for (int c : counts) {
            total += c;
        }
        long[] all = new long[total];
        int at = 0;
        for (int t = 0; t < n; t++) {
            System.arraycopy(samples[t], 0, all, at, counts[t]);
            at += counts[t];
        }
        Arrays.sort(all);
        return new Result(total, errors.get(), elapsed, all, firstError[0]);
    }
}
