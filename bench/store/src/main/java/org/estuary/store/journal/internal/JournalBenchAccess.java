package org.estuary.store.journal.internal;

import org.estuary.bench.store.CountedSyncs;
import org.estuary.store.api.Store;

/**
 * The benchmark's view of the journal store: a component whose {@link JournalProbe} counts the syncs and the time
 * spent inside {@code fdatasync}. In the store's package because the probe and the constructor that takes one are
 * package-private; the benchmark runs on a flat class path, not in OSGi, so sharing the package is harmless here.
 */
public final class JournalBenchAccess extends CountedSyncs implements JournalProbe {

    private final JournalStoreComponent component;

    /** A journal store configured as the component would be with {@code config}. */
    public JournalBenchAccess(JournalStoreComponent.Config config) {
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
