package org.estuary.store.api.testing;

import java.util.concurrent.atomic.AtomicLong;

import org.estuary.store.api.Store;

/**
 * An embedded store opened as its component opens it, with a probe that counts its syncs and sums the time spent in
 * them: what a benchmark divides records and busy time by. Each embedded store's test jar offers a subclass that is
 * also the store's probe, in the store's package where the probe interface is visible.
 */
public abstract class SyncCountingStore {

    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong syncNanos = new AtomicLong();

    /** The probe's call: one sync took {@code nanos}. */
    public void synced(long nanos) {
        syncNanos.addAndGet(nanos);
        syncs.incrementAndGet();
    }

    /** Syncs since the store opened. */
    public final long syncs() {
        return syncs.get();
    }

    /** Nanoseconds spent inside the syncs since the store opened. */
    public final long syncNanos() {
        return syncNanos.get();
    }

    /** The store, as services see it (its DS component). */
    public abstract Store store();

    /** Closes the store as its component's deactivation does. */
    public abstract void close();
}
