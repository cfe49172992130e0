package org.estuary.store.rocksdb.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.estuary.store.api.LatencyWindow;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;

/**
 * Group commit of the WAL sync: batches are written into RocksDB (its memtable and its WAL buffer) one after the
 * other, unsynced, and then acknowledged together by one {@code FlushWAL(sync)} that covers all of them.
 *
 * <p>Who runs what: one thread at a time is the <em>leader</em>: it syncs everything written so far, in its own
 * thread, decides the batches its sync covered, hands the leadership on and only then completes the stages it
 * decided, so the next sync runs while those callers wake. A thread waiting for its batch ({@link #await}) leads
 * when nobody does; otherwise it parks, and is woken once: when its stage is complete (by the thread that completed
 * it, after completing it) or when a leader hands it the leadership (the oldest waiting caller whose batch the sync
 * did not cover gets it). Batches nobody waits for ({@link #background}) are synced by the thread
 * {@code estuary-rocksdb-sync}, which leads when the leadership is free and such a batch is still not covered a
 * moment ({@link #BACKGROUND_DELAY_NANOS}) after it was queued: a service often queues such a batch just before a
 * client's next batch (a registration's deletion, then the client's next call), and a sync the background thread
 * started at once would make that caller wait for it and then for its own; the caller's sync covers both. A batch
 * whose acknowledgement is wanted though no thread waits for it ({@link #prompt}: a client's call answered once it
 * is durable) is synced by that thread as soon as the leadership is free, and the stages it completes run their
 * callbacks there. Stages
 * complete in the order the batches were written, by one thread at a time (Store S3): a leader finding another
 * thread completing leaves its stages to it, and that thread wakes their waiters.
 *
 * <p>A parked caller reads only volatile state (its stage, its {@code lead} flag), and a thread that wakes it first
 * publishes that state and then reads the caller's {@code waiter}, which the caller set before it looked: so either
 * the caller sees the change and does not park, or its waker sees the caller and unparks it; no wake-up is lost.
 *
 * <p>A failed sync fails every batch written so far with an unknown outcome: they were written over each other and
 * are in RocksDB's memtable, so they may still become durable, but none is acknowledged.
 */
final class WalSync {

    /** What the leader calls: RocksDB's {@code FlushWAL(true)}, its failure as the store reports it. */
    @FunctionalInterface
    interface Disk {
        void sync() throws StoreException;
    }

    /** A batch written and not yet acknowledged. */
    static final class Pending {
        final long ticket;
        final long accepted;
        final CompletableFuture<Void> stage = new CompletableFuture<>();
        // Written under the WalSync; outcome published to other threads with the stage.
        private boolean decided;
        private StoreException outcome;
        /** The caller parked in {@link #await} for this batch, if any; read by whoever completes its stage. */
        private volatile Thread waiter;
        /** The leadership was handed to this batch's caller; read by that caller while it parks. */
        private volatile boolean lead;

        Pending(long ticket, long accepted) {
            this.ticket = ticket;
            this.accepted = accepted;
        }
    }

    /**
     * How long a batch nobody waits for may stay unsynced before the background thread syncs it: a few RPCs, less
     * than a sync, so that a caller arriving meanwhile leads the one sync for both.
     */
    static final long BACKGROUND_DELAY_NANOS = TimeUnit.MICROSECONDS.toNanos(500);

    private final Disk disk;
    private final long backgroundDelayNanos;
    private final int bound;
    private final LatencyWindow latency;
    private final Thread background;

    // Guarded by this.
    /** Written and not completed, in write order; the decided ones are a prefix. */
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private long written;
    private long decidedUpTo;
    private long wanted;
    /** The last batch whose acknowledgement is wanted without delay and awaited by no thread. */
    private long prompt;
    private boolean leading;
    private boolean completing;
    private boolean closed;
    /**
     * Threads other than the background one waiting on this monitor (for room, for the leadership to be free, for
     * the last stages): a change they wait for is announced only when one waits, so a sync does not wake the
     * background thread for nothing.
     */
    private int waiting;
    // Written under this, read without it (admission's fast path, stats).
    private volatile int size;
    private volatile long commits;
    private volatile long failures;

