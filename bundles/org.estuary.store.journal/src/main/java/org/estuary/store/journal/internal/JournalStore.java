package org.estuary.store.journal.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
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
import org.estuary.store.api.Submission;

/**
 * The journal store: a bounded queue whose batches are written to the Artemis journal in groups, each group synced
 * once (group commit), an in-memory index of the live records for scans, and recovery that checks every record on
 * open.
 *
 * <p>Life of a batch: {@link #apply} puts it in the queue (blocking at most the admission time when full, then
 * OVERLOADED: Store S5). A <em>round</em> then writes it and syncs it, and the acknowledge stage completes it:
 * <ol>
 * <li><b>Write</b> (the commit lock, {@link JournalWriter}): take every queued batch at once, plan each against the
 * index plus the batches before it (S2), refuse those beyond the limits, append the rest as one Artemis transaction
 * (one commit record for the group) without syncing it, and install the group in the index, so the next group is
 * planned over it. The appends wait in memory ({@link JournalFileFactory}).</li>
 * <li><b>Sync</b> ({@link SyncStage}), in the same thread: write the appends of every group written and not synced
 * yet in one {@code write(2)}, then one {@code fdatasync} through the store's own descriptor on the journal file
 * ({@link FileSyncer}); the groups' batches are now durable (S3). Rounds hand on their outcomes in write order.</li>
 * <li><b>Acknowledge</b> ({@link AckStage}, one thread at a time): complete the stages, oldest first (S3). The
 * callers of {@link #applyAndWait} a pass completes are woken as a chain ({@link WakeChain}).</li>
 * </ol>
 * Up to {@link SyncStage#ROUNDS} rounds run at once, so that one group is written while others sync. A round is run
 * by the caller of {@link #applyAndWait} when no round is (leader/follower: it waits for its sync anyway, so it
 * writes and syncs its batch and whatever else is queued in its own thread, with no hand-off: what keeps a single
 * writer at the disk's rate), and otherwise by one of the store's round threads, which {@link #apply} and callers
 * wake while a round may start for the queued batches: when none runs, or fewer than {@link SyncStage#ROUNDS} do
 * and {@link SyncStage#MIN_BATCHES} batches wait. A round thread that ends its round looks at the queue again
 * before it parks, so batches that could not start a round are written by the next one to end. Writing and syncing
 * in one thread, instead of a commit thread handing each group to sync threads, saves a wake-up and a thread
 * switch per group; under 64 thread writers it keeps about two syncs in flight on average instead of 1.4, for more
 * syncs at the same records/s and CPU a record (the store benchmark, bench/README.md). Artemis appends in the
 * writer's thread ({@link JournalExecutors}).
 *
 * <p>A {@link JournalProbe} given to the package-private constructor observes the rounds and syncs, or stands in
 * for the disk at those points; the component's store has none ({@link JournalProbe#NONE}).
 *
 * <p>An I/O failure fails the group (with an unknown outcome for batches already written), and the next group first
 * reopens the journal, which re-reads what is on disk and rebuilds the index: the store resumes when the cause is
 * gone (S6). A failed sync fails every group written to that journal since, since they were planned over the failed
 * ones. Recovery on open drops an incomplete transaction at the tail (never acknowledged) and a record with a bad
 * checksum among the newest records (a torn tail), both logged; a bad record anywhere else is CORRUPT and makes
 * every operation fail until an operator repairs the data, never silently skipped.
 */
final class JournalStore implements Store {

    private static final System.Logger LOG = System.getLogger(JournalStore.class.getName());
    /** Batches per group at most, so that one group's plan stays small. */
    private static final int MAX_GROUP = 1024;
    /**
     * Stages a caller that writes and syncs groups completes itself, at most, before it leaves the rest to the
     * acknowledging thread: enough for the few callers it saves a hand-off for. Completing a caller costs a wake-up,
     * so completing a large group in line delays the next group by about a sync, and callers that submit their next
     * batch from the completion would all land in that next group: 64 async writers would move in lockstep, one
     * group of 64 per sync with the sync stage idle half the time.
     */
    static final int INLINE_ACKS = 8;

