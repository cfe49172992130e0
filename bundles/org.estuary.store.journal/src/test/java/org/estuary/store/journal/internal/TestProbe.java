package org.estuary.store.journal.internal;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link JournalProbe} for tests: counts syncs and the time in them, holds the next sync on a latch, and fails the
 * next batch's appends or the next sync as the disk would.
 */
final class TestProbe implements JournalProbe {

    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong syncNanos = new AtomicLong();
    private volatile boolean failNextAppend;
    private volatile boolean failNextSync;
    private volatile CountDownLatch syncHold;
    private volatile CountDownLatch syncHeld;

    @Override
    public void beforeAppend() throws IOException {
        if (failNextAppend) {
            failNextAppend = false;
            throw new IOException("injected commit failure (test)");
        }
    }

    @Override
    public void beforeSync() throws IOException {
        CountDownLatch hold = syncHold;
        if (hold != null) {
            syncHold = null;
            syncHeld.countDown();
            awaitUninterruptibly(hold);
        }
        if (failNextSync) {
            failNextSync = false;
            throw new IOException("injected sync failure (test)");
        }
    }

    @Override
    public void synced(long nanos) {
        syncNanos.addAndGet(nanos);
        syncs.incrementAndGet();
    }

    /** {@code fdatasync} calls so far. */
    long syncs() {
        return syncs.get();
    }

    /** Nanoseconds spent inside {@code fdatasync} so far. */
    long syncNanos() {
        return syncNanos.get();
    }

    /** The next batch fails in its appends, as an I/O error before its first write would. */
    void failNextCommit() {
        failNextAppend = true;
    }

    /** The next sync fails, as an {@code fdatasync} reporting a write-back error would. */
    void failNextSync() {
        failNextSync = true;
    }

    /**
     * The next sync waits for {@code latch} right before its {@code fdatasync}; the returned latch opens once it
     * waits. Batches appended meanwhile wait in Artemis's buffer for the next sync.
     */
    CountDownLatch holdSyncs(CountDownLatch latch) {
        CountDownLatch waiting = new CountDownLatch(1);
        syncHeld = waiting;
        syncHold = latch;
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
