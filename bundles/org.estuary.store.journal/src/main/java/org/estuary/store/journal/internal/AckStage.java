package org.estuary.store.journal.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;

/**
 * The journal store's acknowledge stage: the batches whose outcome is decided (synced and installed in the index, or
 * failed), in commit order, and the completion of their stages. One thread at a time completes them (the stage's
 * lock), oldest first, so acknowledgements keep acceptance order (Store S3) while the next group is already being
 * written and synced. A thread finding the lock taken leaves its batches to the holder, who looks at the queue
 * again after letting go of the lock.
 *
 * <p>The callers of applyAndWait a pass completes are woken as a chain ({@link WakeChain}): this thread wakes the
 * first, each woken caller the next one.
 *
 * <p>Waking a caller costs as much CPU as writing its batch, so a thread that writes or syncs groups completes only
 * a few stages itself ({@link #acknowledge(int)}) and wakes the stage's own thread for the rest, which then wakes
 * the callers while the next group is written and synced.
 */
final class AckStage {

    /** Completes one batch's stage with its outcome: null is success. */
    interface Completer {
        void complete(JournalStore.Pending pending, StoreException outcome);
    }

    private final Queue<JournalStore.Pending> decided = new ConcurrentLinkedQueue<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Wake wake = new Wake();
    private final Completer completer;
    private final Thread thread;

    /** A stage whose thread runs until {@code ended} (the round threads ended) and no batch waits. */
    AckStage(Completer completer, BooleanSupplier ended) {
        this.completer = completer;
        this.thread = new Thread(() -> {
            try {
                wake.serve(ended, () -> !decided.isEmpty(), this::acknowledge);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "estuary-journal-ack");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Sync stage, in commit order: the batches of a decided group. */
    void add(List<JournalStore.Pending> batches) {
        decided.addAll(batches);
    }

    boolean isEmpty() {
        return decided.isEmpty();
    }

    /** Wakes the stage's thread to complete what waits (while the caller syncs the next round). */
    void wake() {
        wake.signal();
    }

    /** Completes every waiting stage, oldest first, unless another thread is at it. */
    void acknowledge() {
        acknowledge(Integer.MAX_VALUE);
    }

    /** Completes at most {@code budget} stages, oldest first, and wakes the stage's thread for the rest. */
    void acknowledge(int budget) {
        int left = budget;
        while (!decided.isEmpty() && left > 0 && lock.tryLock()) {
            WakeChain chain = null;
            try {
                List<JournalStore.Pending> pass = new ArrayList<>();
                JournalStore.Pending p;
                while (left > 0 && (p = decided.poll()) != null) {
                    pass.add(p);
                    left--;
                }
                chain = WakeChain.link(pass); // before any stage completes: a caller seeing its stage done finds it
                for (JournalStore.Pending q : pass) {
                    completer.complete(q, q.decided ? q.outcome : new StoreException(Reason.UNAVAILABLE,
                            "journal store's commit ended without an outcome for this batch", null, true));
                }
            } finally {
                if (chain != null) {
                    chain.arm();
                }
                lock.unlock();
            }
            if (chain != null) {
                chain.wakeFirst(); // outside the lock: the woken caller may preempt this thread
            }
        }
        if (!decided.isEmpty() && left == 0) {
            wake.signal();
        }
    }

    /** Closing, once the round threads ended: lets the stage's thread finish, for at most {@code millis}. */
    void join(long millis) throws InterruptedException {
        wake.now();
        thread.join(millis);
    }
}
