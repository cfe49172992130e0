package org.estuary.store.journal.internal;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The journal store's sync stage: the groups the write stage wrote and did not sync yet, in write order, and the
 * rounds that sync them. A round takes every waiting group and calls {@code fdatasync} once per file they wrote into
 * (one, unless the journal moved to its next file) through the store's own descriptors ({@link FileSyncer}).
 *
 * <p>Up to {@link #ROUNDS} rounds run at once, each in its own thread: one starts whenever groups wait and none
 * runs, another beside those in flight once {@link #MIN_BATCHES} batches wait. Syncs in flight together each take
 * longer than one alone, but together sync more often than one at a time can: one at a time is capped by the disk's
 * rate at a group's size, several are not (bench/README.md, store section, 2026-11-25). A round writes its groups'
 * appends (they wait in memory, {@link JournalFileFactory}) in one {@code write(2)} right before its
 * {@code fdatasync}, so no record is written into the file while it syncs. Rounds hand on their groups' outcomes in
 * the order they started, whatever order their syncs end in, so outcomes keep commit order (Store S3).
 *
 * <p>A failed sync fails the round's groups with an unknown outcome (they were written), and every later group
 * written to the same journal, also those of a round already in flight: those were planned over the failed ones,
 * and were they durable without them, the journal could hold both the old and the new record of a key. The store
 * then reopens the journal, which re-reads what is on disk (S6).
 */
final class SyncStage {

    /** Rounds in flight at most: the sync threads the store runs (2 and 4 did no better here). */
    static final int ROUNDS = 3;
    /**
     * Batches that must wait before a round starts beside one in flight: a sync for a single record would slow the
     * others down and sync little. Under 64 writers, 2 gave 6 % more syncs than 3 at the same records/s and p99, 1
     * more syncs again but 5 % fewer records/s, and 3 more than 5 and 10 (bench/README.md, store section,
     * 2026-11-25).
     */
    static final int MIN_BATCHES = 2;

    /** Where a round's outcomes go. */
    interface Outcomes {

        /** The group is decided, in write order: durable when {@code cause} is null, else failed by it. */
        void decided(JournalStore.Group group, Throwable cause);

        /** A sync failed with {@code cause}: its journal must not be written any more. */
        void failed(Throwable cause);
    }

    /** The groups of one round and what its sync gave. */
    private static final class Round {
        final long number;
        final List<JournalStore.Group> groups;
        FileSyncer.Tracked last;
        Throwable failure;
        ArtemisJournal failedJournal;

        Round(long number, List<JournalStore.Group> groups) {
            this.number = number;
            this.groups = groups;
        }
    }

    private final boolean sync;
    private final Outcomes outcomes;
    private final FileSyncer files = new FileSyncer();
    private final AtomicLong syncs = new AtomicLong();
    /** Time spent inside {@code fdatasync}: with {@link #syncs} it tells whether the disk or the store is the limit. */
    private final AtomicLong syncNanos = new AtomicLong();

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when a round may start, or the stage's threads must look at the end. */
    private final Condition startable = lock.newCondition();
    /** Signalled when the last round in flight ends (closing waits for it). */
    private final Condition idle = lock.newCondition();
    // Guarded by lock:
    private final ArrayDeque<JournalStore.Group> unsynced = new ArrayDeque<>();
    private int waitingBatches;
    /** Rounds in flight (written under the lock; read without it by {@link #idle}). */
    private volatile int inFlight;
    private long started;
    private long handedOn;
    /** Rounds whose sync ended before an earlier round's, by number: handed on once every earlier one is. */
    private final TreeMap<Long, Round> endedEarly = new TreeMap<>();
    /** The journal whose sync failed, and why: its later groups fail too. */
    private ArtemisJournal failedJournal;
    private Throwable failedSync;

    private volatile boolean failNext;
    private volatile CountDownLatch hold;
    private volatile CountDownLatch holdReached;

    /** A stage that syncs ({@code sync}; with sync.mode=none a round only hands on outcomes) into {@code outcomes}. */
    SyncStage(boolean sync, Outcomes outcomes) {
        this.sync = sync;
        this.outcomes = outcomes;
    }

    /** The descriptors the write stage opens on each file before it writes into it. */
    FileSyncer files() {
        return files;
    }

    /**
     * Write stage, in write order (under the commit lock): a group written and not synced yet. With {@code wake}, a
     * sync thread takes it when it may start a round; without, the caller means to sync it itself
     * ({@link #roundIfFree}).
     */
    void add(JournalStore.Group group, boolean wake) {
        lock.lock();
        try {
            unsynced.add(group);
            waitingBatches += group.batches.size();
            if (wake && mayStart(ROUNDS)) {
                startable.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * One round over every waiting group in the caller's thread, unless none waits or a round runs; true if it ran.
     * Whatever waits once it ends goes to the sync threads.
     */
    boolean roundIfFree() {
        Round round;
        lock.lock();
        try {
            if (!mayStart(1)) {
                if (mayStart(ROUNDS)) {
                    startable.signal(); // beside the round in flight: a sync thread starts it
                }
                return false;
            }
            round = take();
        } finally {
            lock.unlock();
        }
        run(round);
        return true;
    }

    /**
     * A sync thread's loop: rounds as they may start, until {@code ended} (nothing more will be written) and no
     * group waits. {@code afterRound} runs after each round, outside the stage's lock, with whether groups wait.
     */
    void serve(BooleanSupplier ended, Consumer<Boolean> afterRound) throws InterruptedException {
        while (true) {
            Round round;
            boolean more;
            lock.lock();
            try {
                while (!mayStart(ROUNDS)) {
                    if (ended.getAsBoolean() && unsynced.isEmpty()) {
                        return;
                    }
                    startable.await(100, TimeUnit.MILLISECONDS);
                }
                round = take();
            } finally {
                lock.unlock();
            }
            more = run(round);
            afterRound.accept(more);
        }
    }

    /**
     * Whether no round is in flight: a caller of applyAndWait then writes and syncs its own group (what keeps a
     * single writer at the disk's rate); with rounds in flight it leaves its batch to the commit thread, since a
     * group written by whichever caller won the lock costs more CPU per record and syncs fewer records.
     */
    boolean idle() {
        return inFlight == 0;
    }

    /** Wakes the sync threads to look at the end (closing). */
    void wakeAll() {
        lock.lock();
        try {
            startable.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Whether a round may start with {@code rounds} in flight at most (the lock is held). */
    private boolean mayStart(int rounds) {
        return !unsynced.isEmpty() && (inFlight == 0 || (inFlight < rounds && waitingBatches >= MIN_BATCHES));
    }

    /** Takes every waiting group as the next round (the lock is held). */
    private Round take() {
        Round round = new Round(++started, new ArrayList<>(unsynced));
        unsynced.clear();
        waitingBatches = 0;
        inFlight++;
        return round;
    }

    /** Syncs a round's files, then hands on its outcomes and those of rounds it ended after; true if groups wait. */
    private boolean run(Round round) {
        CountDownLatch held = hold;
        if (held != null) {
            hold = null;
            holdReached.countDown();
            awaitUninterruptibly(held);
        }
        syncFiles(round);
        lock.lock();
        try {
            inFlight--;
            endedEarly.put(round.number, round);
            Round next;
            while ((next = endedEarly.get(handedOn + 1)) != null) {
                endedEarly.remove(++handedOn);
                handOn(next);
            }
            if (inFlight == 0) {
                idle.signalAll();
            }
            if (mayStart(ROUNDS)) {
                startable.signal();
            }
            return !unsynced.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    /** One {@code fdatasync} per file the round's groups wrote into, the first failure ending the round. */
    private void syncFiles(Round round) {
        for (JournalStore.Group group : round.groups) {
            if (group.journal == null || group.file == round.last) {
                continue;
            }
            round.last = group.file;
            try {
                FileSyncer.flush(group.file); // the appends of every group so far, in one write(2)
                if (!sync) {
                    continue; // sync.mode=none: acknowledged once the OS has the records
                }
                if (failNext) {
                    failNext = false;
                    throw new IOException("injected sync failure (test)");
                }
                long begun = System.nanoTime();
                FileSyncer.sync(group.file);
                syncNanos.addAndGet(System.nanoTime() - begun);
                syncs.incrementAndGet();
            } catch (IOException | RuntimeException e) {
                round.failure = e;
                round.failedJournal = group.journal;
                return;
            }
        }
    }

    /** Hands on a round's outcomes, every earlier round's being handed on already (the lock is held). */
    private void handOn(Round round) {
        if (round.failure != null) {
            failedJournal = round.failedJournal;
            failedSync = round.failure;
        } else if (round.last != null) {
            files.release(round.last); // no later round writes into the files before it
        }
        for (JournalStore.Group group : round.groups) {
            Throwable cause = group.journal == null ? null
                    : round.failure != null ? round.failure : group.journal == failedJournal ? failedSync : null;
            outcomes.decided(group, cause);
        }
        if (round.failure != null) {
            outcomes.failed(round.failure);
        }
    }

    /** Closes the descriptors once no round runs: the store is closed and every round has ended. */
    void closeFiles() {
        lock.lock();
        try {
            while (inFlight > 0) {
                idle.awaitUninterruptibly();
            }
            files.closeAll();
        } finally {
            lock.unlock();
        }
    }

    /** Syncs since the store opened: the benchmark's records per sync. */
    long syncs() {
        return syncs.get();
    }

    /** Nanoseconds spent inside {@code fdatasync} since the store opened (the benchmark's sync_busy). */
    long syncNanos() {
        return syncNanos.get();
    }

    /** Test hook: the next sync fails, as an {@code fdatasync} reporting a write-back error would. */
    void failNext() {
        failNext = true;
    }

    /**
     * Test hook: the next round waits for the latch before its {@code fdatasync}; the returned latch opens once it
     * waits. Groups written meanwhile wait for it (fewer than {@link #MIN_BATCHES} start no round beside it).
     */
    CountDownLatch hold(CountDownLatch latch) {
        CountDownLatch waiting = new CountDownLatch(1);
        holdReached = waiting;
        hold = latch;
        return waiting;
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
