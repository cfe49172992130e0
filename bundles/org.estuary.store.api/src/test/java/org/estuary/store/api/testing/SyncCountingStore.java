package org.estuary.store.api.testing;

import org.estuary.store.api.Store;

/**
 * An embedded store opened as its component opens it, with a probe that counts its syncs and sums the time spent in
 * them: what a benchmark divides records and busy time by. Each embedded store's test jar offers one.
 */
public interface SyncCountingStore {

    /** The store, as services see it (its DS component). */
    Store store();

    /** Syncs since the store opened. */
    long syncs();

    /** Nanoseconds spent inside the syncs since the store opened. */
    long syncNanos();

    /** Closes the store as its component's deactivation does. */
    void close();
}
