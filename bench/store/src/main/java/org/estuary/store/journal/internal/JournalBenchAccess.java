package org.estuary.store.journal.internal;

import java.util.concurrent.atomic.AtomicLong;

import org.estuary.store.api.Store;

/**
 * The benchmark's view of the journal store: a component whose {@link JournalProbe} counts the syncs and the time
 * spent inside {@code fdatasync}. In the store's package because the probe and the constructor that takes one are
 * package-private; the benchmark runs on a flat class path, not in OSGi, so sharing the package is harmless here.
 */
public final class JournalBenchAccess implements JournalProbe {

    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong syncNanos = new AtomicLong();
    private final JournalStoreComponent component;

    /** A journal store in {@code directory}, configured as the component would be with {@code config}. */
    public JournalBenchAccess(JournalStoreComponent.Config config) {
        this.component = new JournalStoreComponent(JournalStoreComponent.settingsOf(config, null), this);
    }

    public Store store() {
        return component;
    }

    @Override
    public void synced(long nanos) {
        syncNanos.addAndGet(nanos);
        syncs.incrementAndGet();
    }

    /** Syncs since the store opened: what the benchmark divides records by. */
    public long syncs() {
        return syncs.get();
    }

    /** Nanoseconds spent inside {@code fdatasync} since the store opened (sync_busy). */
    public long syncNanos() {
        return syncNanos.get();
    }

    public void close() {
        component.deactivate();
    }
}
