package org.estuary.bench.renewal;

import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.SystemClock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;

/**
 * Part (c)'s client JVM: client operations of the renewal service from another JVM, as the README's client makes
 * them. Each client loops {@code createLeaseRenewalSet(600 s)}, {@code renewFor} of a fresh lease of this JVM's own
 * exported landlord (600 s), and {@code cancel} of the set's lease: three mutations a loop, each durable before it
 * returns. First the two figures the one-client target is made of, measured here in the same run: the p50 of an
 * Estuary call that writes nothing ({@code getLeases} of an empty set) and the p50 of a 1 KB write +
 * {@code fdatasync} in the store's directory. Args: registry port, directory for the fsync loop, seconds per
 * measurement, warm-up seconds, client counts (comma separated), and optionally the server's standard input (a
 * FIFO), where it writes {@code at=start clients=<n>} and {@code at=end clients=<n>} around each measurement so the
 * server prints its counts then ({@link RenewalServer}). Prints {@code rpc ...}, {@code fsync ...} and one
 * {@code clientops ...} line per client count.
 */
public final class ClientOpsBench {

    static final long SET_MILLIS = 600_000;

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]);
        double seconds = Double.parseDouble(args[2]);
        double warmup = Double.parseDouble(args[3]);
        String[] levels = args[4].split(",");
        PrintStream server = args.length > 5 ? new PrintStream(new FileOutputStream(args[5]), true,
                StandardCharsets.UTF_8) : null;
        try (EstuaryClient estuary = EstuaryClient.connect("127.0.0.1", port);
                SystemClock clock = new SystemClock("bench-client-landlord")) {
            LeaseRenewalService service = estuary.lookup(LeaseRenewalService.class);
            LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(60_000, 60_000), 1_000_000,
                    (id, r) -> { });
            Landlord landlord = estuary.export(Landlord.class, table);
            UUID landlordId = UUID.randomUUID();

            LeaseRenewalSet empty = service.createLeaseRenewalSet(SET_MILLIS);
            long[] rpc = timed(warmup, seconds, empty::getLeases);
            empty.getRenewalSetLease().cancel();
            System.out.printf("rpc calls=%d p50_us=%.1f p99_us=%.1f (getLeases of an empty set)%n", rpc.length,
                    micros(rpc, 0.50), micros(rpc, 0.99));
            long[] sync = fsyncs(dir, Math.max(1, seconds / 2));
            System.out.printf("fsync calls=%d p50_us=%.1f p99_us=%.1f (1 KB write + fdatasync in %s)%n",
                    sync.length, micros(sync, 0.50), micros(sync, 0.99), dir);
            System.out.flush();

            for (String level : levels) {
                int clients = Integer.parseInt(level.trim());
                Loop warm = new Loop(service, table, landlord, landlordId, clock, clients);
                warm.run(warmup);
                Loop loop = new Loop(service, table, landlord, landlordId, clock, clients);
                mark(server, "at=start clients=" + clients);
                loop.run(seconds);
                mark(server, "at=end clients=" + clients);
                System.out.printf("clientops clients=%d seconds=%.1f loops=%d ops_per_s=%.0f create_p50_us=%.1f "
                        + "create_p99_us=%.1f renewfor_p50_us=%.1f renewfor_p99_us=%.1f cancel_p50_us=%.1f "
                        + "cancel_p99_us=%.1f errors=%d%s%n", clients, loop.elapsed, loop.create.length,
                        3 * loop.create.length / loop.elapsed, micros(loop.create, 0.50),
                        micros(loop.create, 0.99), micros(loop.renewFor, 0.50), micros(loop.renewFor, 0.99),
                        micros(loop.cancel, 0.50), micros(loop.cancel, 0.99), loop.errors.get(),
                        loop.firstError == null ? "" : " first_error=" + loop.firstError.replace(' ', '_'));
                System.out.flush();
            }
        }
        System.exit(0); // RMI's non-daemon threads
    }

    /** Asks the server to print its counts, labelled {@code label} (nothing without a server input). */
    private static void mark(PrintStream server, String label) {
        if (server != null) {
            server.println(label);
        }
    }

    interface Call {
        void call() throws Exception;
    }

    /** Calls {@code call} in a loop for {@code warmup} seconds, then for {@code seconds}: the measured latencies. */
    static long[] timed(double warmup, double seconds, Call call) throws Exception {
        long[] samples = new long[1 << 16];
        int count = 0;
        for (int pass = 0; pass < 2; pass++) {
            count = 0;
            long end = System.nanoTime() + (long) ((pass == 0 ? warmup : seconds) * 1e9);
            for (long start = System.nanoTime(); start < end; start = System.nanoTime()) {
                call.call();
                if (count == samples.length) {
                    samples = Arrays.copyOf(samples, count * 2);
                }
                samples[count++] = System.nanoTime() - start;
            }
        }
        long[] result = Arrays.copyOf(samples, count);
        Arrays.sort(result);
        return result;
    }

    /** 1 KB sequential writes, each followed by {@code force(false)} (fdatasync), in a scratch file in {@code dir}. */
    static long[] fsyncs(Path dir, double seconds) throws Exception {
        Files.createDirectories(dir);
        Path file = Files.createTempFile(dir, "fsync", ".bench");
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer block = ByteBuffer.allocateDirect(1024);
            return timed(seconds / 4, seconds, () -> {
                block.clear();
                channel.write(block);
                channel.force(false);
            });
        } finally {
            Files.deleteIfExists(file);
        }
    }

    static double micros(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1e3;
    }

    /** {@code clients} threads, each looping create + renewFor + cancel until the deadline. */
    private static final class Loop {
        final LeaseRenewalService service;
        final LeaseTable<String> table;
        final Landlord landlord;
        final UUID landlordId;
        final SystemClock clock;
        final int clients;
        final AtomicLong errors = new AtomicLong();
        volatile String firstError;
        long[] create;
        long[] renewFor;
        long[] cancel;
        double elapsed;

        Loop(LeaseRenewalService service, LeaseTable<String> table, Landlord landlord, UUID landlordId,
                SystemClock clock, int clients) {
            this.service = service;
            this.table = table;
            this.landlord = landlord;
            this.landlordId = landlordId;
            this.clock = clock;
            this.clients = clients;
        }

        void run(double seconds) throws InterruptedException {
            long[][][] samples = new long[clients][3][];
            int[] counts = new int[clients];
            CountDownLatch start = new CountDownLatch(1);
            long[] window = new long[2];
            Thread[] threads = new Thread[clients];
            for (int c = 0; c < clients; c++) {
                int me = c;
                threads[c] = new Thread(() -> {
                    long[][] mine = {new long[1024], new long[1024], new long[1024]};
                    int count = 0;
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    while (System.nanoTime() < window[1]) {
                        try {
                            LeaseGrant grant = table.grant("bench resource", 60_000);
                            Lease lease = grant.lease(landlord, landlordId, clock);
                            long t0 = System.nanoTime();
                            LeaseRenewalSet set = service.createLeaseRenewalSet(SET_MILLIS);
                            long t1 = System.nanoTime();
                            set.renewFor(lease, SET_MILLIS);
                            long t2 = System.nanoTime();
                            set.getRenewalSetLease().cancel();
                            long t3 = System.nanoTime();
                            table.cancel(grant.leaseId());
                            if (count == mine[0].length) {
                                for (int k = 0; k < 3; k++) {
                                    mine[k] = Arrays.copyOf(mine[k], count * 2);
                                }
                            }
                            mine[0][count] = t1 - t0;
                            mine[1][count] = t2 - t1;
                            mine[2][count] = t3 - t2;
                            count++;
                        } catch (Exception e) {
                            if (errors.getAndIncrement() == 0) {
                                firstError = e.toString();
                            }
                        }
                    }
                    samples[me] = mine;
                    counts[me] = count;
                }, "client-" + c);
                threads[c].setDaemon(true);
                threads[c].start();
            }
            window[0] = System.nanoTime();
            window[1] = window[0] + (long) (seconds * 1e9);
            start.countDown();
            for (Thread thread : threads) {
                thread.join((long) (seconds * 1000) + 60_000);
                if (thread.isAlive()) {
                    throw new IllegalStateException(thread.getName() + " is stuck 60 s past the deadline");
                }
            }
            elapsed = (System.nanoTime() - window[0]) / 1e9;
            create = merge(samples, counts, 0);
            renewFor = merge(samples, counts, 1);
            cancel = merge(samples, counts, 2);
        }

        private static long[] merge(long[][][] samples, int[] counts, int kind) {
            int total = Arrays.stream(counts).sum();
            long[] all = new long[total];
            int at = 0;
            for (int c = 0; c < counts.length; c++) {
                if (samples[c] != null) {
                    System.arraycopy(samples[c][kind], 0, all, at, counts[c]);
                    at += counts[c];
                }
            }
            Arrays.sort(all);
            return all;
        }
    }
}
