package org.estuary.txn.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import org.estuary.core.concurrent.Waits;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.WritePath;

/**
 * Writes commit points (TX.2.8) in groups: each committing thread queues its transaction's record, and one thread at
 * a time leads: it takes every record queued so far into one batch through the write path, finishes each of those
 * transactions once the batch is durable (COMMITTED, or taken back when it failed) and wakes their threads, then
 * lets another waiting thread lead the records queued meanwhile. So concurrent commits share one turn at the write
 * path's lock, one store write and one sync, instead of queueing at that lock one by one while the store syncs.
 * Thread-safe; the queue and the leadership take no lock.
 */
final class CommitPoints {

    /** The most commit points one batch carries. */
    static final int MAX_GROUP = 256;
    /**
     * How often a waiting thread looks again before it parks, yielding its processor in between: with more
     * committing threads than processors, the leader it waits for may be one that is not running.
     */
    private static final int SPINS = 256;
    /**
     * Waiters look again before parking only while a group's write takes less than this (a store that acknowledges
     * at once): when it waits for a sync, looking threads would only take the processors from the leader and the store.
     */
    private static final long SPIN_WORTH_NANOS = 20_000;

    private final TxnState state;
    private final ConcurrentLinkedQueue<Pending> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean leading = new AtomicBoolean();
    /** How long the last group's write took (nanoseconds), written by its leader. */
    private volatile long lastWriteNanos;

    CommitPoints(TxnState state) {
        this.state = state;
    }

    /** One transaction's commit point, queued by its committing thread and finished by the leader that wrote it. */
    private static final class Pending {
        final Txn txn;
        final byte[] record;
        final Thread waiter = Thread.currentThread();
        // Written by the leader before done:
        List<Joined> toTell = List.of();
        StoreException failure;
        volatile boolean done;
        /** Whether its thread is parked or about to park, waiting to be woken. */
        volatile boolean parked;

        Pending(Txn txn, byte[] record) {
            this.txn = txn;
            this.record = record;
        }
    }

    /**
     * Makes {@code txn}'s commit point durable with {@code record} (the caller moved it to VOTING, its vote is over)
     * and moves it to COMMITTED; returns the participants to tell (none when the transaction completed otherwise
     * meanwhile). An interrupt does not end the wait (the record may be in a batch already); the thread's interrupt
     * status is set again on return.
     *
     * @throws StoreException if the record was not made durable: with an unknown outcome the transaction is still
     *     deciding (write it again), otherwise it is aborted
     */
    List<Joined> write(Txn txn, byte[] record) throws StoreException {
        if (record.length > Store.MAX_VALUE_BYTES) {
            String reason = "its commit record of " + record.length + " bytes is larger than a record may be in any "
                    + "store (Store.MAX_VALUE_BYTES, " + Store.MAX_VALUE_BYTES + " bytes): fewer participants, or "
                    + "participants with smaller references";
            synchronized (txn.lock) {
                state.abort(txn, reason);
            }
            throw new StoreException(StoreException.Reason.TOO_LARGE, txn + " aborted: " + reason);
        }
        Pending mine = new Pending(txn, record);
        queue.add(mine);
        boolean interrupted = false;
        int spins = 0;
        while (!mine.done) {
            if (!leading.get() && leading.compareAndSet(false, true)) {
                List<Pending> group;
                try {
                    long started = System.nanoTime();
                    group = drain();
                    interrupted |= write(group);
                    lastWriteNanos = System.nanoTime() - started;
                } finally {
                    leading.set(false);
                }
                // the records queued meanwhile go next, led by the oldest one's thread; then this group's threads wake
                Pending next = queue.peek();
                if (next != null) {
                    wake(next);
                }
                for (Pending p : group) {
                    wake(p);
                }
            } else if (spins < SPINS && lastWriteNanos < SPIN_WORTH_NANOS) {
                spins++; // a batch the store acknowledges at once (memory) is finished before a park would start
                Thread.yield();
            } else {
                Waits.aboutToWait(); // for the leader's sync
                mine.parked = true;
                if (!mine.done && leading.get()) { // else the leader may have looked before this was parked
                    LockSupport.park(this);
                }
                mine.parked = false;
                interrupted |= Thread.interrupted();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (mine.failure != null) {
            throw mine.failure;
        }
        return mine.toTell;
    }

    /** Wakes the thread of {@code p} if it parked (it looks at done and the lead after saying so). */
    private static void wake(Pending p) {
        if (p.parked) {
            LockSupport.unpark(p.waiter);
        }
    }

    /** As the leader: the commit points queued, oldest first, at most {@link #MAX_GROUP}. */
    private List<Pending> drain() {
        List<Pending> group = new ArrayList<>();
        Pending next;
        while (group.size() < MAX_GROUP && (next = queue.poll()) != null) {
            group.add(next);
        }
        return group;
    }

    /**
     * As the leader: writes {@code group} as one batch and finishes each of its commit points (their threads are
     * woken by the caller); whether interrupted meanwhile.
     */
    private boolean write(List<Pending> group) {
        boolean interrupted = false;
        try {
            state.path.run(() -> decide(group));
        } catch (StoreException e) {
            // Group.failed took each commit point back and gave each its failure
        } catch (InterruptedException e) {
            interrupted = true; // the write path failed the group (an unknown outcome): each is written again
        } finally {
            for (Pending p : group) {
                p.done = true;
            }
        }
        return interrupted;
    }

    /** Under the store's lock: the commit points of the transactions of {@code group} still deciding. */
    private WritePath.Change<Void> decide(List<Pending> group) {
        Batch.Builder batch = Batch.builder();
        List<Pending> writing = new ArrayList<>(group.size());
        for (Pending p : group) {
            synchronized (p.txn.lock) {
                if (p.txn.completed()) {
                    continue; // aborted meanwhile (vote.ms, the manager's view): nothing to write or tell
                }
                p.txn.deciding = true;
                p.txn.record = p.record;
            }
            batch.put(Records.COMMITTED, Records.key(p.txn.id), p.record);
            writing.add(p);
        }
        if (writing.isEmpty()) {
            return WritePath.Change.answer(null);
        }
        List<Long> drops = state.takeRecordDrops(batch);
        return new Group(writing, batch.build(), drops);
    }

    /** Commit points queued in the store together: what they show once durable, or take back when failed. */
    private final class Group implements WritePath.Change<Void> {
        private final List<Pending> members;
        private final Batch batch;
        /** The rolled-forward transactions whose commit records this batch deletes. */
        private final List<Long> drops;

        Group(List<Pending> members, Batch batch, List<Long> drops) {
            this.members = members;
            this.batch = batch;
            this.drops = drops;
        }

        @Override
        public Batch batch() {
            return batch;
        }

        @Override
        public Void acknowledged() {
            for (Pending p : members) {
                synchronized (p.txn.lock) {
                    p.txn.deciding = false;
                    p.toTell = state.committed(p.txn);
                }
            }
            return null;
        }

        @Override
        public void failed(StoreException cause) {
            for (long id : drops) {
                state.dropRecordLater(id); // deleted by a later batch
            }
            for (Pending p : members) {
                synchronized (p.txn.lock) {
                    p.txn.record = null;
                    p.failure = cause;
                    if (cause.outcomeUnknown()) {
                        continue; // still deciding: written again by its committing thread's caller
                    }
                    p.txn.deciding = false;
                    state.abort(p.txn, "its commit point could not be made durable: " + cause.getMessage());
                }
            }
        }
    }
}
