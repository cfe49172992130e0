package org.estuary.bench.renewal;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.core.time.ManualClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.renewal.testing.RenewalServices;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;
import org.estuary.store.memory.testing.MemoryStores;

/**
 * Part (a): LEASES client leases in SETS renewal sets of one renewal service on the memory store, granted by
 * LANDLORDS in-process landlords ({@link BenchLandlord}), renewed for SECONDS of wall time.
 *
 * <p>Time is a {@link ManualClock}: the bench moves it forward one second at a time and waits until every renewal
 * that fell due has been applied, so the service renews as fast as it can, with no idle gaps and no lease ever
 * expiring. Renewals run on a pool of {@code renewal.threads} (4, the component's default) like the component's,
 * the agenda's timer in the advancing thread. Landlords grant 60 s at most, so with the default 30 s lead each
 * lease is renewed once per 25-30 simulated seconds; leases are added over 30 simulated seconds (100 chunks) so their renewals
 * spread over the 5 s batch windows of the default configuration.
 *
 * <p>Prints one line {@code inprocess key=value ...}.
 */
public final class InProcessBench {

    static final long LEASE_MILLIS = 60_000;

    public static void main(String[] args) throws Exception {
        int leases = Integer.parseInt(args[0]);
        int setCount = Integer.parseInt(args[1]);
        int landlordCount = Integer.parseInt(args[2]);
        double seconds = Double.parseDouble(args[3]);
        int perSet = leases / setCount;

        ManualClock clock = new ManualClock(1_700_000_000_000L);
        Store store = memoryStore(4L * leases, 8L << 30);
        Marshaller marshaller = Marshallers.builder().classLoader(InProcessBench.class.getClassLoader()).build();
        CountingPool pool = new CountingPool("bench-renewal", 4, 10_000); // renewal.threads, renewal.queue
        EventDelivery delivery = new EventDelivery(clock, Runnable::run, DeliveryConfig.defaults());
        RenewalServices.Running service = RenewalServices.start(clock, marshaller, store, pool, delivery);
        LeaseRenewalService renewals = service.proxy();
        System.err.println("inprocess: service " + RenewalServices.settings());

        LeaseRenewalSet[] sets = new LeaseRenewalSet[setCount];
        for (int s = 0; s < setCount; s++) {
            sets[s] = renewals.createLeaseRenewalSet(Lease.FOREVER); // capped at set.lease.maximum.ms (1 day)
        }
        BenchLandlord[] landlords = new BenchLandlord[landlordCount];
        for (int l = 0; l < landlordCount; l++) {
            landlords[l] = new BenchLandlord(clock, LEASE_MILLIS, leases / landlordCount + 1);
        }
        // The clients' leases, kept as ids only, so that what the service holds is all that is added below.
        long[] ids = new long[leases];
        long[] expirations = new long[leases];
        long heapEmpty = usedHeapAfterGc();
        for (int i = 0; i < leases; i++) {
            long[] grant = landlords[i % landlordCount].grant();
            ids[i] = grant[0];
            expirations[i] = grant[1];
        }
        long heapBefore = usedHeapAfterGc();
        long recordsBefore = store.stats().records();
        long bytesBefore = store.stats().bytes();

        // Lease i goes to set i / perSet; consecutive leases of a set come from different landlords, so a set's leases
        // batch with other sets' leases of the same landlord (LR.1: LeaseMap batching across sets). Sets are filled a
        // chunk at a time by as many client threads as there are CPUs; after each chunk the clock moves on, so the
        // first renewals (due at once) and all later ones spread over 30 simulated seconds.
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long addCpu0 = os.getProcessCpuTime();
        long started = System.nanoTime();
        int chunks = Math.min(100, setCount);
        long step = TimeUnit.SECONDS.toNanos(30) / chunks;
        for (int chunk = 0; chunk < chunks; chunk++) {
            int from = (int) ((long) setCount * chunk / chunks);
            int to = (int) ((long) setCount * (chunk + 1) / chunks);
            IntStream.range(from * perSet, to * perSet).parallel().forEach(i -> {
                try {
                    sets[i / perSet].renewFor(landlords[i % landlordCount].lease(ids[i], expirations[i]),
                            Lease.FOREVER);
                } catch (Exception e) {
                    throw new IllegalStateException("renewFor failed for client lease " + i, e);
                }
            });
            clock.advance(step, TimeUnit.NANOSECONDS); // renews the new leases (they are due at once)
        }
        pool.awaitIdle();
        double addSeconds = (System.nanoTime() - started) / 1e9;
        double addCpuSeconds = (os.getProcessCpuTime() - addCpu0) / 1e9;
        long[] counts = service.counts();
        long heapHeld = usedHeapAfterGc();
        StoreStats held = store.stats();
        System.err.printf("inprocess: %d leases in %d sets added in %.1f s (%.1f us and %.1f CPU-us each: renewFor "
                + "and the first renewal); service holds %d sets, %d leases%n", leases, setCount, addSeconds,
                addSeconds * 1e6 / leases, addCpuSeconds * 1e6 / leases, counts[0], counts[1]);

        // Steady state: move time on, let every renewal due complete, repeat, for `seconds` of wall time.
        long renewed0 = service.renewals();
        long failures0 = service.failures();
        long commits0 = store.stats().commits();
        long cpu0 = os.getProcessCpuTime();
        long wall0 = System.nanoTime();
        long deadline = wall0 + (long) (seconds * 1e9);
        long simulated = 0;
        while (System.nanoTime() < deadline) {
            clock.advance(1, TimeUnit.SECONDS);
            simulated++;
            pool.awaitIdle();
        }
        long wall = System.nanoTime() - wall0;
        long cpu = os.getProcessCpuTime() - cpu0;
        long renewed = service.renewals() - renewed0;
        long failures = service.failures() - failures0;
        long commits = store.stats().commits() - commits0;

        // Sanity: every client lease is still alive at its landlord and in the service.
        long now = clock.currentTimeMillis();
        int alive = 0;
        for (int i = 0; i < leases; i += Math.max(1, leases / 10_000)) {
            alive += landlords[i % landlordCount].expiration(ids[i]) > now ? 1 : 0;
        }
        long[] after = service.counts();

        System.out.printf("inprocess leases=%d sets=%d landlords=%d renewal_threads=4 cpus=%d seconds=%.1f "
                + "simulated_s=%d renewals=%d renewals_per_s=%.0f cpu_us_per_renewal=%.2f "
                + "store_commits_per_renewal=%.2f heap_bytes_per_lease=%.0f store_bytes_per_lease=%.0f "
                + "store_records=%d add_us_per_lease=%.1f failures=%d leases_held=%d sample_alive=%d%n",
                leases, setCount, landlordCount, Runtime.getRuntime().availableProcessors(), wall / 1e9, simulated,
                renewed, renewed / (wall / 1e9), cpu / 1e3 / Math.max(1, renewed), (double) commits / Math.max(1,
                        renewed), (double) (heapHeld - heapBefore) / leases,
                (double) (held.bytes() - bytesBefore) / leases, held.records() - recordsBefore,
                addSeconds * 1e6 / leases, failures, after[1], alive);

        // The memory store's share of the heap: drop its lease records (the service reads them only when it
        // recovers) and measure again. Done last, so the renewals above ran with the records in place.
        List<String> keys = new ArrayList<>();
        store.scan(RenewalServices.leaseSpace(), (key, value) -> keys.add(key));
        for (int from = 0; from < keys.size(); from += 10_000) {
            Batch.Builder batch = Batch.builder();
            for (String key : keys.subList(from, Math.min(keys.size(), from + 10_000))) {
                batch.delete(RenewalServices.leaseSpace(), key);
            }
            store.applyAndWait(batch.build(), 60, TimeUnit.SECONDS);
        }
        keys.clear();
        long heapWithoutRecords = usedHeapAfterGc();
        System.out.printf("inprocess_heap store_heap_bytes_per_lease=%.0f service_heap_bytes_per_lease=%.0f "
                + "landlord_heap_bytes_per_lease=%.0f%n", (double) (heapHeld - heapWithoutRecords) / leases,
                (double) (heapWithoutRecords - heapBefore) / leases, (double) (heapBefore - heapEmpty) / leases);

        service.close();
        pool.shutdownNow();
        for (BenchLandlord landlord : landlords) {
            landlord.close();
        }
    }

    /** Used heap after repeated full collections (as bench/landlord measures it). */
    static long usedHeapAfterGc() throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    /** A memory store with room for the benchmark (its defaults hold 1,000,000 records). */
    static Store memoryStore(long maxRecords, long maxBytes) {
        return MemoryStores.open(Map.of("max_records", maxRecords, "max_bytes", maxBytes));
    }
}
