package org.estuary.store.api.testing;

import java.util.concurrent.atomic.AtomicLong;

import org.estuary.store.api.Store;

/**
 * A persistent store opened as its component opens it, with a probe that counts its syncs (an embedded store's WAL
 * syncs, the jdbc store's database commits) and, where the store times them, sums the time spent in them: what a
 * benchmark divides records and busy time by. Each persistent store's test jar builds a subclass that is also the
 * store's probe, in the store's package where the probe interface is visible, and offers it through its test
 * factory ({@code RocksStores.syncCounting}, {@code JdbcStores.commitCounting}).
 */
public abstract class SyncCountingStore {

    private final boolean timed;
    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong syncNanos = new AtomicLong();

    /** {@code timed}: the probe reports how long each sync took. */
    protected SyncCountingStore(boolean timed) {
        this.timed = timed;
    }

    /** The probe's call: one sync took {@code nanos} (0 where the store does not time its syncs). */
    public void synced(long nanos) {
        syncNanos.addAndGet(nanos);
        syncs.incrementAndGet();
    }

    /** Syncs since the store opened. */
    public final long syncs() {
        return syncs.get();
    }

    /** Nanoseconds spent inside the syncs since the store opened, or -1 where the store does not time them. */
    public final long syncNanos() {
        return timed ? syncNanos.get() : -1;
    }

    /** The store, as services see it (its DS component). */
    public abstract Store store();

    /** Closes the store as its component's deactivation does. */
    public abstract void close();
}
