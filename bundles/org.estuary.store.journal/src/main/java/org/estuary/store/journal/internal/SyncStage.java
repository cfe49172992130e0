package org.estuary.store.journal.internal;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The journal store's sync stage: the groups the write stage wrote and did not sync yet, in write order, and the
 * rounds that sync them. A round takes every waiting group and calls {@code fdatasync} once per file they wrote into
 * (one, unless the journal moved to its next file) through the store's own descriptors ({@link FileSyncer}).
 *
 * <p>A round is reserved ({@link #reserve}) by a thread that then writes the queued batches as a group and syncs
 * every group that waits ({@link #runReserved}): the store's round threads, or a caller leading its own batch. Up to
 * {@link #ROUNDS} rounds run at once: one is reserved whenever none is, another beside those once
 * {@link #MIN_BATCHES} batches are queued. Syncs in flight together each take longer than one alone, but together
 * sync more often than one at a time can: one at a time is capped by the disk's rate at a group's size, several are
 * not (the store benchmark, bench/README.md). A round writes its groups' appends (they wait in memory,
 * {@link JournalFileFactory}) in one {@code write(2)} right before its {@code fdatasync}, so no record is written
 * into the file while it syncs. Rounds hand on their groups' outcomes in the order they took them, whatever order
 * their syncs end in, so outcomes keep commit order (Store S3). A round that finds no group waiting (a round beside
 * it took its group) ends without a sync.
 *
 * <p>A failed sync fails the round's groups with an unknown outcome (they were written), and every later group
 * written to the same journal, also those of a round already in flight: those were planned over the failed ones,
 * and were they durable without them, the journal could hold both the old and the new record of a key. The store
 * then reopens the journal, which re-reads what is on disk (S6).
 */
final class SyncStage {

    /**
     * Rounds at once at most: the round threads the store runs. A fourth round only split the groups of 64 writers
     * into smaller ones, with no more records/s (the store benchmark).
     */
    static final int ROUNDS = 3;
    /**
     * Batches that must be queued before a round starts beside one in flight: a sync for a single record would slow
     * the others down and sync little. Under 64 writers, 2 gave more syncs than 3, 5 or 10 at the same records/s and
     * p99, and 1 more syncs again but fewer records/s (the store benchmark).
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
    private final JournalProbe probe;
    private final FileSyncer files = new FileSyncer();

    private final ReentrantLock lock = new ReentrantLock();
    /** Signalled when the last reserved round ends (closing waits for it). */
    private final Condition idle = lock.newCondition();
    // Guarded by lock:
    private final ArrayDeque<JournalStore.Group> unsynced = new ArrayDeque<>();
    /**
     * Rounds reserved: threads between {@link #reserve} and the end of their round, each writing a group and then
     * syncing every group that waits (written under the lock; read without it by {@link #wanted} and {@link #idle}).
     */
    private volatile int reserved;
    private long started;
    private long handedOn;
    /** Rounds whose sync ended before an earlier round's, by number: handed on once every earlier one is. */
    private final TreeMap<Long, Round> endedEarly = new TreeMap<>();
    /** The journal whose sync failed, and why: its later groups fail too. */
    private ArtemisJournal failedJournal;
    private Throwable failedSync;

    /**
     * A stage that syncs ({@code sync}; with sync.mode=none a round only hands on outcomes) into {@code outcomes},
     * telling {@code probe} about each {@code fdatasync}.
     */
    SyncStage(boolean sync, Outcomes outcomes, JournalProbe probe) {
        this.sync = sync;
        this.outcomes = outcomes;
        this.probe = probe;
    }

    /** The descriptors the write stage opens on each file before it writes into it. */
    FileSyncer files() {
        return files;
    }

    /** Write stage, in write order (under the commit lock): a group written and not synced yet. */
    void add(JournalStore.Group group) {
        lock.lock();
        try {
            unsynced.add(group);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Whether a round may be reserved with {@code queued} batches waiting to be written: none is, or fewer than
     * {@link #ROUNDS} are and {@link #MIN_BATCHES} batches wait. Read without the lock, to decide whether to wake a
     * round thread; {@link #reserve} decides.
     */
    boolean wanted(int queued) {
        int now = reserved;
        return now == 0 || (now < ROUNDS && queued >= MIN_BATCHES);
    }

    /**
     * Reserves a round for a thread that means to write the queued batches as a group and then sync them
     * ({@link #runReserved}): {@code alone} only when no round is reserved (a caller leading its own batch), else
     * when {@link #wanted}. True if reserved.
     */
    boolean reserve(int queued, boolean alone) {
        lock.lock();
        try {
            if (alone ? reserved != 0 : !wanted(queued)) {
                return false;
            }
            reserved++;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The reserved round, in the reserving thread: syncs every group that waits (its own, unless a round beside it
     * took it, and those written since), hands on outcomes in write order, and ends the reservation. True if it
     * synced anything.
     */
    boolean runReserved() {
        Round round = null;
        lock.lock();
        try {
            if (!unsynced.isEmpty()) {
                round = take();
            } else {
                endReservation();
            }
        } finally {
            lock.unlock();
        }
        if (round == null) {
            return false;
        }
        run(round);
        return true;
    }

    /** Whether no round is reserved: a caller of applyAndWait then writes and syncs its own group. */
    boolean idle() {
        return reserved == 0;
    }

    /** Takes every waiting group as the next round (the lock is held). */
    private Round take() {
        Round round = new Round(++started, new ArrayList<>(unsynced));
        unsynced.clear();
        return round;
    }

    /** A reserved round ends (the lock is held); closing waits for the last one. */
    private void endReservation() {
        if (--reserved == 0) {
            idle.signalAll();
        }
    }

    /** Syncs a round's files, then hands on its outcomes and those of rounds it ended after. */
    private void run(Round round) {
        syncFiles(round);
        lock.lock();
        try {
            endReservation();
            endedEarly.put(round.number, round);
            Round next;
            while ((next = endedEarly.get(handedOn + 1)) != null) {
                endedEarly.remove(++handedOn);
                handOn(next);
            }
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
                probe.beforeSync();
                long begun = System.nanoTime();
                FileSyncer.sync(group.file);
                probe.synced(System.nanoTime() - begun);
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
            while (reserved > 0) {
                idle.awaitUninterruptibly();
            }
            files.closeAll();
        } finally {
            lock.unlock();
        }
    }
}
