package org.estuary.store.rocksdb.internal;

import org.estuary.bench.store.CountedSyncs;
import org.estuary.store.api.Store;

/**
 * The benchmark's view of the RocksDB store: a component whose {@link RocksProbe} counts the WAL syncs and the time
 * spent in them. In the store's package because the probe and the constructor that takes one are package-private;
 * the benchmark runs on a flat class path, not in OSGi, so sharing the package is harmless here.
 */
public final class RocksBenchAccess extends CountedSyncs implements RocksProbe {

    private final RocksStoreComponent component;

    /** A RocksDB store configured as the component would be with {@code config}. */
    public RocksBenchAccess(RocksStoreComponent.Config config) {
        this.component = new RocksStoreComponent(RocksStoreComponent.settingsOf(config, null), this);
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