    /** A batch waiting in the queue, with its stage. */
    static final class Pending {
        final Batch batch;
        final long accepted = System.nanoTime();
        final CompletableFuture<Void> stage = new CompletableFuture<>();
        BatchPlan plan;
        long[] ids;
        /** The encoded record of each add, in the plan's order: written to the journal and kept by the index. */
        byte[][] payloads;
        StoreException refused;
        boolean written;
        /** Set by the commit lock's holder once the batch is in a group (its owner then need not lead). */
        boolean taken;
        /** The decided outcome, delivered in commit order by whoever drains {@code acks}: null is success. */
        StoreException outcome;
        boolean decided;
        /** Whether a caller of applyAndWait parks for this batch: it is then woken through a {@link WakeChain}. */
        boolean caller;
        /** The parked caller, once it waits. */
        volatile Thread waiter;
        /** {@link WakeChain#WAITING}, LINKED into a chain by the acknowledging pass, or GONE (the caller gave up). */
        volatile int wakeState;
        /** The chain the caller is woken through, set before the stage completes; and the caller's place in it. */
        volatile WakeChain chain;
        int chainIndex;

        Pending(Batch batch) {
            this.batch = batch;
        }
    }

    /** A group on its way from its write to its acknowledgement. */
    static final class Group {
        final List<Pending> batches;
        /** The journal the group's records went into and its last file; null when nothing was written. */
        ArtemisJournal journal;
        FileSyncer.Tracked file;

        Group(List<Pending> batches) {
            this.batches = batches;
        }
    }

    private final JournalSettings settings;
    private final BlockingQueue<Pending> queue;
    /** Held while a group is planned, written and installed in the index: groups are written one at a time (S2). */
    private final ReentrantLock commitLock = new ReentrantLock();
    /** Tells a round thread that batches wait and no caller leads them. */
    private final Wake wake = new Wake();
    /** Batches whose outcome is decided, waiting for their stages to complete in commit order (S3). */
    private final AckStage acks;
    /**
     * Groups written and not yet synced, in write order, and the rounds that sync them: the next group is written
     * while one syncs; outcomes go to {@link #acks} in the same order.
     */
    private final SyncStage syncStage;
    /** The round threads, one per round in flight ({@link SyncStage#ROUNDS}): each writes a group, then syncs. */
    private final Thread[] rounders = new Thread[SyncStage.ROUNDS];
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final Index index = new Index();
    private final LatencyWindow latency = new LatencyWindow();
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final List<String> recovered = Collections.synchronizedList(new ArrayList<>());
    private volatile String lastFailure;
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean closed;
    private volatile boolean roundsDone;
    /** Observes the rounds and syncs (tests, the store benchmark); {@link JournalProbe#NONE} in the component. */
    private final JournalProbe probe;

    /** The write stage and the journal it writes: used by the commit lock's holder (and the constructor). */
    private final JournalWriter writer;

