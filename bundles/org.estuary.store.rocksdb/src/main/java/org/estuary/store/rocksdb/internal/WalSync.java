package org.estuary.store.rocksdb.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.LatencyWindow;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;

/**
 * Group commit of the WAL sync: batches are written into RocksDB (its memtable and its WAL buffer) one after the
 * other, unsynced, and then acknowledged together by one {@code FlushWAL(sync)} that covers all of them.
 *
 * <p>Who runs what: a thread that waits for its batch ({@link #await}) and finds no sync running becomes the
 * <em>leader</em>: it syncs everything written so far, in its own thread, and completes the stages of the batches
 * that sync covered, oldest first; threads whose batches arrive meanwhile wait on this object's monitor and the
 * first of them leads the next sync. Batches nobody waits for ({@link #background}) are synced by the thread
 * {@code estuary-rocksdb-sync}, which leads like a waiting caller whenever such a batch is not covered yet. Only
 * one leader runs at a time, so stages complete in the order the batches were written (Store S3).
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

        Pending(long ticket, long accepted) {
            this.ticket = ticket;
            this.accepted = accepted;
        }
    }

    private final Disk disk;
    private final int bound;
    private final LatencyWindow latency;
    private final Thread background;

    // Guarded by this.
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private long written;
    private long completed;
    private long wanted;
    private boolean leading;
    private boolean closed;
    private long commits;
    private long failures;

    WalSync(Disk disk, int bound, LatencyWindow latency) {
        this.disk = disk;
        this.bound = bound;
        this.latency = latency;
        this.background = new Thread(this::runBackground, "estuary-rocksdb-sync");
        background.setDaemon(true);
        background.start();
    }

    /** Waits until fewer than the bound are pending, at most until {@code deadline}; whether there is room (S5). */
    synchronized boolean awaitRoom(long deadline) throws InterruptedException {
        while (pending.size() >= bound) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** Called under the store's write lock right after a batch was written: its place in the queue. */
    synchronized Pending written(long accepted) {
        Pending p = new Pending(++written, accepted);
        pending.add(p);
        return p;
    }

    /** Has the background thread sync {@code p} unless a waiting caller does first. */
    synchronized void background(Pending p) {
        wanted = Math.max(wanted, p.ticket);
        notifyAll();
    }

    /**
     * Waits at most {@code timeoutNanos} for {@code p}'s acknowledgement, leading the sync that covers it if none
     * runs.
     */
    void await(Pending p, long timeoutNanos) throws StoreException, InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (!p.stage.isDone()) {
            long target;
            synchronized (this) {
                while (leading && !p.stage.isDone()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new StoreException(Reason.UNAVAILABLE, "rocksdb store did not acknowledge a batch "
                                + "within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms (its WAL sync is "
                                + "slow); it may still become durable", null, true);
                    }
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
                if (p.stage.isDone()) {
                    break;
                }
                leading = true;
                target = written;
            }
            lead(target);
        }
        try {
            p.stage.get();
        } catch (ExecutionException e) {
            throw StoreException.from(e);
        }
    }

    /** Batches written and not yet acknowledged. */
    synchronized int queued() {
        return pending.size();
    }

    /** Batches acknowledged so far. */
    synchronized long commits() {
        return commits;
    }

    /** Batches failed by a failed sync so far. */
    synchronized long failures() {
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
    }

    /** Syncs (or fails) every batch written so far, leading as often as needed; returns once none is pending. */
    void drain() throws InterruptedException {
        while (true) {
            long target;
            synchronized (this) {
                while (leading) {
                    wait();
                }
                if (pending.isEmpty()) {
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
                    while (!closed && (leading || wanted <= completed)) {
                        wait();
                    }
                    if (closed) {
                        return;
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

    /** As the leader: syncs, completes what the sync covered (all pending if it failed), hands leadership on. */
    private void lead(long target) {
        StoreException failure = null;
        try {
            disk.sync();
        } catch (StoreException e) {
            failure = e;
        } catch (RuntimeException e) {
            failure = new StoreException(Reason.UNAVAILABLE, "rocksdb store failed to sync its WAL: " + e, e, true);
        }
        List<Pending> done = new ArrayList<>();
        synchronized (this) {
            while (!pending.isEmpty() && (failure != null || pending.peek().ticket <= target)) {
                done.add(pending.poll());
            }
            if (!done.isEmpty()) {
                completed = done.get(done.size() - 1).ticket;
            }
            if (failure == null) {
                commits += done.size();
            } else {
                failures += done.size();
            }
        }
        long now = System.nanoTime();
        for (Pending p : done) { // still leading: no other thread completes stages meanwhile (S3 order)
            if (failure == null) {
                latency.record(now - p.accepted);
                p.stage.complete(null);
            } else {
                p.stage.completeExceptionally(failure);
            }
        }
        synchronized (this) {
            leading = false;
            notifyAll();
        }
    }
}
