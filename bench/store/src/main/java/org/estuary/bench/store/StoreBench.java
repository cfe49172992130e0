package org.estuary.bench.store;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.SyncCountingStore;
import org.estuary.store.jdbc.testing.JdbcStores;
import org.estuary.store.jdbc.testing.PostgresServer;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.store.rocksdb.testing.RocksStores;

/**
 * The store benchmark: first the disk's own limit (fio, {@code --rw=write --ioengine=sync --fdatasync=1}, when
 * it is installed, and a Java loop of 1 KB write + fdatasync in any case), then batches of one 1 KB record with 1, 8
 * and 64 concurrent writers on each backend, each writer waiting for its acknowledgement. Prints records/s, syncs/s,
 * records per sync, p99 latency and records/s ÷ fsync limit per run, then a churn run on the default
 * embedded store and its summary line ({@code store:}).
 *
 * <p>Backends: bare (not a store: {@link BareGroupCommit}, what this machine allows any group commit), bare2 (the
 * same with two syncs in flight, past the disk's rate for one sync at a time), rocksdb (the default embedded store),
 * jdbc (a private PostgreSQL the benchmark starts, like the jdbc store's tests), mvstore (H2's MVStore with a group
 * commit of its own, another embedded engine to compare with) and memory.
 */
public final class StoreBench {

    /** One backend: how to open it in a directory, count its syncs (-1 if it has none) and close it. */
    interface Backend {
        Store open(Path dir) throws Exception;

        long syncs(Store store);

        /** Nanoseconds spent inside {@code fdatasync} so far, or -1 when the backend cannot tell. */
        default long syncNanos(Store store) {
            return -1;
        }

        void close(Store store) throws Exception;

        /** Called once after the backend's last run. */
        default void shutdown() throws Exception {
        }
    }

    /** The bare group commit with {@code syncThreads} rounds in flight at most (BareGroupCommit). */
    static Backend bare(int syncThreads, int minBatches) {
        return new Backend() {
            @Override
            public Store open(Path dir) throws Exception {
                return new BareGroupCommit(dir, syncThreads, minBatches);
            }

            @Override
            public long syncs(Store store) {
                return ((BareGroupCommit) store).syncs();
            }

            @Override
            public long syncNanos(Store store) {
                return ((BareGroupCommit) store).syncNanos();
            }

            @Override
            public void close(Store store) throws Exception {
                ((BareGroupCommit) store).close();
            }
        };
    }

    /** An embedded store that counts its syncs, opened in a directory by {@code open}. */
    static Backend counted(java.util.function.Function<Path, SyncCountingStore> open) {
        return new Backend() {
            private final Map<Store, SyncCountingStore> opened = new java.util.IdentityHashMap<>();

            @Override
            public Store open(Path dir) {
                SyncCountingStore store = open.apply(dir);
                opened.put(store.store(), store);
                return store.store();
            }

            @Override
            public long syncs(Store store) {
                return opened.get(store).syncs();
            }

            @Override
            public long syncNanos(Store store) {
                return opened.get(store).syncNanos();
            }

            @Override
            public void close(Store store) {
                opened.remove(store).close();
            }
        };
    }

    /**
     * The embedded store's sync.mode: {@code -Destuary.bench.sync=none} measures what the store carries without the
     * disk (its CPU ceiling), beside the fsync runs of the default.
     */
    static final String SYNC = System.getProperty("estuary.bench.sync", "fsync");

    /** The default embedded store's backend, whose runs the {@code store:} line sums up (its engine's name too). */
    static final String EMBEDDED = "rocksdb";

    /** The backends, in the order they run. */
    static final Map<String, Backend> BACKENDS = new LinkedHashMap<>();

