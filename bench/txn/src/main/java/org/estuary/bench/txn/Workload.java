package org.estuary.bench.txn;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs one transaction (begin, enlist, commit) in a loop on {@code threads} threads for a warm-up and then a
 * measured time, and prints {@code point side=... participants=... threads=... commits_per_s=... p50_us=...
 * p99_us=... errors=...}.
 */
final class Workload {

    /** One transaction of a thread; {@code thread} tells the threads' own participants apart. */
    interface Transaction {
        void run(int thread) throws Exception;
    }

    /** The loop body of one point, with the participants it needs made for each of its threads. */
    interface Point {
        Transaction prepare(int participants, int threads);
    }

    private Workload() {
    }

    /** Runs every point: participant counts, then thread counts, each as {@link #run} does. */
    static void points(String side, String threadCounts, String participantCounts, double seconds, double warmup,
            Point point) throws InterruptedException {
        for (String p : participantCounts.split(",")) {
            int participants = Integer.parseInt(p);
            for (String t : threadCounts.split(",")) {
                int threads = Integer.parseInt(t);
                run(side, participants, threads, seconds, warmup, point.prepare(participants, threads));
            }
        }
    }

    static void run(String side, int participants, int threads, double seconds, double warmup, Transaction body)
            throws InterruptedException {
        AtomicLong errors = new AtomicLong();
        long[][] latencies = new long[threads][];
        int[] counts = new int[threads];
        long warmupEnd = System.nanoTime() + (long) (warmup * 1e9);
        long end = warmupEnd + (long) (seconds * 1e9);
        CountDownLatch done = new CountDownLatch(threads);
        Throwable[] firstError = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Thread worker = new Thread(() -> {
                // the thread's own count and samples, published once at the end: a shared array written per
                // transaction would move its cache line between the processors at every commit
                long[] mine = new long[1 << 16];
                int count = 0;
                try {
                    long now;
                    while ((now = System.nanoTime()) < end) {
                        try {
                            body.run(thread);
                        } catch (Exception e) {
                            if (errors.incrementAndGet() == 1) {
                                firstError[0] = e;
                            }
                        }
                        long after = System.nanoTime();
                        if (now >= warmupEnd) {
                            if (count == mine.length) {
                                mine = Arrays.copyOf(mine, count * 2);
                            }
                            mine[count++] = after - now;
                        }
                    }
                } finally {
                    latencies[thread] = mine;
                    counts[thread] = count;
                    done.countDown();
                }
            }, "bench-" + t);
            worker.setDaemon(true);
            worker.start();
        }
        if (!done.await((long) (warmup + seconds) * 4 + 60, TimeUnit.SECONDS)) {
            throw new IllegalStateException(side + ": the workers did not finish");
        }
        int total = 0;
        for (int c : counts) {
            total += c;
        }
        long[] all = new long[total];
        int at = 0;
        for (int t = 0; t < threads; t++) {
            System.arraycopy(latencies[t], 0, all, at, counts[t]);
            at += counts[t];
        }
        Arrays.sort(all);
        long p50 = total == 0 ? 0 : all[total / 2] / 1000;
        long p99 = total == 0 ? 0 : all[Math.min(total - 1, (int) (total * 0.99))] / 1000;
        System.out.printf("point side=%s participants=%d threads=%d commits_per_s=%.0f p50_us=%d p99_us=%d errors=%d%n",
                side, participants, threads, total / seconds, p50, p99, errors.get());
        if (firstError[0] != null) {
            System.err.println(side + ": first error: " + firstError[0]);
            firstError[0].printStackTrace();
        }
    }
}
