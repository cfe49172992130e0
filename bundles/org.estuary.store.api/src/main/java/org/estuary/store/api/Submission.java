package org.estuary.store.api;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A batch queued by {@link Store#submit} and not yet waited for: the caller queues it under its own lock, so batches
 * reach the store in the order it decided them (S2), and waits with {@link #await} after releasing the lock, so
 * concurrent callers share one group commit. The store may write and sync the batch in the waiting thread.
 */
@ProviderType
public interface Submission {

    /** The batch's acknowledgement (S3), as {@link Store#apply} returns it. */
    CompletionStage<Void> stage();

    /**
     * Waits at most {@code timeout} for the acknowledgement; a store may meanwhile write and sync the batch, and
     * others queued, in the calling thread. Call it once, from the thread that submitted.
     *
     * @throws StoreException if the batch failed, or with {@link StoreException.Reason#UNAVAILABLE} and an unknown
     *         outcome if no acknowledgement came in time
     * @throws InterruptedException if the thread was interrupted while waiting (the outcome is then unknown)
     */
    void await(long timeout, TimeUnit unit) throws StoreException, InterruptedException;

    /**
     * Instead of {@link #await}: nobody waits for the batch in a thread, but its acknowledgement is wanted as soon as
     * the store can give it (a client's call answered once the stage completes), so a store that syncs in its
     * waiters' threads syncs it in one of its own without delay. The default, for stores that acknowledge on their
     * own, returns the stage.
     *
     * @return the batch's acknowledgement, as {@link #stage}
     */
    default CompletionStage<Void> release() {
        return stage();
    }
}
