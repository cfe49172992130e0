package org.estuary.store.journal.internal;

import java.util.concurrent.atomic.AtomicLong;

import org.estuary.store.api.Store;

/**
 * Part (c)'s journal store: the component as DS configures it from {@code config}, with a {@link JournalProbe} that
 * counts the syncs, so the server can tell how many client batches shared each one. In the store's package because
 * the probe and the constructor that takes one are package-private; the benchmark runs on a flat class path, not in
 * OSGi, so sharing the package is harmless here.
 */
public final class CountedJournal implements JournalProbe {

    private final AtomicLong syncs = new AtomicLong();
    private final JournalStoreComponent component;

    public CountedJournal(JournalStoreComponent.Config config) {
        this.component = new JournalStoreComponent(JournalStoreComponent.settingsOf(config, null), this);
    }

    @Override
    public void synced(long nanos) {
        syncs.incrementAndGet();
    }

    /** Syncs since the store opened. */
    public long syncs() {
        return syncs.get();
    }

    public Store store() {
        return component;
    }
}