    static {
        // Not a store: what this machine allows any group commit (BareGroupCommit), run first with the same writers;
        // then the same with two syncs in flight, a second round once 10 batches wait: what overlapping syncs allow.
        BACKENDS.put("bare", bare(1, 1));
        BACKENDS.put("bare2", bare(2, 10));
        BACKENDS.put(EMBEDDED, counted(dir -> RocksStores.syncCounting(dir, Map.of("sync_mode", SYNC,
                "max_bytes", 1L << 30))));
        BACKENDS.put("jdbc", new Backend() {
            private final Map<Store, SyncCountingStore> open = new java.util.IdentityHashMap<>();
            private PostgresServer server;
            private int run;

            @Override
            public Store open(Path dir) throws Exception {
                if (server == null) {
                    server = PostgresServer.startOrThrow("bench");
                }
                // A fresh table per run, so every run starts empty as the embedded store's does.
                SyncCountingStore jdbc = JdbcStores.commitCounting(server.dataSource("estuary-bench"),
                        "bench" + (run++) + "_");
                open.put(jdbc.store(), jdbc);
                return jdbc.store();
            }

            @Override
            public long syncs(Store store) {
                return open.get(store).syncs();
            }

            @Override
            public void close(Store store) {
                open.remove(store).close();
            }

            @Override
            public void shutdown() throws Exception {
                if (server != null) {
                    server.close();
                }
            }
        });
        BACKENDS.put("mvstore", new Backend() {
            @Override
            public Store open(Path dir) {
                return new MvStoreStore(dir.resolve("store.mv.db"));
            }

            @Override
            public long syncs(Store store) {
                return ((MvStoreStore) store).syncs();
            }

            @Override
            public void close(Store store) throws Exception {
                ((MvStoreStore) store).close();
            }
        });
        BACKENDS.put("memory", new Backend() {
            @Override
            public Store open(Path dir) {
                return MemoryStores.open(Map.of("max_bytes", 1L << 30));
            }

            @Override
            public long syncs(Store store) {
                return -1;
            }

            @Override
            public void close(Store store) {
                MemoryStores.close(store);
            }
        });
    }

    /** Writer counts: 1, 8 and 64; {@code -Destuary.bench.writers=64} runs one (for profiling). */
    static final int[] WRITERS = java.util.stream.Stream.of(System.getProperty("estuary.bench.writers", "1,8,64")
            .split(",")).mapToInt(w -> Integer.parseInt(w.trim())).toArray();
    static final int RECORD = 1024;
    /**
     * Keys per writer, written round robin. 100 by default: a steady state of overwrites (64 writers: 6,400 live
     * records), where the embedded store's compaction keeps its files few and small, as fio writes over its laid-out
     * file. That is the state the services' stores live in (leases renewed and expired, events delivered and
     * dropped). {@code -Destuary.bench.keys=10000} grows the store through the run instead.
     */
    static final int KEYS = Integer.getInteger("estuary.bench.keys", 100);
    /**
     * Keys per writer of the embedded store's extra 64-writer run, which grows the store through the run (64 writers:
     * 640,000 records): memtables fill and are flushed into table files while the writers wait on WAL syncs.
     */
    static final int GROWING_KEYS = 10_000;

    /**
     * One run's numbers; syncBusy is the share of the run the store spent inside {@code fdatasync} (near 1: the disk's
     * sync time is the limit, not the store), syncMicros the mean time of one; both -1 when the backend cannot tell.
     * cpuCores is the whole JVM's CPU over the run (writers, store and GC: near the machine's cores, the CPU is the
     * limit; for jdbc, PostgreSQL's own processes are not in it), cpuMicrosPerRecord the same CPU per record written
     * (-1 when none was).
     */
    record Result(double recordsPerSecond, double syncsPerSecond, double recordsPerSync, double p99Millis,
            double syncBusy, double syncMicros, double cpuCores, double cpuMicrosPerRecord) {

        /** The numbers of a run of {@code records} from {@code start}; sorts {@code latencies} (nanoseconds). */
        static Result of(Backend backend, Store store, Counters before, long start, long records, long[] latencies) {
            double elapsed = (System.nanoTime() - start) / 1e9;
            long cpuNanos = processCpuNanos() - before.cpuNanos;
            long syncs = backend.syncs(store) - before.syncs;
            long syncNanos = backend.syncNanos(store) - before.syncNanos;
            Arrays.sort(latencies);
            double p99 = latencies.length == 0 ? 0 : latencies[(int) Math.min(latencies.length - 1,
                    Math.ceil(latencies.length * 0.99) - 1)] / 1e6;
            boolean counted = before.syncs >= 0 && syncs > 0;
            boolean timed = counted && before.syncNanos >= 0;
            return new Result(records / elapsed, before.syncs < 0 ? -1 : syncs / elapsed,
                    counted ? (double) records / syncs : -1, p99, timed ? syncNanos / 1e9 / elapsed : -1,
                    timed ? syncNanos / 1e3 / syncs : -1, cpuNanos / 1e9 / elapsed,
                    records == 0 ? -1 : cpuNanos / 1e3 / records);
        }
    }

