package org.estuary.store.rocksdb.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

import org.estuary.store.api.Batch;
import org.estuary.store.api.LatencyWindow;
import org.estuary.store.api.Names;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.StoreStats;
import org.estuary.store.api.Submission;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;

/**
 * The records of the RocksDB store, in a RocksDB database in its data directory.
 *
 * <p>Who runs what: a caller of {@link #apply} or {@link #submit} plans its batch against the database (its point
 * lookups) before it takes the write lock ({@code order}), and writes it, unsynced, under that lock, so batches take
 * effect in the order they were accepted (S2); under the lock it plans again if a batch written since touched what
 * its plan read ({@link RecentWrites}), so each is measured against all before it (S5); RocksDB makes each write
 * atomic (S1). The acknowledgement waits
 * for a WAL sync, which {@link WalSync} groups: the caller that waits leads it, or the store's sync thread for
 * batches nobody waits for (S3). Scans iterate the database, each over one implicit RocksDB snapshot (S4). The
 * handle lock keeps the database open while a scan or a sync uses it: closing or reopening it takes that lock
 * exclusively.
 *
 * <p>After a failed write or sync the database is reopened before the next batch (RocksDB replays its WAL and
 * recovers what was synced), and the record and byte counts are read again; until it opens, batches fail with the
 * reason it gave.
 */
final class RocksStore implements Store {

    /** The {@value Store#TYPE} of this backend. */
    static final String TYPE_ROCKSDB = Store.TYPE_ROCKSDB;

    private final RocksSettings settings;
    private final RocksProbe probe;
    private final LatencyWindow latency = new LatencyWindow();
    private final WalSync wal;
    private final ReentrantReadWriteLock handle = new ReentrantReadWriteLock();
    private final Object order = new Object();
    private final AtomicLong refusals = new AtomicLong();
    /** Batches written lately, against which a batch planned ahead is checked (under the write lock). */
    private final RecentWrites recent = new RecentWrites(1024);
    private volatile String lastFailure;
    private volatile StoreException broken;
    /** The first corruption found; every later call fails with it until an operator repairs the data. */
    private volatile StoreException corrupt;
    private volatile boolean closed;

    // Guarded by order; engine also by handle (written with both held).
    private Engine engine;
    private long records;
    private long bytes;
    private boolean reopening;

