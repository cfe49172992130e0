package org.estuary.store.api.testing;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A service's client operations measured against what its store and its remote calls allow, the same way in every
 * benchmark: a call repeated in a loop ({@link #timed}), a 1 KB write + {@code fdatasync} in the store's directory
 * ({@link #fsyncs}), and client threads each looping a sequence of operations ({@link #run}, once
 * {@link #warmUp} found them steady). The targets they make: one client's operation p50 at most an RPC's p50 plus
 * two fsyncs' p50 ({@link #target}), and many clients' operations/s at least half the store's raw rate with as many
 * writers.
 */
public final class ClientOps {

    private ClientOps() {
    }

    /** One call. */
    @FunctionalInterface
    public interface Call {
        void call() throws Exception;
    }

    /** One client's loop: one pass through its operations, each timed by {@link Lap#done} in turn. */
    @FunctionalInterface
    public interface Client {
        void loop(Lap lap) throws Exception;
    }

    /** Times a client's operations one after the other within a pass of its loop. */
    public static final class Lap {
        private final long[][] samples;
        private int count;
        private long since;

        Lap(int operations) {
            samples = new long[operations][1024];
        }

        /** The clock of the first operation starts now (work before it is not timed). */
        public void start() {
            since = System.nanoTime();
        }

        /** Operation {@code op} returned: its latency since {@link #start} or the operation before. */
        public void done(int op) {
            long now = System.nanoTime();
            if (count == samples[op].length) {
                for (int k = 0; k < samples.length; k++) {
                    samples[k] = Arrays.copyOf(samples[k], count * 2);
                }
            }
            samples[op][count] = now - since;
            since = now;
        }

        /** The pass ended with every operation done. */
        void completed() {
            count++;
        }
    }

    /** {@code call} in a loop for {@code warmup} seconds, then for {@code seconds}: the latencies measured, sorted. */
    public static long[] timed(double warmup, double seconds, Call call) throws Exception {
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
    public static long[] fsyncs(Path dir, double seconds) throws Exception {
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

    /** The {@code p} quantile of {@code sorted} nanoseconds, in microseconds (NaN without samples). */
    public static double micros(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
        return sorted[Math.max(0, index)] / 1e3;
    }

    /** One client's target for an operation's p50: an RPC's p50 plus two fsyncs' p50 (µs). */
    public static double target(long[] rpc, long[] fsync) {
        return micros(rpc, 0.5) + 2 * micros(fsync, 0.5);
    }

    /** Prints {@code rpc ...} and {@code fsync ...} lines of the two figures {@link #target} is made of. */
    public static void printReference(long[] rpc, String rpcCall, long[] fsync, Path dir) {
        System.out.printf("rpc calls=%d p50_us=%.1f p99_us=%.1f (%s)%n", rpc.length, micros(rpc, 0.50),
                micros(rpc, 0.99), rpcCall);
        System.out.printf("fsync calls=%d p50_us=%.1f p99_us=%.1f (1 KB write + fdatasync in %s)%n", fsync.length,
                micros(fsync, 0.50), micros(fsync, 0.99), dir);
        System.out.flush();
    }

    /**
     * {@code clients} threads, each looping its own {@link Client} (made by {@code clients.apply(index)}) for
     * {@code seconds}; a pass that throws counts as an error and is not timed.
     *
     * @param names the operations of a pass, in the order {@link Lap#done} is called with 0, 1, ...
     */
    public static Result run(int clients, double seconds, String[] names,
            java.util.function.IntFunction<Client> factory) throws InterruptedException {
        Lap[] laps = new Lap[clients];
        Client[] loops = new Client[clients];
        for (int c = 0; c < clients; c++) {
            laps[c] = new Lap(names.length);
            loops[c] = factory.apply(c);
        }
        AtomicLong errors = new AtomicLong();
        String[] firstError = new String[1];
        CountDownLatch start = new CountDownLatch(1);
        long[] window = new long[2];
        Thread[] threads = new Thread[clients];
        for (int c = 0; c < clients; c++) {
            Lap lap = laps[c];
            Client loop = loops[c];
            threads[c] = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                while (System.nanoTime() < window[1]) {
                    try {
                        loop.loop(lap);
                        lap.completed();
                    } catch (Exception e) {
                        if (errors.getAndIncrement() == 0) {
                            synchronized (firstError) {
                                firstError[0] = e.toString();
                            }
                        }
                    }
                }
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
        double elapsed = (System.nanoTime() - window[0]) / 1e9;
        long[][] sorted = new long[names.length][];
        int loopsDone = 0;
        for (Lap lap : laps) {
            loopsDone += lap.count;
        }
        for (int op = 0; op < names.length; op++) {
            long[] all = new long[loopsDone];
            int at = 0;
            for (Lap lap : laps) {
                System.arraycopy(lap.samples[op], 0, all, at, lap.count);
                at += lap.count;
            }
            Arrays.sort(all);
            sorted[op] = all;
        }
        synchronized (firstError) {
            return new Result(clients, names, sorted, loopsDone, elapsed, errors.get(), firstError[0]);
        }
    }

    /**
     * The shortest {@link #warmUp}: about how long a server JVM started for a benchmark on two processors keeps its
     * compiler threads busy once the client operations start.
     */
    private static final double MIN_WARMUP_SECONDS = 20;
    /** The longest {@link #warmUp}. */
    private static final double MAX_WARMUP_SECONDS = 40;
    /** {@link #warmUp}'s windows. */
    private static final double WARMUP_WINDOW_SECONDS = 2;
    /** A window whose passes/s rise no more than this fraction over the window before is steady. */
    private static final double STEADY_RISE = 0.05;

    /**
     * Runs {@code clients} as {@link #run} does, unmeasured, until both JVMs are warm: for {@code minSeconds} or
     * {@link #MIN_WARMUP_SECONDS}, whichever is longer, then in windows of {@value #WARMUP_WINDOW_SECONDS} s until a
     * window's passes/s rise no more than 5 % over the window before, at most {@link #MAX_WARMUP_SECONDS} in all. A
     * server JVM started for the benchmark compiles its remote and store paths for tens of seconds, its compiler
     * threads taking processors from the calls: measured then, one client's latency was twice its warm figure and the
     * server's CPU per operation nearly twice. Prints {@code warmup clients=<n> seconds=<s> passes_per_s=<last
     * window's>}.
     */
    public static void warmUp(int clients, double minSeconds, String[] names,
            java.util.function.IntFunction<Client> factory) throws InterruptedException {
        long start = System.nanoTime();
        run(clients, Math.max(minSeconds, MIN_WARMUP_SECONDS), names, factory);
        double previous = -1;
        double rate;
        do {
            Result window = run(clients, WARMUP_WINDOW_SECONDS, names, factory);
            rate = window.loops / window.elapsed;
            if (previous > 0 && rate <= previous * (1 + STEADY_RISE)) {
                break;
            }
            previous = rate;
        } while ((System.nanoTime() - start) / 1e9 + WARMUP_WINDOW_SECONDS <= MAX_WARMUP_SECONDS);
        System.out.printf("warmup clients=%d seconds=%.1f passes_per_s=%.0f%n", clients,
                (System.nanoTime() - start) / 1e9, rate);
        System.out.flush();
    }

    /** What {@link #run} measured. */
    public static final class Result {
        public final int clients;
        public final String[] names;
        /** Per operation, its latencies in nanoseconds, sorted. */
        public final long[][] sorted;
        public final int loops;
        public final double elapsed;
        public final long errors;
        public final String firstError;

        Result(int clients, String[] names, long[][] sorted, int loops, double elapsed, long errors,
                String firstError) {
            this.clients = clients;
            this.names = names;
            this.sorted = sorted;
            this.loops = loops;
            this.elapsed = elapsed;
            this.errors = errors;
            this.firstError = firstError;
        }

        /** Operations per second, every operation of a pass counted. */
        public double opsPerSecond() {
            return names.length * loops / elapsed;
        }

        /**
         * {@code clientops clients=<n> seconds=<n> loops=<n> ops_per_s=<n> <op>_p50_us=<n> <op>_p99_us=<n> ...
         * errors=<n>}, and the first error's text if any.
         */
        public String line() {
            StringBuilder line = new StringBuilder(String.format("clientops clients=%d seconds=%.1f loops=%d "
                    + "ops_per_s=%.0f", clients, elapsed, loops, opsPerSecond()));
            for (int op = 0; op < names.length; op++) {
                line.append(String.format(" %s_p50_us=%.1f %s_p99_us=%.1f", names[op], micros(sorted[op], 0.50),
                        names[op], micros(sorted[op], 0.99)));
            }
            line.append(" errors=").append(errors);
            if (firstError != null) {
                line.append(" first_error=").append(firstError.replace(' ', '_'));
            }
            return line.toString();
        }
    }
}
