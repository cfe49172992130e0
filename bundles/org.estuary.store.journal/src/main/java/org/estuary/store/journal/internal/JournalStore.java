package org.estuary.store.journal.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BiConsumer;

import org.estuary.store.api.Batch;
import org.estuary.store.api.LatencyWindow;
import org.estuary.store.api.Names;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.StoreStats;

/**
 * The journal store: batches appended to the Artemis journal in acceptance order, each as a transaction whose
 * commit record Artemis syncs (its timed buffer syncs every commit record that arrived meanwhile at once: group
 * commit), an in-memory index of the live records for scans, and recovery that checks every record on open.
 *
 * <p>Who runs what: the caller of {@link #apply} waits for room (S5), then, under the commit lock, plans its batch
 * against the index (S2), appends it and installs it in the index ({@link JournalWriter}); Artemis's append executor
 * moves the records into its buffer, and the buffer's flushing thread writes and syncs them and calls each batch's
 * completion; the completion decides the batch, and the stages complete in acceptance order ({@link AckQueue}, S3),
 * in that thread or in the caller's. The store has no thread of its own, and its only locks are the commit lock, the
 * index's read/write lock and the acknowledgement queue's monitor.
 *
 * <p>A {@link JournalProbe} given to the package-private constructor observes the appends and syncs, or stands in
 * for the disk there; the component's store has none ({@link JournalProbe#NONE}).
 *
 * <p>An I/O failure fails the batches it covers (with an unknown outcome once appended), and the next batch first
 * reopens the journal, which re-reads what is on disk and rebuilds the index: the store resumes when the cause is
 * gone (S6). Recovery on open drops an incomplete transaction at the tail (never acknowledged) and a record with a
 * bad checksum among the newest records (a torn tail), both logged; a bad record anywhere else is CORRUPT and makes
 * every operation fail until an operator repairs the data, never silently skipped.
 */
final class JournalStore implements Store {

    private static final System.Logger LOG = System.getLogger(JournalStore.class.getName());

    /** A batch from its acceptance to its acknowledgement. */
    static final class Pending {
        final Batch batch;
        final long accepted = System.nanoTime();
        final CompletableFuture<Void> stage = new CompletableFuture<>();
        private volatile boolean decided;
        /** The decided outcome, delivered in acceptance order by {@link AckQueue}: null is success. */
        private StoreException outcome;

        Pending(Batch batch) {
            this.batch = batch;
        }

        /** Decides the outcome (null: durable) unless it is decided already; true if this call decided it. */
        synchronized boolean decide(StoreException failure) {
            if (decided) {
                return false;
            }
            outcome = failure;
            decided = true;
            return true;
        }

        boolean decided() {
            return decided;
        }

        synchronized StoreException outcome() {
            return outcome;
        }
    }

    private final JournalSettings settings;
    /** Room for batches accepted and not yet acknowledged (S5). */
    private final Semaphore room;
    /** Held while a batch is planned, appended and installed in the index: batches are written one at a time (S2). */
    private final ReentrantLock commitLock = new ReentrantLock();
    private final AckQueue acks = new AckQueue(this::complete);
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Index index = new Index();
    private final LatencyWindow latency = new LatencyWindow();
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final List<String> recovered = Collections.synchronizedList(new ArrayList<>());
    private volatile String lastFailure;
    private volatile boolean closed;
    /** When a reader last tried to reopen a journal that never opened (guarded by the commit lock). */
    private long lastRetry = System.nanoTime();
    private final JournalWriter writer;

