package org.estuary.store.rocksdb.testing;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.store.api.testing.SyncCountingStore;
import org.estuary.store.rocksdb.internal.RocksStoreComponent;
import org.estuary.store.rocksdb.internal.SyncCountingRocks;

/** RocksDB stores for other bundles' tests and benchmarks, built and closed as SCR would. */
public final class RocksStores {

    private RocksStores() {
    }

    /** A store whose database lives in {@code directory}; the same directory again is a restart of the store. */
    public static Store open(Path directory) {
        return open(directory, Map.of());
    }

    /**
     * A store in {@code directory} configured with {@code properties} (the component's configuration elements by
     * name, as {@code sync_mode}), the other elements at their defaults.
     */
    public static Store open(Path directory, Map<String, ?> properties) {
        return new RocksStoreComponent(config(directory, properties));
    }

    /**
     * A store as {@link #open(Path, Map)} opens it whose WAL syncs are counted and timed: for the benchmarks, which
     * divide records and busy time by them. Closed by its own {@link SyncCountingStore#close()}.
     */
    public static SyncCountingStore syncCounting(Path directory, Map<String, ?> properties) {
        return new SyncCountingRocks(config(directory, properties));
    }

    private static RocksStoreComponent.Config config(Path directory, Map<String, ?> properties) {
        Map<String, Object> all = new HashMap<>(properties);
        all.put("data_directory", directory.toString());
        return ComponentConfig.of(RocksStoreComponent.Config.class, all);
    }

    /** Closes a store this factory opened (Store S7: what it acknowledged stays on disk). */
    public static void close(Store store) {
        ((RocksStoreComponent) store).deactivate();
    }
}
