package org.estuary.store.journal.internal;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.SyncCountingStore;

/**
 * A journal store configured as its component would be, its {@code fdatasync} calls counted and timed through its
 * {@link JournalProbe}: for the benchmarks, through this module's test jar.
 */
public final class SyncCountingJournal extends SyncCountingStore implements JournalProbe {

    private final JournalStoreComponent component;

    public SyncCountingJournal(JournalStoreComponent.Config config) {
        this.component = new JournalStoreComponent(JournalStoreComponent.settingsOf(config, null), this);
    }

    @Override
    public Store store() {
        return component;
    }

    @Override
    public void close() {
        component.deactivate();
    }
}