    /** A store on {@code settings} whose appends and syncs {@code probe} observes ({@link JournalProbe#NONE}: none). */
    JournalStore(JournalSettings settings, JournalProbe probe) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.room = new Semaphore(settings.queueBound());
        this.writer = new JournalWriter(settings, index, lock, acks, recovered, Objects.requireNonNull(probe,
                "probe"));
        try {
            writer.open();
        } catch (StoreException e) {
            writer.refuse(e);
            noteFailure(e);
            LOG.log(Level.WARNING, "Estuary journal store could not open its journal: " + e.getMessage());
        }
        loadWritePath();
    }

    // ---- Store

    @Override
    public CompletionStage<Void> apply(Batch batch) {
        Objects.requireNonNull(batch, "batch");
        Pending p = new Pending(batch);
        if (closed) {
            p.stage.completeExceptionally(closedException());
            return p.stage;
        }
        try {
            if (!room.tryAcquire(settings.admissionMillis(), TimeUnit.MILLISECONDS)) {
                p.stage.completeExceptionally(new StoreException(Reason.OVERLOADED, "journal store overloaded: "
                        + settings.queueBound() + " batches stayed unacknowledged for " + settings.admissionMillis()
                        + " ms; retry after a short back-off, or raise queue.bound (" + IoFailures.CONFIGURATION
                        + ")"));
                return p.stage;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.stage.completeExceptionally(new StoreException(Reason.OVERLOADED, "interrupted while waiting "
                    + "for room in the journal store's queue", e, false));
            return p.stage;
        }
        commitLock.lock();
        try {
            if (closed) {
                acks.add(p);
                p.decide(closedException());
            } else {
                writer.write(p);
            }
        } catch (RuntimeException | Error e) {
            LOG.log(Level.ERROR, "Estuary journal store's write failed unexpectedly; the store refuses batches", e);
            StoreException failure = new StoreException(Reason.UNAVAILABLE, "journal store's write failed: " + e, e,
                    true);
            writer.refuse(failure);
            p.decide(failure);
        } finally {
            commitLock.unlock();
        }
        acks.drain();
        return p.stage;
    }

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException {
        Names.requireSpace(space);
        Objects.requireNonNull(visitor, "visitor");
        retryOpen();
        String[] keys;
        Index.Slot[] slots;
        lock.readLock().lock();
        try {
            checkReadable();
            Map<String, Index.Slot> records = index.spaces.getOrDefault(space, Map.of());
            keys = new String[records.size()];
            slots = new Index.Slot[records.size()];
            int i = 0;
            for (Map.Entry<String, Index.Slot> record : records.entrySet()) {
                keys[i] = record.getKey();
                slots[i] = record.getValue();
                i++;
            }
        } finally {
            lock.readLock().unlock();
        }
        for (int i = 0; i < keys.length; i++) {
            visitor.accept(keys[i], slots[i].value()); // S4: stored arrays never change; the visitor gets a copy
        }
    }

    @Override
    public Set<String> spaces() throws StoreException {
        retryOpen();
        lock.readLock().lock();
        try {
            checkReadable();
            return Set.copyOf(index.spaces.keySet());
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public StoreStats stats() {
        StoreStats.Builder stats = StoreStats.builder(TYPE_JOURNAL);
        lock.readLock().lock();
        try {
            stats.contents(index.records, index.bytes);
        } finally {
            lock.readLock().unlock();
        }
        return stats.limits(settings.maxRecords(), settings.maxBytes()).queued(acks.size())
                .outcomes(commits.get(), failures.get()).latency(latency.last(), latency.percentile(99))
                .lastFailure(lastFailure).diskBytes(diskBytes()).build();
    }

    /** The size on disk: the sum of the journal's files (pre-allocated ones count: they hold disk). */
    private long diskBytes() {
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(settings.directory())) {
            return files.filter(java.nio.file.Files::isRegularFile).mapToLong(file -> {
                try {
                    return java.nio.file.Files.size(file);
                } catch (IOException goneMeanwhile) {
                    return 0; // compaction removed it
                }
            }).sum();
        } catch (IOException | RuntimeException e) {
            return StoreStats.NOT_ON_DISK;
        }
    }

    /** What recovery dropped from the tail, one line per transaction or record, since the store opened. */
    List<String> recovered() {
        synchronized (recovered) {
            return List.copyOf(recovered);
        }
    }

    /**
     * Closes the store (S7): the journal is stopped, which syncs and acknowledges what Artemis holds; a batch still
     * without an outcome then fails with CLOSED. Idempotent.
     */
    void close() {
        closed = true;
        commitLock.lock(); // a caller may be writing: stop the journal after its batch
        try {
            writer.close();
            writer.refuse(closedException());
            acks.failUndecided(new StoreException(Reason.CLOSED, "journal store closed before the batch was "
                    + "acknowledged; it may still have become durable", null, true));
        } finally {
            commitLock.unlock();
        }
        acks.drain(); // S7: every stage is complete when close returns
    }

    /** Completes a batch's stage, in acceptance order ({@link AckQueue}), and frees its room. */
    private void complete(Pending p) {
        StoreException failure = p.outcome();
        if (failure == null) {
            latency.record(System.nanoTime() - p.accepted);
            commits.incrementAndGet();
            p.stage.complete(null);
        } else {
            noteFailure(failure);
            p.stage.completeExceptionally(failure);
        }
        room.release();
    }

    private void checkReadable() throws StoreException {
        if (closed) {
            throw closedException();
        }
        StoreException failure = writer.down();
        if (failure != null && failure.reason() == Reason.CORRUPT) {
            throw failure;
        }
        if (failure != null && !writer.everOpened()) {
            throw failure; // never opened: an empty index would claim that the records on disk are gone
        }
    }

    /**
     * A journal that never opened is retried by readers too, about once a second, so scans work without a batch
     * once the cause is gone (called before the index's read lock: reopening writes the index).
     */
    private void retryOpen() {
        if (writer.down() != null && !writer.everOpened() && commitLock.tryLock()) {
            try {
                if (writer.down() != null && !closed && System.nanoTime() - lastRetry > TimeUnit.SECONDS.toNanos(1)) {
                    lastRetry = System.nanoTime();
                    writer.reopen();
                }
            } catch (StoreException e) {
                // still down; the next batch or the next read a second later tries again
            } finally {
                commitLock.unlock();
            }
        }
    }

    private void noteFailure(StoreException failure) {
        failures.incrementAndGet();
        lastFailure = failure.getMessage();
    }

    /**
     * Loads the classes of the write path and of the refusals while this bundle's wiring is valid, writing nothing
     * (a batch planned against the index, encoded, refused and completed). A caller still holding this store after
     * its bundle was refreshed (bundle:update) then gets CLOSED, as Store S7 says, not a ClassNotFoundException
     * for a class it was the first to need after the old wiring was discarded (as MemoryStore.loadEveryPath).
     */
    private void loadWritePath() {
        String space = "estuary/warm-up";
        Batch every = Batch.builder().put(space, "k", new byte[1]).delete(space, "k").clear(space).build();
        Overlay view = new Overlay(index);
        BatchPlan plan = BatchPlan.of(every, view);
        plan.refusal(settings, view);
        plan.applyTo(view, new long[plan.adds]);
        Pending refused = new Pending(every);
        refused.decide(closedException());
        AckQueue warm = new AckQueue(p -> p.stage.completeExceptionally(p.outcome()));
        warm.add(refused);
        warm.drain();
        try {
            refused.stage.get();
        } catch (java.util.concurrent.ExecutionException e) {
            StoreException.from(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private StoreException closedException() {
        return new StoreException(Reason.CLOSED, "journal store closed: its component was deactivated (bundle "
                + "stopped or replaced, or " + IoFailures.CONFIGURATION + " changed); retry once a store is bound "
                + "again");
    }
}
