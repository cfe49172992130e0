package org.estuary.bench.store;

import java.util.concurrent.atomic.AtomicLong;

import org.estuary.store.api.Store;

/**
 * The benchmark's view of an embedded store whose probe reports each sync: a component opened with this object as
 * its probe, the syncs counted and the time spent in them summed, what the benchmark divides records and busy time by.
 * A store's own subclass lives in the store's package, where its probe interface and the component's constructor that
 * takes one are visible.
 */
public abstract class CountedSyncs {

    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong syncNanos = new AtomicLong();

    /** The store's probe call: one sync took {@code nanos}. */
    public void synced(long nanos) {
        syncNanos.addAndGet(nanos);
        syncs.incrementAndGet();
    }

    /** Syncs since the store opened. */
    public final long syncs() {
        return syncs.get();
    }

    /** Nanoseconds spent inside the syncs since the store opened (sync_busy). */
    public final long syncNanos() {
        return syncNanos.get();
    }

    /** The store, as services see it (its DS component). */
    public abstract Store store();

    /** Closes the store as its component's deactivation does. */
    public abstract void close();
}
