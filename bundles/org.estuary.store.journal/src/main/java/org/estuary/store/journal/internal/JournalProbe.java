package org.estuary.store.journal.internal;

import java.io.IOException;

/**
 * Points in a batch's life where the journal store reports to an observer, or lets it stand in for the disk: a
 * batch about to be appended, Artemis about to call {@code fdatasync} on a journal file, a sync done. The component
 * runs with {@link #NONE}, which does nothing; tests and the store benchmark pass their own through the
 * package-private constructors of {@link JournalStore} and {@link JournalStoreComponent}, to count syncs, to hold a
 * sync, or to fail an append or a sync as the disk would.
 */
interface JournalProbe {

    /** The probe of a store nobody observes. */
    JournalProbe NONE = new JournalProbe() {
    };

    /**
     * A batch is about to be appended, under the store's commit lock; an {@link IOException} fails it before any of
     * its records reaches the journal, as a write refused at once would.
     */
    default void beforeAppend() throws IOException {
    }

    /**
     * Artemis is about to call {@code fdatasync} on a journal file, in its buffer's flushing thread, holding no lock
     * of the store's (appends go on into its buffer meanwhile); an {@link IOException} fails the sync as a
     * write-back error reported by {@code fdatasync} would.
     */
    default void beforeSync() throws IOException {
    }

    /** An {@code fdatasync} returned after {@code nanos}. */
    default void synced(long nanos) {
    }
}
