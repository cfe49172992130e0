package org.estuary.store.rocksdb.internal;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.SyncCountingStore;

/**
 * A RocksDB store configured as its component would be, its WAL syncs counted and timed through its
 * {@link RocksProbe}: for the benchmarks, through {@code RocksStores.syncCounting} in this module's test jar.
 */
public final class SyncCountingRocks extends SyncCountingStore implements RocksProbe {

    private final RocksStoreComponent component;

    public SyncCountingRocks(RocksStoreComponent.Config config) {
        super(true);
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
