package org.estuary.store.journal.internal;

import java.util.concurrent.atomic.AtomicLong;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.SyncCountingStore;

/**
 * A journal store configured as its component would be, with a {@link JournalProbe} that counts the
 * {@code fdatasync} calls and sums their time: for the benchmarks, through this module's test jar.
 */
public final class SyncCountingJournal implements SyncCountingStore, JournalProbe {

    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong syncNanos = new AtomicLong();
    private final JournalStoreComponent component;

    public SyncCountingJournal(JournalStoreComponent.Config config) {
        this.component = new JournalStoreComponent(JournalStoreComponent.settingsOf(config, null), this);
    }

    @Override
    public void synced(long nanos) {
        syncNanos.addAndGet(nanos);
        syncs.incrementAndGet();
    }

    @Override
    public Store store() {
        return component;
    }

    @Override
    public long syncs() {
        return syncs.get();
    }

    @Override
    public long syncNanos() {
        return syncNanos.get();
    }

    @Override
    public void close() {
        component.deactivate();
    }
}
