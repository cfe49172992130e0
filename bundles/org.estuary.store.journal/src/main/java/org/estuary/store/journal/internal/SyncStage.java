package org.estuary.store.journal.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The journal store's sync stage: the groups the write stage wrote and did not sync yet, in write order, and the
 * rounds that sync them. A round takes every waiting group, calls {@code fdatasync} once per file they wrote into
 * (one, unless the journal moved to its next file) through the store's own descriptors ({@link FileSyncer}), then
 * hands on each group's outcome in write order. One round runs at a time (its lock), so outcomes keep commit order
 * (Store S3) while the next group is being written.
 *
 * <p>A failed sync fails the round's groups with an unknown outcome (they were written), and every later group
 * written to the same journal: those were planned over the failed ones, and were they durable without them, the
 * journal could hold both the old and the new record of a key. The store then reopens the journal, which re-reads
 * what is on disk (S6).
 */
final class SyncStage {

    /** Where a round's outcomes go. */
    interface Outcomes {

        /** The group is decided, in write order: durable when {@code cause} is null, else failed by it. */
        void decided(JournalStore.Group group, Throwable cause);

        /** A sync failed with {@code cause}: its journal must not be written any more. */
        void failed(Throwable cause);
    }

    private final boolean sync;
    private final Outcomes outcomes;
    private final Queue<JournalStore.Group> unsynced = new ConcurrentLinkedQueue<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final FileSyncer files = new FileSyncer();
    private final AtomicLong syncs = new AtomicLong();
    /** Time spent inside {@code fdatasync}: with {@link #syncs} it tells whether the disk or the store is the limit. */
    private final AtomicLong syncNanos = new AtomicLong();
    /** The journal whose sync failed, and why: its later groups fail too (owned by the lock's holder). */
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

    /** Write stage, in write order (under the commit lock): a group written and not synced yet. */
    void add(JournalStore.Group group) {
        unsynced.add(group);
    }

    boolean isEmpty() {
        return unsynced.isEmpty();
    }

    /** One round over every waiting group, unless none waits or another thread runs a round; true if it ran. */
    boolean roundIfFree() {
        if (unsynced.isEmpty() || !lock.tryLock()) {
            return false;
        }
        try {
            List<JournalStore.Group> round = new ArrayList<>();
            JournalStore.Group group;
            while ((group = unsynced.poll()) != null) {
                round.add(group);
            }
            round(round);
        } finally {
            lock.unlock();
        }
        return true;
    }

    private void round(List<JournalStore.Group> round) {
        CountDownLatch held = hold;
        if (held != null) {
            hold = null;
            holdReached.countDown();
            awaitUninterruptibly(held);
        }
        Throwable failure = null;
        FileSyncer.Tracked last = null;
        for (JournalStore.Group group : round) {
            if (group.journal == null || group.journal == failedJournal || group.file == last) {
                continue;
            }
            last = group.file;
            if (!sync) {
                continue; // sync.mode=none: acknowledged once the OS has the records
            }
            try {
                if (failNext) {
                    failNext = false;
                    throw new IOException("injected sync failure (test)");
                }
                long started = System.nanoTime();
                FileSyncer.sync(group.file);
                syncNanos.addAndGet(System.nanoTime() - started);
                syncs.incrementAndGet();
            } catch (IOException | RuntimeException e) {
                failure = e;
                failedJournal = group.journal;
                failedSync = e;
                break;
            }
        }
        if (failure == null && last != null) {
            files.release(last);
        }
        for (JournalStore.Group group : round) {
            Throwable cause = group.journal == null ? null
                    : failure != null ? failure : group.journal == failedJournal ? failedSync : null;
            outcomes.decided(group, cause);
        }
        if (failure != null) {
            outcomes.failed(failure);
        }
    }

    /** Closes the descriptors once no round runs: the store is closed and every round has ended. */
    void closeFiles() {
        lock.lock();
        try {
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
     * Test hook: the next round waits for the latch before its {@code fdatasync} (holding the round's lock); the
     * returned latch opens once it waits.
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
