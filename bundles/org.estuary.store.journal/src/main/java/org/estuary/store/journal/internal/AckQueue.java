package org.estuary.store.journal.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.estuary.store.api.StoreException;
import org.estuary.store.journal.internal.JournalStore.Pending;

/**
 * The batches the store accepted, in acceptance order, until their stages complete (Store S3: when a batch is
 * acknowledged, every batch accepted before it has completed). A batch's outcome is decided in whichever thread
 * learns it, in any order: Artemis's completion after the sync, the caller for a refused or empty batch, a reopen or
 * close for batches whose journal went away. {@link #drain} then completes the decided batches at the head, oldest
 * first, in the calling thread; one thread drains at a time, and a thread that finds another draining leaves its
 * batches to it (that thread looks at the head again before it stops).
 */
final class AckQueue {

    private final Consumer<Pending> complete;
    // Guarded by this:
    private final ArrayDeque<Pending> accepted = new ArrayDeque<>();
    private boolean draining;

    /** A queue that completes each batch's stage with {@code complete}. */
    AckQueue(Consumer<Pending> complete) {
        this.complete = complete;
    }

    /** A batch accepted (under the store's commit lock, so in acceptance order). */
    synchronized void add(Pending p) {
        accepted.add(p);
    }

    /** Completes the decided batches at the head, oldest first, unless another thread is at it. */
    void drain() {
        synchronized (this) {
            if (draining) {
                return;
            }
            draining = true;
        }
        List<Pending> ready = new ArrayList<>();
        while (true) {
            synchronized (this) {
                Pending head;
                while ((head = accepted.peekFirst()) != null && head.decided()) {
                    ready.add(accepted.pollFirst());
                }
                if (ready.isEmpty()) {
                    draining = false;
                    return;
                }
            }
            for (Pending p : ready) {
                complete.accept(p);
            }
            ready.clear();
        }
    }

    /** Decides every batch not decided yet as failed with {@code failure} (its journal closed under it). */
    synchronized void failUndecided(StoreException failure) {
        for (Pending p : accepted) {
            p.decide(failure);
        }
    }

    /** Batches accepted and not completed yet. */
    synchronized int size() {
        return accepted.size();
    }
}