    /** A backend's sync counters and the JVM's CPU time when a run starts. */
    record Counters(long syncs, long syncNanos, long cpuNanos) {
        static Counters of(Backend backend, Store store) {
            return new Counters(backend.syncs(store), backend.syncNanos(store), processCpuNanos());
        }
    }

    /** CPU time of the whole JVM so far, every thread and the GC's: what the writers and the store share. */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        long seconds = Long.parseLong(args[1]);
        // BACKEND: one backend or a comma-separated list (bare,rocksdb: the store beside the bare group commit)
        java.util.Set<String> only = args.length > 2 ? java.util.Set.of(args[2].split(",")) : null;
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, Java "
                + System.getProperty("java.version") + ", data in " + data);
        // First the disk's own limit. fio is the reference when installed (apt-get install fio); the
        // Java loop does what a write-ahead log does (1 KB writes into a file laid out with zeros, fdatasync each).
        double java = javaFsyncLimit(data.resolve("fsync.probe"), seconds);
        System.out.printf("disk: java_fdatasync_per_s=%.0f (FileChannel.write 1 KB + force(false), sequential in a "
                + "16 MB file laid out with zeros, one thread)%n", java);
        double fio = fioFsyncLimit(data, seconds, 1);
        if (fio > 0) {
            System.out.printf("disk: fio_fdatasync_per_s=%.0f (fio --rw=write --ioengine=sync --fdatasync=1 --bs=1k "
                    + "--size=16m --time_based, in the data directory)%n", fio);
        } else {
            System.out.println("disk: fio not installed (apt-get install fio); the Java loop is the limit");
        }
        double fsync = fio > 0 ? fio : java;
        String probe = fio > 0 ? "fio" : "java";
        Map<String, Result> summary = new LinkedHashMap<>();
        for (Map.Entry<String, Backend> backend : BACKENDS.entrySet()) {
            if (only != null && !only.contains(backend.getKey())) {
                continue;
            }
            // Warm-up, not measured: a second of each shape the runs take (1, 8 and 64 thread writers, 64 async
            // ones), so that no measured run pays for the JIT compiling the paths it is the first to take. With one
            // writer only, the 64-writer runs of -Destuary.bench.writers=64 spent 13 % of the CPU in C2.
            Path warm = data.resolve(backend.getKey() + "-warmup");
            Files.createDirectories(warm);
            for (int writers : new int[] {1, 8, 64}) {
                run(backend.getValue(), warm, writers, 1, KEYS);
            }
            runAsync(backend.getValue(), warm, 64, 1, KEYS);
            for (boolean async : new boolean[] {false, true}) {
                for (int writers : WRITERS) {
                    if (async && writers == 1) {
                        continue; // one writer waits for each batch either way
                    }
                    String mode = async ? "async" : "threads";
                    Path dir = data.resolve(backend.getKey() + "-" + writers + "-" + mode);
                    Files.createDirectories(dir);
                    Result r = async ? runAsync(backend.getValue(), dir, writers, seconds, KEYS)
                            : run(backend.getValue(), dir, writers, seconds, KEYS);
                    print(backend.getKey(), writers, mode, KEYS, r, fsync);
                    if (backend.getKey().equals(EMBEDDED) || backend.getKey().startsWith("bare")) {
                        summary.put(backend.getKey() + (async ? " a" : " w") + writers, r);
                    }
                }
            }
            if (backend.getKey().equals(EMBEDDED) && IntStream.of(WRITERS).anyMatch(w -> w == 64)) {
                // The same 64 writers on a store that grows through the run: the store also flushes memtables
                // into table files and compacts them, which fio's reference never pays for.
                Path dir = data.resolve(EMBEDDED + "-64-threads-growing");
                Files.createDirectories(dir);
                Result r = run(backend.getValue(), dir, 64, seconds, GROWING_KEYS);
                print(backend.getKey(), 64, "threads", GROWING_KEYS, r, fsync);
                summary.put(EMBEDDED + " w64 growing", r);
            }
        }
        Churn churn = null;
        // BACKEND "churn" runs the churn alone (after the disk's limit), without the embedded store's other runs.
        if (CHURN_SECONDS > 0 && (only == null || only.contains(EMBEDDED) || only.contains(CHURN))) {
            Path dir = data.resolve(EMBEDDED + "-churn");
            Files.createDirectories(dir);
            churn = churn(BACKENDS.get(EMBEDDED), dir, CHURN_WRITERS, CHURN_SECONDS);
            System.out.printf("backend=%s churn writers=%d seconds=%d window_s=%d first_window_records_per_s=%.0f "
                    + "last_window_records_per_s=%.0f churn_ratio=%.2f first_window_syncs_per_s=%.0f "
                    + "last_window_syncs_per_s=%.0f first_window_sync_us=%.0f last_window_sync_us=%.0f "
                    + "first_window_cpu_us_per_record=%.1f last_window_cpu_us_per_record=%.1f dir_mb_max=%.1f "
                    + "dir_mb_end=%.1f live_records_end=%d%n", EMBEDDED, CHURN_WRITERS, CHURN_SECONDS,
                    churn.windowSeconds, churn.first.recordsPerSecond, churn.last.recordsPerSecond, churn.ratio(),
                    churn.first.syncsPerSecond, churn.last.syncsPerSecond, churn.first.syncMicros,
                    churn.last.syncMicros, churn.first.cpuMicrosPerRecord, churn.last.cpuMicrosPerRecord,
                    churn.dirMaxBytes / 1e6, churn.dirEndBytes / 1e6, churn.liveEnd);
        }
        for (Map.Entry<String, Backend> backend : BACKENDS.entrySet()) {
            if (only == null || only.contains(backend.getKey())) {
                backend.getValue().shutdown();
            }
        }
        if (summary.containsKey(EMBEDDED + " w1") && summary.containsKey(EMBEDDED + " w64")
                && summary.containsKey(EMBEDDED + " a64")) {
            Result w1 = summary.get(EMBEDDED + " w1");
            Result w64 = summary.get(EMBEDDED + " w64");
            Result a64 = summary.get(EMBEDDED + " a64");
            StringBuilder bare = new StringBuilder();
            if (summary.containsKey("bare w64") && summary.containsKey("bare a64")) {
                // The same ratios for the bare group commit: how far this machine lets any store go.
                bare.append(String.format(" bare_w64_records_per_sync=%.1f bare_w64_ratio=%.2f "
                        + "bare_w64_async_ratio=%.2f bare_w64_cpu_cores=%.2f", summary.get("bare w64").recordsPerSync,
                        ratio(summary.get("bare w64"), fsync), ratio(summary.get("bare a64"), fsync),
                        summary.get("bare w64").cpuCores));
            }
            if (summary.containsKey(EMBEDDED + " w64 growing")) {
                Result growing = summary.get(EMBEDDED + " w64 growing");
                bare.insert(0, String.format(" w64_growing_records_per_sync=%.1f w64_growing_ratio=%.2f",
                        growing.recordsPerSync, ratio(growing, fsync)));
            }
            if (summary.containsKey("bare2 w64")) {
                // Two syncs in flight: past the disk's rate for one sync at a time, when the store costs little.
                bare.append(String.format(" bare2_w64_records_per_sync=%.1f bare2_w64_ratio=%.2f",
                        summary.get("bare2 w64").recordsPerSync, ratio(summary.get("bare2 w64"), fsync)));
            }
            // What the disk allows at the size a 64-writer group syncs (its records in one write, then fdatasync):
            // the fsync limit above is for 1 KB writes, and a bigger write may take the disk longer to sync.
            String disk = "";
            if (fio > 0) {
                int groupKb = (int) Math.max(1, Math.round(w64.recordsPerSync * RECORD / 1024.0));
                double atGroup = fioFsyncLimit(data, seconds, groupKb);
                System.out.printf("disk: fio_fdatasync_per_s=%.0f at --bs=%dk (the bytes of one 64-writer group)%n",
                        atGroup, groupKb);
                // Beside w64_ratio (against the 1 KB limit): the 64 writers' syncs/s against what the disk allows
                // syncs of their group's size, one at a time; no group commit with one sync in flight passes 1.
                disk = String.format(" w64_group_fsync_limit_per_s=%.0f w64_group_ratio=%.2f", atGroup,
                        w64.syncsPerSecond / atGroup);
            }
            System.out.printf("store: fsync_limit_per_s=%.0f single_writer_ratio=%.2f w64_records_per_sync=%.1f "
                    + "w64_ratio=%.2f w64_sync_busy=%s w64_cpu_cores=%.2f w64_cpu_us_per_record=%.1f "
                    + "w64_async_records_per_sync=%.1f w64_async_ratio=%.2f%s%s probe=%s engine=%s churn_ratio=%s%n",
                    fsync, w1.recordsPerSecond / fsync, w64.recordsPerSync, ratio(w64, fsync),
                    orNa(w64.syncBusy, "%.2f"), w64.cpuCores, w64.cpuMicrosPerRecord,
                    a64.recordsPerSync, ratio(a64, fsync), disk, bare, probe, EMBEDDED,
                    churn == null ? "n/a" : String.format("%.2f", churn.ratio()));
        }
    }

    /**
     * The churn workload's length, in seconds: 180 (the short form, whose churn_ratio is the target's), 600 for the
     * long form ({@code bench/run store 5 "" churn 600}, which sets {@code estuary.bench.churn.seconds}), 0 to
     * leave it out.
     */
    static final int CHURN_SECONDS = Integer.getInteger("estuary.bench.churn.seconds", 180);
    static final int CHURN_WRITERS = 8;
    /** Records each churn writer keeps live: it deletes the record it put this many batches before. */
    static final int CHURN_LIVE = 100;

    /** The backend name that runs the churn alone: {@code bench/run store 5 "" churn 600}. */
    static final String CHURN = "churn";

    /**
     * A churn run: its first and last window (a minute, or a third of a shorter run), the data directory's largest
     * and final size, the live records at the end.
     */
    record Churn(int windowSeconds, Window first, Window last, long dirMaxBytes, long dirEndBytes, long liveEnd) {
        double ratio() {
            return last.recordsPerSecond / first.recordsPerSecond;
        }
    }

    /**
     * One window of a churn run: records/s, and what tells the disk from the store when the rate moves: WAL syncs/s,
     * the mean time of one sync (the disk's part), and the JVM's CPU per record (the store's and the engine's part).
     */
    record Window(double recordsPerSecond, double syncsPerSecond, double syncMicros, double cpuMicrosPerRecord) {
        /** The window from sample {@code from} to sample {@code to} (seconds since the start) of {@code counters}. */
        static Window of(long records, Counters[] counters, int from, int to) {
            double seconds = to - from;
            long syncs = counters[to].syncs - counters[from].syncs;
            return new Window(records / seconds, syncs / seconds,
                    syncs == 0 ? 0 : (counters[to].syncNanos - counters[from].syncNanos) / 1e3 / syncs,
                    records == 0 ? 0 : (counters[to].cpuNanos - counters[from].cpuNanos) / 1e3 / records);
        }
    }

    /**
     * Queue-like churn, as the mailbox stores and drops events: each of {@code writers} thread writers puts a new
     * 1 KB record under a key never used before and, in the same batch, deletes the one it put {@link #CHURN_LIVE}
     * batches before, waiting for each acknowledgement; so the store holds a steady number of live records while
     * every key is written once and deleted once. Counts acknowledged batches per second, samples the store's sync
     * counters and the JVM's CPU time every second and the data directory's size.
     */
    static Churn churn(Backend backend, Path dir, int writers, int seconds) throws Exception {
        int window = Math.max(1, Math.min(60, seconds / 3));
        java.util.concurrent.atomic.AtomicLongArray perSecond = new java.util.concurrent.atomic.AtomicLongArray(
                seconds + 1);
        Counters[] sampled = new Counters[seconds + 1];
        Store store = backend.open(dir);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        long dirMax = 0;
        try {
            sampled[0] = Counters.of(backend, store);
            long start = System.nanoTime();
            long end = start + TimeUnit.SECONDS.toNanos(seconds);
            List<Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                String space = "churn/w" + w;
                futures.add(pool.submit(() -> {
                    byte[] value = new byte[RECORD];
                    for (long n = 0; System.nanoTime() < end; n++) {
                        Batch.Builder batch = Batch.builder().put(space, "e" + n, value);
                        if (n >= CHURN_LIVE) {
                            batch.delete(space, "e" + (n - CHURN_LIVE));
                        }
                        store.applyAndWait(batch.build(), 30, TimeUnit.SECONDS);
                        long second = (System.nanoTime() - start) / 1_000_000_000L;
                        if (second < seconds) {
                            perSecond.incrementAndGet((int) second);
                        }
                    }
                    return null;
                }));
            }
            for (int s = 1; s <= seconds; s++) {
                long wait = start + TimeUnit.SECONDS.toNanos(s) - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                sampled[s] = Counters.of(backend, store);
                dirMax = Math.max(dirMax, directoryBytes(dir));
            }
            for (Future<?> f : futures) {
                f.get();
            }
            long first = 0;
            long last = 0;
            for (int i = 0; i < window; i++) {
                first += perSecond.get(i);
                last += perSecond.get(seconds - 1 - i);
            }
            long dirEnd = directoryBytes(dir);
            return new Churn(window, Window.of(first, sampled, 0, window),
                    Window.of(last, sampled, seconds - window, seconds), Math.max(dirMax, dirEnd), dirEnd,
                    store.stats().records());
        } finally {
            pool.shutdownNow();
            backend.close(store);
        }
    }

    /**
     * The bytes of the files under {@code dir}. The store deletes files while it runs (RocksDB's compaction drops the
     * table files it merged): a file gone between the listing and the look at its size counts nothing.
     */
    static long directoryBytes(Path dir) throws java.io.IOException {
        long[] bytes = {0};
        Files.walkFileTree(dir, new java.nio.file.SimpleFileVisitor<>() {
            @Override
            public java.nio.file.FileVisitResult visitFile(Path file,
                    java.nio.file.attribute.BasicFileAttributes attributes) {
                if (attributes.isRegularFile()) {
                    bytes[0] += attributes.size();
                }
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path file, java.io.IOException e)
                    throws java.io.IOException {
                if (e instanceof java.nio.file.NoSuchFileException) {
                    return java.nio.file.FileVisitResult.CONTINUE;
                }
                throw e;
            }
        });
        return bytes[0];
    }

    /** One run's line. */
    static void print(String backend, int writers, String mode, int keys, Result r, double fsync) {
        System.out.printf("backend=%s writers=%d mode=%s keys=%d records_per_s=%.0f syncs_per_s=%s "
                + "records_per_sync=%s p99_ms=%.2f ratio_to_fsync_limit=%.2f sync_busy=%s sync_us=%s "
                + "cpu_cores=%.2f cpu_us_per_record=%s%n",
                backend, writers, mode, keys, r.recordsPerSecond, orNa(r.syncsPerSecond, "%.0f"),
                orNa(r.recordsPerSync, "%.1f"), r.p99Millis, r.recordsPerSecond / fsync,
                orNa(r.syncBusy, "%.2f"), orNa(r.syncMicros, "%.0f"), r.cpuCores,
                orNa(r.cpuMicrosPerRecord, "%.1f"));
    }

    /** A figure, or n/a for a backend that cannot tell (-1). */
    static String orNa(double value, String format) {
        return value < 0 ? "n/a" : String.format(format, value);
    }

    /** The target's ratio: records/s ÷ (fsync limit × records per sync), that is syncs/s ÷ fsync limit. */
    static double ratio(Result r, double fsync) {
        return r.recordsPerSecond / (fsync * r.recordsPerSync);
    }

    /**
     * fio's sequential writes of {@code kb} KB with an fdatasync after each, in the data directory, for
     * {@code seconds}; the writes per second (one sync each), or -1 when fio is not installed.
     */
    static double fioFsyncLimit(Path dir, long seconds, int kb) throws Exception {
        Process fio;
        try {
            fio = new ProcessBuilder("fio", "--name=fsync-probe", "--directory=" + dir, "--rw=write",
                    "--ioengine=sync", "--fdatasync=1", "--bs=" + kb + "k", "--size=16m", "--runtime=" + seconds,
                    "--time_based", "--output-format=json").redirectErrorStream(true).start();
        } catch (java.io.IOException notInstalled) {
            return -1;
        }
        String out = new String(fio.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!fio.waitFor(seconds + 60, TimeUnit.SECONDS) || fio.exitValue() != 0) {
            fio.destroyForcibly();
            throw new IllegalStateException("fio failed: " + out);
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("fsync-probe")).toList()) {
                Files.delete(f);
            }
        }
        java.util.regex.Matcher iops = java.util.regex.Pattern
                .compile("\"write\"\\s*:\\s*\\{[^}]*?\"iops\"\\s*:\\s*([0-9.]+)", java.util.regex.Pattern.DOTALL)
                .matcher(out);
        if (!iops.find()) {
            throw new IllegalStateException("no write iops in fio's output: " + out);
        }
        return Double.parseDouble(iops.group(1));
    }

    static double javaFsyncLimit(Path file, long seconds) throws Exception {
        ByteBuffer buffer = ByteBuffer.allocate(RECORD);
        long count = 0;
        long start = System.nanoTime();
        long end = start + TimeUnit.SECONDS.toNanos(seconds);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            // Laid out first, as a log pre-allocates its files (with zeros): the probe
            // measures the data sync, not the file-size metadata a growing file also syncs.
            ByteBuffer zeros = ByteBuffer.allocate(1 << 20);
            for (int i = 0; i < 16; i++) {
                zeros.clear();
                channel.write(zeros);
            }
            channel.force(true);
            start = System.nanoTime();
            end = start + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < end) {
                buffer.clear();
                channel.write(buffer, (count % 16_384) * RECORD);
                channel.force(false); // fdatasync(2), as a write-ahead log syncs
                count++;
            }
        }
        double rate = count * 1e9 / (System.nanoTime() - start);
        Files.delete(file);
        return rate;
    }

    /**
     * Writers as closed loops over {@link Store#apply}: each submits its next batch when the store acknowledged the
     * one before (in the acknowledging thread), so W writers keep W batches in flight without a thread each.
     */
    static Result runAsync(Backend backend, Path dir, int writers, long seconds, int keys) throws Exception {
        Store store = backend.open(dir);
        try {
            Counters before = Counters.of(backend, store);
            long start = System.nanoTime();
            long end = start + TimeUnit.SECONDS.toNanos(seconds);
            java.util.concurrent.CountDownLatch finished = new java.util.concurrent.CountDownLatch(writers);
            AsyncWriter[] all = new AsyncWriter[writers];
            for (int w = 0; w < writers; w++) {
                all[w] = new AsyncWriter(store, w, end, finished, keys);
            }
            for (AsyncWriter writer : all) {
                writer.next();
            }
            if (!finished.await(seconds + 60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("async writers did not finish");
            }
            long records = 0;
            for (AsyncWriter writer : all) {
                if (writer.failure != null) {
                    throw new IllegalStateException("a batch failed", writer.failure);
                }
                records += writer.count;
            }
            long[] merged = Arrays.stream(all).flatMapToLong(w -> Arrays.stream(w.latencies, 0, w.count)).toArray();
            return Result.of(backend, store, before, start, records, merged);
        } finally {
            backend.close(store);
        }
    }

    /** One closed-loop writer of {@link #runAsync}: one batch in flight at a time. */
    private static final class AsyncWriter {
        final Store store;
        final String space;
        final long end;
        final java.util.concurrent.CountDownLatch finished;
        final int keys;
        final byte[] value = new byte[RECORD];
        long[] latencies = new long[1 << 16];
        int count;
        long i;
        volatile Throwable failure;

        AsyncWriter(Store store, int writer, long end, java.util.concurrent.CountDownLatch finished, int keys) {
            this.store = store;
            this.keys = keys;
            this.space = "bench/w" + writer;
            this.end = end;
            this.finished = finished;
        }

        /** Submits batches until one is still in flight (its acknowledgement submits the next) or time is up. */
        void next() {
            while (true) {
                long t0 = System.nanoTime();
                if (t0 - end >= 0) {
                    finished.countDown();
                    return;
                }
                java.util.concurrent.CompletableFuture<Void> stage = store.apply(Batch.builder()
                        .put(space, "k" + (i++ % keys), value).build()).toCompletableFuture();
                if (!stage.isDone()) {
                    stage.whenComplete((ok, e) -> {
                        if (acknowledged(e, t0)) {
                            next();
                        }
                    });
                    return;
                }
                if (!acknowledged(stage.isCompletedExceptionally() ? failureOf(stage) : null, t0)) {
                    return; // a store that acknowledges in the caller's thread: loop instead of recursing
                }
            }
        }

        private boolean acknowledged(Throwable e, long t0) {
            if (e != null) {
                failure = e;
                finished.countDown();
                return false;
            }
            if (count == latencies.length) {
                latencies = Arrays.copyOf(latencies, count * 2);
            }
            latencies[count++] = System.nanoTime() - t0;
            return true;
        }

        private static Throwable failureOf(java.util.concurrent.CompletableFuture<Void> stage) {
            try {
                stage.join();
                return null;
            } catch (java.util.concurrent.CompletionException e) {
                return e.getCause();
            }
        }
    }

    static Result run(Backend backend, Path dir, int writers, long seconds, int keys) throws Exception {
        Store store = backend.open(dir);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            Counters before = Counters.of(backend, store);
            long start = System.nanoTime();
            long end = start + TimeUnit.SECONDS.toNanos(seconds);
            List<Future<long[]>> futures = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                futures.add(pool.submit(() -> {
                    long[] latencies = new long[1 << 16];
                    int n = 0;
                    byte[] value = new byte[RECORD];
                    for (long i = 0; System.nanoTime() < end; i++) {
                        long t0 = System.nanoTime();
                        store.applyAndWait(Batch.builder().put("bench/w" + writer, "k" + (i % keys), value)
                                .build(), 30, TimeUnit.SECONDS);
                        if (n == latencies.length) {
                            latencies = Arrays.copyOf(latencies, n * 2);
                        }
                        latencies[n++] = System.nanoTime() - t0;
                    }
                    return Arrays.copyOf(latencies, n);
                }));
            }
            List<long[]> all = new ArrayList<>();
            long records = 0;
            for (Future<long[]> f : futures) {
                long[] l = f.get();
                all.add(l);
                records += l.length;
            }
            return Result.of(backend, store, before, start, records,
                    all.stream().flatMapToLong(Arrays::stream).toArray());
        } finally {
            pool.shutdownNow();
            backend.close(store);
        }
    }
}