    /** A store on {@code settings} whose rounds and syncs {@code probe} observes ({@link JournalProbe#NONE}: none). */
    JournalStore(JournalSettings settings, JournalProbe probe) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.probe = Objects.requireNonNull(probe, "probe");
        this.queue = new ArrayBlockingQueue<>(settings.queueBound());
        this.acks = new AckStage((p, outcome) -> {
            complete(p, outcome);
            inFlight.decrementAndGet();
        }, () -> roundsDone);
        this.syncStage = new SyncStage(settings.sync(), new SyncStage.Outcomes() {
            @Override
            public void decided(Group group, Throwable cause) {
                for (Pending p : group.batches) {
                    if (!p.decided) {
                        decide(p, cause == null ? null : IoFailures.of(cause, settings.directory(), true));
                    }
                }
                acks.add(group.batches);
            }

            @Override
            public void failed(Throwable cause) {
                writer.markDown(cause);
            }
        }, probe);
        this.writer = new JournalWriter(settings, index, lock, syncStage.files(), recovered, probe);
        try {
            writer.open();
        } catch (StoreException e) {
            writer.refuse(e);
            noteFailure(e);
            LOG.log(Level.WARNING, "Estuary journal store could not open its journal: " + e.getMessage());
        }
        loadWritePath();
        for (int i = 0; i < rounders.length; i++) {
            rounders[i] = new Thread(this::roundLoop, "estuary-journal-round-" + (i + 1));
            rounders[i].setDaemon(true);
            rounders[i].start();
        }
        acks.start();
    }

    // ---- Store

    @Override
    public CompletionStage<Void> apply(Batch batch) {
        Objects.requireNonNull(batch, "batch");
        Pending pending = enqueue(batch);
        if (!pending.stage.isDone()) {
            wakeRounds(); // no caller waits for this batch here, so a round thread writes it
        }
        return pending.stage;
    }

    @Override
    public void applyAndWait(Batch batch, long timeout, TimeUnit unit) throws StoreException, InterruptedException {
        Objects.requireNonNull(batch, "batch");
        Objects.requireNonNull(unit, "unit");
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeout);
        }
        lead(enqueue(batch, true), timeout, unit);
    }

    /**
     * Queues a batch for a caller that waits for it later, after releasing its own lock: {@link #applyAndWait} in two
     * steps, so the caller's wait leads a round as {@code applyAndWait}'s does. No round thread is woken for it here:
     * its caller writes it, or a round that runs meanwhile takes it.
     */
    @Override
    public Submission submit(Batch batch) {
        Objects.requireNonNull(batch, "batch");
        Pending pending = enqueue(batch, true);
        return new Submission() {
            @Override
            public CompletionStage<Void> stage() {
                return pending.stage;
            }

            @Override
            public void await(long timeout, TimeUnit unit) throws StoreException, InterruptedException {
                if (timeout < 0) {
                    throw new IllegalArgumentException("timeout must not be negative: " + timeout);
                }
                lead(pending, timeout, unit);
            }
        };
    }

    /**
     * Leader/follower group commit: the caller waits for its batch anyway, so when no round runs it runs one itself:
     * writes the queued batches (its own among them), syncs them and completes a few, instead of handing them to a
     * round thread and waiting to be woken. Otherwise it waits, and wakes a round thread if a round may start for
     * what is queued. (Leading also while rounds are in flight gives as many syncs, but fewer records/s and a record
     * fewer per sync under 64 writers: the store benchmark.)
     */
    private void lead(Pending pending, long timeout, TimeUnit unit) throws StoreException, InterruptedException {
        while (syncStage.idle() && !pending.stage.isDone() && syncStage.reserve(0, true)) {
            if (!writeAndSync(pending)) {
                break; // another thread wrote it: its acknowledgement is on the way
            }
            acks.acknowledge(INLINE_ACKS);
        }
        wakeRounds(); // batches queued while this caller wrote: nobody else may be about to write them
        if (!WakeChain.await(pending, unit.toNanos(timeout))) {
            throw new StoreException(Reason.UNAVAILABLE, "journal store did not acknowledge a batch within "
                    + timeout + " " + unit.toString().toLowerCase() + "; it may still become durable", null, true);
        }
        try {
            pending.stage.get(); // complete: the wait above returned true
        } catch (ExecutionException e) {
            throw StoreException.from(e);
        }
    }

    /**
     * Queues a batch (S5: waiting at most the admission time for room); a refused batch is not queued and its
     * stage has failed.
     */
    private Pending enqueue(Batch batch) {
        return enqueue(batch, false);
    }

    /** Queues a batch; {@code caller}: a caller of applyAndWait will park for it ({@link WakeChain}). */
    private Pending enqueue(Batch batch, boolean caller) {
        Pending pending = new Pending(batch);
        pending.caller = caller;
        if (closed) {
            pending.stage.completeExceptionally(closedException());
            return pending;
        }
        try {
            if (!queue.offer(pending, settings.admissionMillis(), TimeUnit.MILLISECONDS)) {
                pending.stage.completeExceptionally(new StoreException(Reason.OVERLOADED, "journal store "
                        + "overloaded: its queue of " + settings.queueBound() + " batches stayed full for "
                        + settings.admissionMillis() + " ms; retry after a short back-off, or raise queue.bound ("
                        + IoFailures.CONFIGURATION + ")"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending.stage.completeExceptionally(new StoreException(Reason.OVERLOADED, "interrupted while waiting "
                    + "for room in the journal store's queue", e, false));
        }
        if (closed && roundsDone) {
            failQueued(); // S7: the round threads ended after this batch passed the check above
        }
        return pending;
    }

    /**
     * Wakes a round thread if batches are queued and a round may start for them (none that runs would take them
     * before it ends).
     */
    private void wakeRounds() {
        int queued = queue.size();
        if (queued > 0 && syncStage.wanted(queued)) {
            wake.signal();
        }
    }

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException {
        Names.requireSpace(space);
        Objects.requireNonNull(visitor, "visitor");
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
        return stats.limits(settings.maxRecords(), settings.maxBytes()).queued(queue.size() + (long) inFlight.get())
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

    /** Closes the store (S7): queued batches fail with CLOSED, the journal is closed. Idempotent. */
    void close() {
        closed = true;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(JournalWriter.WRITE_TIMEOUT_SECONDS + 10);
        try {
            for (Thread rounder : rounders) {
                while (rounder.isAlive() && System.nanoTime() < deadline) {
                    wake.now(); // each wakes on its own permit: a woken thread takes every pending one
                    rounder.join(10);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        commitLock.lock(); // a leader may be writing: close the journal after its group
        try {
            failQueued();
            writer.close();
        } finally {
            commitLock.unlock();
        }
        roundsDone = true;
        try {
            acks.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        syncAll(); // S7: every stage is complete when close returns
        failQueued();
        syncStage.closeFiles();
    }

    // ---- the round threads

    /**
     * A round thread: while batches wait and a round may start for them ({@link SyncStage#reserve}), writes them as
     * a group, then syncs every group that waits and completes what it can, in its own thread, with no hand-off
     * between writing and syncing. Batches queued while it syncs wake another round thread when they may start a
     * round beside it.
     */
    private void roundLoop() {
        try {
            while (!closed) {
                probe.beforeRound();
                int queued = queue.size();
                if (queued == 0 || !syncStage.reserve(queued, false)) {
                    if (!wake.await()) {
                        retryWhenIdle();
                    }
                    continue;
                }
                writeAndSync(null);
                if (queue.isEmpty()) {
                    acks.acknowledge();
                } else {
                    acks.wake(); // the acknowledging thread completes this round while this one writes the next
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            LOG.log(Level.ERROR, "Estuary journal store's round thread failed; the store refuses batches", e);
            writer.refuse(new StoreException(Reason.UNAVAILABLE, "journal store's round thread failed: " + e, e,
                    true));
            closed = true;
            wake.now();
        }
    }

    /**
     * A reserved round ({@link SyncStage#reserve}), in the caller's thread: writes the queued batches as a group,
     * unless {@code own} (a leading caller's batch) is in a group already; wakes a round thread for the batches queued
     * meanwhile, which may start a round beside this one; then syncs every group that waits and ends the
     * reservation, also if writing failed. False if {@code own} was written by another thread.
     */
    private boolean writeAndSync(Pending own) {
        boolean wrote;
        try {
            commitLock.lock();
            try {
                wrote = own == null || !own.taken;
                if (wrote) {
                    commitQueued();
                }
            } finally {
                commitLock.unlock();
            }
            wakeRounds();
        } finally {
            syncStage.runReserved(); // this group, unless a round beside it took it first
        }
        return wrote;
    }

    /**
     * Commits the next group: up to MAX_GROUP queued batches, in queue order, and queues it for acknowledgement
     * ({@link AckStage}). The caller holds the commit lock.
     */
    private void commitQueued() {
        List<Pending> batches = new ArrayList<>(Math.min(Math.max(queue.size(), 1), MAX_GROUP));
        queue.drainTo(batches, MAX_GROUP);
        if (batches.isEmpty()) {
            return;
        }
        inFlight.addAndGet(batches.size());
        for (Pending p : batches) {
            p.taken = true;
        }
        Group group = new Group(batches);
        try {
            if (closed) {
                decide(batches, closedException());
            } else {
                writer.write(group);
            }
        } catch (RuntimeException | Error e) {
            LOG.log(Level.ERROR, "Estuary journal store's commit failed unexpectedly; the store refuses batches", e);
            StoreException failure = new StoreException(Reason.UNAVAILABLE, "journal store's commit failed: " + e, e,
                    true);
            writer.refuse(failure);
            group.journal = null;
            decide(batches, failure);
            closed = true; // as when a round thread dies: the store stays refused until it is reactivated
            wake.now();
        } finally {
            syncStage.add(group); // under the commit lock: groups reach the sync stage in commit order
        }
    }

    /** Closing: rounds in the closing thread until no group waits, then every acknowledgement. */
    private void syncAll() {
        while (syncStage.reserve(0, true) && syncStage.runReserved()) {
            acks.wake(); // the next round syncs while the acknowledging thread completes this one
        }
        acks.acknowledge();
    }

    private void complete(Pending p, StoreException failure) {
        if (failure == null) {
            latency.record(System.nanoTime() - p.accepted);
            commits.incrementAndGet();
            p.stage.complete(null);
        } else {
            noteFailure(failure);
            p.stage.completeExceptionally(failure);
        }
        if (p.caller && p.chain == null) {
            Thread waiter = p.waiter; // completed outside a chain (failed while queued, closing): wake it here
            if (waiter != null) {
                LockSupport.unpark(waiter);
            }
        }
    }

    /** Records the outcome of a batch of the group being committed; {@link AckStage} delivers it. */
    static void decide(Pending p, StoreException failure) {
        p.outcome = failure;
        p.decided = true;
    }

    /** Decides every batch of {@code group} not decided yet as failed with {@code failure}. */
    static void decide(List<Pending> group, StoreException failure) {
        for (Pending p : group) {
            if (!p.decided) {
                decide(p, failure);
            }
        }
    }

    private void fail(List<Pending> group, StoreException failure) {
        for (Pending p : group) {
            if (!p.stage.isDone()) {
                complete(p, failure);
            }
        }
    }

    private void failQueued() {
        List<Pending> left = new ArrayList<>();
        queue.drainTo(left);
        fail(left, closedException());
    }

    // ---- opening and recovery

    /** When a round thread last tried to reopen the journal (read by each, written under the commit lock). */
    private volatile long lastRetry = System.nanoTime();

    /** While idle and down, retries opening about once a second, so scans work again without a batch. */
    private void retryWhenIdle() {
        if (writer.down() != null && System.nanoTime() - lastRetry > TimeUnit.SECONDS.toNanos(1)
                && commitLock.tryLock()) {
            try {
                lastRetry = System.nanoTime();
                if (writer.down() != null && !closed) {
                    writer.reopen();
                }
            } catch (StoreException e) {
                // still down; the next batch or the next idle second tries again
            } finally {
                commitLock.unlock();
            }
        }
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

    private void noteFailure(StoreException failure) {
        failures.incrementAndGet();
        lastFailure = failure.getMessage();
    }

    /**
     * Loads the classes of the write path and of the refusals while this bundle's wiring is valid, writing nothing
     * (a batch planned against the index, encoded, refused). A caller still holding this store after its bundle was
     * refreshed (bundle:update) then gets CLOSED, as Store S7 says, not a ClassNotFoundException
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
        refused.stage.completeExceptionally(closedException());
        new Group(List.of(refused));
        try {
            refused.stage.get();
        } catch (ExecutionException e) {
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