    WalSync(Disk disk, int bound, LatencyWindow latency) {
        this(disk, bound, latency, BACKGROUND_DELAY_NANOS);
    }

    /** With {@code backgroundDelayNanos} in place of {@link #BACKGROUND_DELAY_NANOS}. */
    WalSync(Disk disk, int bound, LatencyWindow latency, long backgroundDelayNanos) {
        this.disk = disk;
        this.backgroundDelayNanos = backgroundDelayNanos;
        this.bound = bound;
        this.latency = latency;
        this.background = new Thread(this::runBackground, "estuary-rocksdb-sync");
        background.setDaemon(true);
        background.start();
    }

    /** Waits until fewer than the bound are pending, at most until {@code deadline}; whether there is room (S5). */
    boolean awaitRoom(long deadline) throws InterruptedException {
        if (size < bound) {
            return true; // the common case, without the monitor the leader and the completing thread take
        }
        synchronized (this) {
            while (pending.size() >= bound) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                waiting++;
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                } finally {
                    waiting--;
                }
            }
            return true;
        }
    }

    /** Called under the store's write lock right after a batch was written: its place in the queue. */
    synchronized Pending written(long accepted) {
        Pending p = new Pending(++written, accepted);
        pending.add(p);
        size = pending.size();
        return p;
    }

    /** Has the background thread sync {@code p} unless a waiting caller does first. */
    synchronized void background(Pending p) {
        wanted = Math.max(wanted, p.ticket);
        if (!leading) {
            notifyAll();
        }
    }

    /**
     * Has the background thread sync {@code p} as soon as the leadership is free, without the delay of
     * {@link #background}: someone wants its acknowledgement and no thread waits for it ({@code Submission.release}).
     */
    synchronized void prompt(Pending p) {
        wanted = Math.max(wanted, p.ticket);
        prompt = Math.max(prompt, p.ticket);
        if (!leading) {
            notifyAll();
        }
    }

    /**
     * Waits at most {@code timeoutNanos} for {@code p}'s acknowledgement, leading the sync that covers it when
     * nobody leads or the leadership is handed to it.
     */
    void await(Pending p, long timeoutNanos) throws StoreException, InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (!p.stage.isDone()) {
            long target = -1;
            synchronized (this) {
                if (!p.decided && (p.lead || !leading)) {
                    p.lead = false;
                    leading = true;
                    target = written;
                } else {
                    p.waiter = Thread.currentThread(); // before the checks below: see the class comment
                }
            }
            if (target >= 0) {
                lead(target);
                continue;
            }
            while (!p.stage.isDone() && !p.lead) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    giveUp(p);
                    throw timedOut(timeoutNanos);
                }
                LockSupport.parkNanos(this, left);
                if (Thread.interrupted()) {
                    giveUp(p);
                    throw new InterruptedException();
                }
            }
        }
        p.waiter = null;
        try {
            p.stage.join();
        } catch (CompletionException e) {
            throw StoreException.from(e);
        }
    }

    private static StoreException timedOut(long timeoutNanos) {
        return new StoreException(Reason.UNAVAILABLE, "rocksdb store did not acknowledge a batch within "
                + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms (its WAL sync is slow); it may still become "
                + "durable", null, true);
    }

    /** A caller stops waiting: the leadership handed to it, if any, goes on to another. */
    private synchronized void giveUp(Pending p) {
        p.waiter = null;
        if (p.lead) {
            p.lead = false;
            handOn();
        }
    }

    /** Batches written and not yet acknowledged. */
    int queued() {
        return size;
    }

    /** Batches acknowledged so far. */
    long commits() {
        return commits;
    }

    /** Batches failed by a failed sync so far. */
    long failures() {
        return failures;
    }

    /**
     * Refuses new work to the background thread and syncs what is pending, so every batch written before is
     * acknowledged (or failed, if the sync fails) when this returns (Store S7).
     */
    void close() throws InterruptedException {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        background.join();
        drain();
        synchronized (this) {
            while (!pending.isEmpty()) {
                waitHere(); // another thread completes the last stages
            }
        }
    }

    /** Under this: waits on the monitor as one of the {@link #waiting} threads. */
    private void waitHere() throws InterruptedException {
        waiting++;
        try {
            wait();
        } finally {
            waiting--;
        }
    }

    /**
     * Syncs (or fails) every batch written so far, leading as often as needed; returns once each has its outcome
     * (a thread completing stages may still be at it: the store calls this under its write lock, which a stage's
     * callback applying a batch would wait for).
     */
    void drain() throws InterruptedException {
        while (true) {
            long target;
            synchronized (this) {
                while (leading) {
                    waitHere();
                }
                if (decidedUpTo >= written) {
                    return;
                }
                leading = true;
                target = written;
            }
            lead(target);
        }
    }

    private void runBackground() {
        try {
            while (true) {
                long target;
                synchronized (this) {
                    while (!closed && (leading || wanted <= decidedUpTo)) {
                        wait();
                    }
                    // a caller arriving meanwhile leads a sync that covers the batch, and nobody waits for two
                    long until = System.nanoTime() + backgroundDelayNanos;
                    long left;
                    while (!closed && !leading && wanted > decidedUpTo && prompt <= decidedUpTo
                            && (left = until - System.nanoTime()) > 0) {
                        TimeUnit.NANOSECONDS.timedWait(this, left);
                    }
                    if (closed) {
                        return;
                    }
                    if (leading || wanted <= decidedUpTo) {
                        continue;
                    }
                    leading = true;
                    target = written;
                }
                lead(target);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * As the leader: syncs, decides what the sync covered (all pending if it failed), hands the leadership on, then
     * completes the decided stages in order.
     */
    private void lead(long target) {
        StoreException failure = null;
        try {
            disk.sync();
        } catch (StoreException e) {
            failure = e;
        } catch (RuntimeException e) {
            failure = new StoreException(Reason.UNAVAILABLE, "rocksdb store failed to sync its WAL: " + e, e, true);
        }
        synchronized (this) {
            long decided = 0;
            for (Pending p : pending) {
                if (p.decided) {
                    continue;
                }
                if (failure == null && p.ticket > target) {
                    break;
                }
                p.decided = true;
                p.outcome = failure;
                decidedUpTo = p.ticket;
                decided++;
            }
            if (failure == null) {
                commits += decided;
            } else {
                failures += decided;
            }
            handOn();
        }
        complete();
    }

    /**
     * Hands the leadership (held by the caller) to the oldest caller waiting for a batch not decided yet, or frees
     * it, waking the background thread and the closing one.
     */
    private void handOn() {
        for (Pending p : pending) {
            Thread waiter = p.waiter;
            if (!p.decided && waiter != null) {
                p.lead = true;
                LockSupport.unpark(waiter);
                return;
            }
        }
        leading = false;
        if (waiting > 0 || wanted > decidedUpTo) {
            notifyAll(); // a drain, or the background thread with a batch to sync
        }
    }

    /**
     * Completes the decided stages at the head, oldest first, unless another thread is at it (S3 order), and wakes
     * each one's waiter once its stage is complete.
     */
    private void complete() {
        synchronized (this) {
            if (completing) {
                return;
            }
            completing = true;
        }
        List<Pending> ready = new ArrayList<>();
        while (true) {
            synchronized (this) {
                Pending head;
                while ((head = pending.peekFirst()) != null && head.decided) {
                    ready.add(pending.pollFirst());
                }
                size = pending.size();
                if (ready.isEmpty()) {
                    completing = false;
                    if (waiting > 0) {
                        notifyAll(); // room for admission, and the closing thread
                    }
                    return;
                }
                if (size < bound) {
                    if (waiting > 0) {
                        notifyAll(); // admission waits only when the queue was full
                    }
                }
            }
            long now = System.nanoTime();
            for (Pending p : ready) {
                if (p.outcome == null) {
                    latency.record(now - p.accepted);
                    p.stage.complete(null);
                } else {
                    p.stage.completeExceptionally(p.outcome);
                }
                Thread waiter = p.waiter; // after the stage is complete: see the class comment
                if (waiter != null) {
                    LockSupport.unpark(waiter);
                }
            }
            ready.clear();
        }
    }
}
