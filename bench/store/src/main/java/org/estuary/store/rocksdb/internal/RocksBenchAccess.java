package org.estuary.store.rocksdb.internal;

import java.util.concurrent.atomic.AtomicLong;

import org.estuary.store.api.Store;

/**
 * The benchmark's view of the RocksDB store: a component whose {@link RocksProbe} counts the WAL syncs and the time
 * spent in them. In the store's package because the probe and the constructor that takes one are package-private;
 * the benchmark runs on a flat class path, not in OSGi, so sharing the package is harmless here.
 */
public final class RocksBenchAccess implements RocksProbe {

    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong syncNanos = new AtomicLong();
    private final RocksStoreComponent component;

    /** A RocksDB store configured as the component would be with {@code config}. */
    public RocksBenchAccess(RocksStoreComponent.Config config) {
        this.component = new RocksStoreComponent(RocksStoreComponent.settingsOf(config, null), this);
    }

    public Store store() {
        return component;
    }

    @Override
    public void synced(long nanos) {
        syncNanos.addAndGet(nanos);
        syncs.incrementAndGet();
    }

    /** WAL syncs since the store opened. */
    public long syncs() {
        return syncs.get();
    }

    /** Nanoseconds spent in WAL syncs since the store opened. */
    public long syncNanos() {
        return syncNanos.get();
    }

    public void close() {
        component.deactivate();
    }
}