    RocksStore(RocksSettings settings, RocksProbe probe) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.probe = Objects.requireNonNull(probe, "probe");
        this.wal = new WalSync(this::syncWal, settings.queueBound(), latency);
        synchronized (order) {
            StoreException failed = reopen();
            if (failed != null) {
                fail(failed);
            }
        }
    }

    @Override
    public CompletionStage<Void> apply(Batch batch) {
        Objects.requireNonNull(batch, "batch");
        Queued queued = queue(batch);
        if (queued.pending != null) {
            wal.background(queued.pending);
        }
        return queued.stage();
    }

    @Override
    public Submission submit(Batch batch) {
        Objects.requireNonNull(batch, "batch");
        return queue(batch);
    }

    @Override
    public void applyAndWait(Batch batch, long timeout, TimeUnit unit) throws StoreException, InterruptedException {
        Objects.requireNonNull(batch, "batch");
        Objects.requireNonNull(unit, "unit");
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeout);
        }
        queue(batch).await(timeout, unit);
    }

    /** A batch written and waiting for its sync, or refused before it was written. */
    private final class Queued implements Submission {
        final WalSync.Pending pending;
        final StoreException refusal;

        Queued(WalSync.Pending pending, StoreException refusal) {
            this.pending = pending;
            this.refusal = refusal;
        }

        @Override
        public CompletionStage<Void> stage() {
            return pending == null ? CompletableFuture.failedStage(refusal) : pending.stage;
        }

        @Override
        public void await(long timeout, TimeUnit unit) throws StoreException, InterruptedException {
            if (pending == null) {
                throw refusal;
            }
            wal.await(pending, unit.toNanos(timeout));
        }

        @Override
        public CompletionStage<Void> release() {
            if (pending != null) {
                wal.prompt(pending);
            }
            return stage();
        }
    }

    private Queued queue(Batch batch) {
        long accepted = System.nanoTime();
        try {
            if (!wal.awaitRoom(accepted + TimeUnit.MILLISECONDS.toNanos(settings.admissionMillis()))) {
                return refuse(new StoreException(Reason.OVERLOADED, "rocksdb store overloaded: " + wal.queued()
                        + " batches wait for their sync (queue.bound=" + settings.queueBound() + ") and none "
                        + "finished within admission.timeout.ms=" + settings.admissionMillis() + "; retry, or raise "
                        + "queue.bound (" + Failures.CONFIGURATION + ")"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return refuse(new StoreException(Reason.UNAVAILABLE, "interrupted while waiting for room in the "
                    + "rocksdb store's queue; nothing was written", e, false));
        }
        BatchPlan early = planAhead(batch);
        try {
            synchronized (order) {
                if (closed) {
                    return refuse(closedException());
                }
                if (corrupt != null) {
                    return refuse(corrupt);
                }
                StoreException unusable = broken == null ? null : reopen();
                if (unusable != null) {
                    return refuse(unusable);
                }
                return write(batch, early, accepted);
            }
        } finally {
            if (early != null) {
                early.close();
            }
        }
    }

    /**
     * Plans {@code batch} against the open database before the write lock is taken, so that its lookups do not hold
     * up other writers; null when there is no usable database or a lookup failed (planned again under the lock,
     * which reports the failure).
     */
    private BatchPlan planAhead(Batch batch) {
        handle.readLock().lock();
        try {
            Engine open = engine;
            if (open == null || closed || corrupt != null || broken != null) {
                return null;
            }
            return BatchPlan.plan(batch, open.db, recent.count());
        } catch (RocksDBException e) {
            return null;
        } finally {
            handle.readLock().unlock();
        }
    }

    /**
     * Under the write lock: writes {@code batch} unsynced, with the plan made ahead if nothing written since changed
     * what it read (S2, S5), else with one made now.
     */
    private Queued write(Batch batch, BatchPlan early, long accepted) {
        BatchPlan plan = early;
        try {
            if (plan == null || plan.db != engine.db || !recent.current(plan)) {
                plan = BatchPlan.plan(batch, engine.db, recent.count());
            }
            StoreException refusal = admit(plan.effect);
            if (refusal != null) {
                return refuse(refusal);
            }
            probe.beforeWrite();
            engine.db.write(engine.writes, plan.writes);
            records += plan.effect.records();
            bytes += plan.effect.bytes();
            recent.add(plan);
        } catch (RocksDBException e) {
            StoreException failure = Failures.of(e, settings.directory(), false);
            broken = failure;
            return refuse(failure);
        } finally {
            if (plan != early && plan != null) {
                plan.close();
            }
        }
        return new Queued(wal.written(accepted), null);
    }

    /** Null if a batch with this effect fits, otherwise why not (S5). Under the write lock. */
    private StoreException admit(BatchPlan.Effect effect) {
        if (!effect.grows()) {
            return null; // S5: what does not grow the store is accepted even when it is full
        }
        if (effect.records() > 0 && records + effect.records() > settings.maxRecords()) {
            if (effect.ownRecords() > settings.maxRecords()) {
                return new StoreException(Reason.TOO_LARGE, "batch too large for the rocksdb store: it alone leaves "
                        + effect.ownRecords() + " records, above max.records=" + settings.maxRecords()
                        + "; raise max.records (" + Failures.CONFIGURATION + ")");
            }
            return new StoreException(Reason.FULL, "rocksdb store full: the batch would add " + effect.records()
                    + " records to the " + records + " stored, above max.records=" + settings.maxRecords()
                    + "; delete records or raise max.records (" + Failures.CONFIGURATION + ")");
        }
        if (effect.bytes() > 0 && bytes + effect.bytes() > settings.maxBytes()) {
            if (effect.ownBytes() > settings.maxBytes()) {
                return new StoreException(Reason.TOO_LARGE, "batch too large for the rocksdb store: it alone leaves "
                        + effect.ownBytes() + " bytes, above max.bytes=" + settings.maxBytes() + "; raise "
                        + "max.bytes (" + Failures.CONFIGURATION + ")");
            }
            return new StoreException(Reason.FULL, "rocksdb store full: the batch would add " + effect.bytes()
                    + " bytes to the " + bytes + " stored, above max.bytes=" + settings.maxBytes()
                    + "; delete records or raise max.bytes (" + Failures.CONFIGURATION + ")");
        }
        return null;
    }

    private Queued refuse(StoreException refusal) {
        fail(refusal);
        refusals.incrementAndGet();
        return new Queued(null, refusal);
    }

    private void fail(StoreException failure) {
        lastFailure = failure.getMessage();
        if (failure.reason() == Reason.CORRUPT && corrupt == null) {
            corrupt = failure;
        }
    }

    /** What {@link WalSync}'s leader calls: syncs the WAL of the open database. */
    private void syncWal() throws StoreException {
        handle.readLock().lock();
        try {
            Engine open = engine;
            if (open == null) {
                throw closed ? closedException() : broken;
            }
            if (settings.sync()) {
                probe.beforeSync();
                long start = System.nanoTime();
                open.syncWal();
                probe.synced(System.nanoTime() - start);
            }
        } catch (RocksDBException e) {
            StoreException failure = Failures.of(e, settings.directory(), true);
            broken = failure;
            fail(failure);
            throw failure;
        } finally {
            handle.readLock().unlock();
        }
    }

    /**
     * Under the write lock: lets every batch written so far be synced or failed, closes the database if open, opens
     * it again and counts what it holds. Null once open, otherwise why it is not.
     */
    private StoreException reopen() {
        if (reopening) {
            // a stage completed while draining applied a batch in the same thread: it fails rather than waits
            // for the drain it is part of
            return broken;
        }
        reopening = true;
        try {
            return drainAndOpen();
        } finally {
            reopening = false;
        }
    }

    private StoreException drainAndOpen() {
        try {
            wal.drain();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new StoreException(Reason.UNAVAILABLE, "interrupted while the rocksdb store reopened its "
                    + "database", e, false);
        }
        handle.writeLock().lock();
        try {
            if (engine != null) {
                engine.close();
                engine = null;
            }
            engine = Engine.open(settings);
            long[] counted = count(engine);
            records = counted[0];
            bytes = counted[1];
            broken = null;
            return null;
        } catch (StoreException e) {
            if (engine != null) {
                engine.close();
                engine = null;
            }
            broken = e;
            fail(e);
            return e;
        } finally {
            handle.writeLock().unlock();
        }
    }

    /** Records and logical bytes in the database. */
    private long[] count(Engine open) throws StoreException {
        long[] total = new long[2];
        try (RocksIterator it = open.db.newIterator()) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                total[0]++;
                total[1] += Keys.keyBytes(it.key()) + it.value().length;
            }
            it.status();
        } catch (RocksDBException e) {
            throw Failures.of(e, settings.directory(), false);
        }
        return total;
    }

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException {
        Names.requireSpace(space);
        Objects.requireNonNull(visitor, "visitor");
        handle.readLock().lock();
        try {
            Engine open = usable();
            try (Slice upper = new Slice(Keys.upper(space));
                    ReadOptions options = new ReadOptions().setIterateUpperBound(upper);
                    RocksIterator it = open.db.newIterator(options)) {
                for (it.seek(Keys.lower(space)); it.isValid(); it.next()) {
                    visitor.accept(Keys.key(it.key()), it.value());
                }
                it.status();
            } catch (RocksDBException e) {
                throw read(e);
            }
        } finally {
            handle.readLock().unlock();
        }
    }

    @Override
    public Set<String> spaces() throws StoreException {
        handle.readLock().lock();
        try {
            Engine open = usable();
            Set<String> spaces = new HashSet<>();
            try (RocksIterator it = open.db.newIterator()) {
                for (it.seekToFirst(); it.isValid(); it.seek(Keys.upper(Keys.space(it.key())))) {
                    spaces.add(Keys.space(it.key()));
                }
                it.status();
            } catch (RocksDBException e) {
                throw read(e);
            }
            return Set.copyOf(spaces);
        } finally {
            handle.readLock().unlock();
        }
    }

    /** Under the handle lock: the open database, or why there is none. */
    private Engine usable() throws StoreException {
        if (closed) {
            throw closedException();
        }
        if (corrupt != null) {
            throw corrupt;
        }
        Engine open = engine;
        if (open == null) {
            throw broken;
        }
        return open;
    }

    private StoreException read(RocksDBException e) {
        StoreException failure = Failures.of(e, settings.directory(), false);
        fail(failure);
        return failure;
    }

    @Override
    public StoreStats stats() {
        StoreStats.Builder stats = StoreStats.builder(TYPE_ROCKSDB);
        synchronized (order) {
            stats.contents(records, bytes);
        }
        return stats.limits(settings.maxRecords(), settings.maxBytes()).queued(wal.queued())
                .outcomes(wal.commits(), wal.failures() + refusals.get())
                .latency(latency.last(), latency.percentile(99)).lastFailure(lastFailure).diskBytes(diskBytes())
                .build();
    }

    /** The sum of the sizes of the files in the data directory. */
    private long diskBytes() {
        try (Stream<Path> files = Files.list(settings.directory())) {
            return files.mapToLong(f -> f.toFile().length()).sum();
        } catch (IOException | UncheckedIOException e) {
            return StoreStats.NOT_ON_DISK;
        }
    }

    /**
     * Closes the store (S7): refuses new batches, syncs and acknowledges every batch written (or fails them if the
     * sync fails), then closes the database, which flushes its memtable. Idempotent.
     */
    void close() {
        synchronized (order) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            wal.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        handle.writeLock().lock();
        try {
            if (engine != null) {
                engine.close();
                engine = null;
            }
        } finally {
            handle.writeLock().unlock();
        }
    }

    private StoreException closedException() {
        return new StoreException(Reason.CLOSED, "rocksdb store closed: its component was deactivated (bundle "
                + "stopped or replaced, or " + Failures.CONFIGURATION + " changed); retry once a store is bound "
                + "again");
    }
}
