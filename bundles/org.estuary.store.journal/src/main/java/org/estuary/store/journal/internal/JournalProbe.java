package org.estuary.store.journal.internal;

import java.io.IOException;

/**
 * Points in a batch's life where the journal store reports to an observer, or lets it stand in for the disk: a
 * round about to take the queue, a group about to be appended, a round about to call {@code fdatasync}, a sync
 * done. The component runs with {@link #NONE}, which does nothing; tests and the store benchmark pass their own
 * through the package-private constructors of {@link JournalStore} and {@link JournalStoreComponent}, to count
 * syncs, to hold a stage at one of these points, or to fail it as the disk would.
 *
 * <p>Called in the store's threads, without the store's locks except where a method says otherwise; an
 * implementation that blocks holds that stage (and only that one) until it returns.
 */
interface JournalProbe {

    /** The probe of a store nobody observes. */
    JournalProbe NONE = new JournalProbe() {
    };

    /** A round thread is about to look at the queue for its next group (also when it finds it empty). */
    default void beforeRound() throws InterruptedException {
    }

    /**
     * A group of {@code batches} batches taken from the queue is about to be written (under the commit lock); an
     * {@link IOException} fails its appends as a failed write to the journal would.
     */
    default void beforeAppend(int batches) throws IOException {
    }

    /**
     * A round is about to call {@code fdatasync} (holding no lock; rounds beside it go on); an {@link IOException}
     * fails the sync as a write-back error reported by {@code fdatasync} would.
     */
    default void beforeSync() throws IOException {
    }

    /** An {@code fdatasync} returned after {@code nanos}. */
    default void synced(long nanos) {
    }
}
