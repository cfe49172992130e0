package org.estuary.store.rocksdb.internal;

import java.util.concurrent.atomic.AtomicLong;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.SyncCountingStore;

/**
 * A RocksDB store configured as its component would be, with a {@link RocksProbe} that counts the
 * WAL syncs ({@code FlushWAL(sync)}) and sums their time: for the benchmarks, through this module's test jar.
 */
public final class SyncCountingRocks implements SyncCountingStore, RocksProbe {

    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong syncNanos = new AtomicLong();
    private final RocksStoreComponent component;

    public SyncCountingRocks(RocksStoreComponent.Config config) {
        this.component = new RocksStoreComponent(RocksStoreComponent.settingsOf(config, null), this);
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
