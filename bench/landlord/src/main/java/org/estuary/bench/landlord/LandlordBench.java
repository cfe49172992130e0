package org.estuary.bench.landlord;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.ManualClock;
import org.estuary.core.time.SystemClock;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;

/**
 * Estuary's side of the landlord benchmark: one {@link LeaseTable} with N leases (default 1,000,000), granted,
 * renewed and expired in process. Prints {@code key=value} lines that bench/landlord/run turns into the table.
 *
 * <ul>
 *   <li>grant: N grants into an empty table, one thread ({@link ManualClock}).</li>
 *   <li>heap: used heap after full GCs, with the N-lease table held, minus the same before the table existed.
 *       Every lease holds the same resource object, so the figure is the table's own cost per lease.</li>
 *   <li>renew: every lease renewed once, in a shuffled order, one thread; with the {@link ManualClock} (moved 1 s
 *       on first, so each renewal extends the lease) and with the {@link SystemClock} (the figure the run reports
 *       as {@code renew_us}); then with the SystemClock from two threads at once (aggregate time per renewal).</li>
 *   <li>expire: the ManualClock is moved past every deadline; the table's expiry timer runs in the advancing
 *       thread and calls the listener once per lease; the time of that {@code advance} over N.</li>
 * </ul>
 *
 * Each figure is the median of {@code rounds} rounds (default 3) after one warm-up round; each round uses new
 * tables. Arguments: {@code [leases] [rounds]}.
 */
public final class LandlordBench {

    private static final long DURATION_MS = 60 * 60 * 1000L;   // one hour: nothing expires during grant/renew
    private static final LeasePolicy POLICY = new LeasePolicy(DURATION_MS, DURATION_MS);
    private static final Object RESOURCE = new Object();      // shared: measure the table, not the resources
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private static volatile Object sink;

    private LandlordBench() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;

        System.out.printf(Locale.ROOT, "estuary leases=%d rounds=%d warmup=1 java=%s heap_max_mb=%d%n", n,
                rounds, System.getProperty("java.version"), Runtime.getRuntime().maxMemory() >> 20);

        // Warm-up: the same code paths at the same size, results discarded.
        manualRound(n, new long[n]);
        systemRound(n, new long[n]);

        double[] grantNs = new double[rounds];
        double[] heap = new double[rounds];
        double[] renewManualNs = new double[rounds];
        double[] expirePerS = new double[rounds];
        double[] renewSystemNs = new double[rounds];
        double[] renew2Ns = new double[rounds];
        long[] ids = new long[n];
        for (int r = 0; r < rounds; r++) {
            double[] m = manualRound(n, ids);
            grantNs[r] = m[0];
            heap[r] = m[1];
            renewManualNs[r] = m[2];
            expirePerS[r] = m[3];
            double[] s = systemRound(n, ids);
            renewSystemNs[r] = s[0];
            renew2Ns[r] = s[1];
            System.out.printf(Locale.ROOT,
                    "estuary round=%d grant_ns=%.1f heap_bytes_per_lease=%.1f renew_manual_ns=%.1f"
                            + " renew_system_ns=%.1f renew_2threads_ns=%.1f expirations_per_s=%.0f%n",
                    r + 1, m[0], m[1], m[2], s[0], s[1], m[3]);
        }
        System.out.printf(Locale.ROOT,
                "estuary result grant_ns=%.1f heap_bytes_per_lease=%.1f renew_manual_ns=%.1f renew_system_ns=%.1f"
                        + " renew_2threads_ns=%.1f expirations_per_s=%.0f%n",
                median(grantNs), median(heap), median(renewManualNs), median(renewSystemNs), median(renew2Ns),
                median(expirePerS));
    }

    /** Grant, heap, renew and expire with a ManualClock: {grant ns, heap bytes/lease, renew ns, expirations/s}. */
    private static double[] manualRound(int n, long[] ids) throws Exception {
        ManualClock clock = new ManualClock(1_700_000_000_000L);
        AtomicLong expired = new AtomicLong();
        long heapBefore = usedHeapAfterGc();

        LeaseTable<Object> table = new LeaseTable<>(clock, POLICY, n, (id, resource) -> expired.incrementAndGet());
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            ids[i] = table.grant(RESOURCE, DURATION_MS).leaseId();
        }
        long grantNs = System.nanoTime() - t0;

        long heapAfter = usedHeapAfterGc();
        double heapPerLease = (double) (heapAfter - heapBefore) / n;

        shuffle(ids, 42);
        clock.advance(1, TimeUnit.SECONDS);
        long renewNs = renewAll(table, ids, 0, n);

        check(table.size() == n, "table holds " + table.size() + " leases before expiry, expected " + n);
        t0 = System.nanoTime();
        clock.advance(2 * DURATION_MS, TimeUnit.MILLISECONDS);
        long expireNs = System.nanoTime() - t0;
        check(expired.get() == n, "expired " + expired.get() + " of " + n + " leases");
        check(table.size() == 0, "table still holds " + table.size() + " leases after expiry");
        table.close();
        sink = table;

        return new double[] {(double) grantNs / n, heapPerLease, (double) renewNs / n, n / (expireNs / 1e9)};
    }

    /** Renew with the SystemClock, one thread then two: {renew ns, aggregate ns per renewal with two threads}. */
    private static double[] systemRound(int n, long[] ids) throws Exception {
        try (SystemClock clock = new SystemClock("landlord-bench")) {
            LeaseTable<Object> table = new LeaseTable<>(clock, POLICY, n, (id, resource) -> { });
            for (int i = 0; i < n; i++) {
                ids[i] = table.grant(RESOURCE, DURATION_MS).leaseId();
            }
            shuffle(ids, 7);
            usedHeapAfterGc();
            long oneThreadNs = renewAll(table, ids, 0, n);

            long[] took = new long[2];
            Exception[] failure = new Exception[2];
            Thread[] threads = new Thread[2];
            int half = n / 2;
            long t0 = System.nanoTime();
            for (int t = 0; t < 2; t++) {
                int from = t == 0 ? 0 : half;
                int to = t == 0 ? half : n;
                int index = t;
                threads[t] = new Thread(() -> {
                    try {
                        took[index] = renewAll(table, ids, from, to);
                    } catch (Exception e) {
                        failure[index] = e;
                    }
                }, "renewer-" + t);
                threads[t].start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            long twoThreadsNs = System.nanoTime() - t0;
            for (Exception e : failure) {
                if (e != null) {
                    throw e;
                }
            }
            check(table.size() == n, "table holds " + table.size() + " leases, expected " + n);
            table.close();
            return new double[] {(double) oneThreadNs / n, (double) twoThreadsNs / n};
        }
    }

    private static long renewAll(LeaseTable<?> table, long[] ids, int from, int to) throws UnknownLeaseException {
        long total = 0;
        long t0 = System.nanoTime();
        for (int i = from; i < to; i++) {
            total += table.renew(ids[i], DURATION_MS);
        }
        long took = System.nanoTime() - t0;
        check(total == (long) (to - from) * DURATION_MS, "renewals granted an unexpected duration");
        return took;
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, MEMORY.getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    private static void shuffle(long[] values, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long v = values[i];
            values[i] = values[j];
            values[j] = v;
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int m = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException(message);
        }
    }
}
