package org.estuary.store.rocksdb.testing;

import java.nio.file.Path;
import java.util.Map;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.store.rocksdb.internal.RocksStoreComponent;

/** RocksDB stores for other bundles' tests and benchmarks, built and closed as SCR would. */
public final class RocksStores {

    private RocksStores() {
    }

    /** A store whose database lives in {@code directory}; the same directory again is a restart of the store. */
    public static Store open(Path directory) {
        return new RocksStoreComponent(ComponentConfig.of(RocksStoreComponent.Config.class,
                Map.of("data_directory", directory.toString())));
    }

    /** Closes a store this factory opened (Store S7: what it acknowledged stays on disk). */
    public static void close(Store store) {
        ((RocksStoreComponent) store).deactivate();
    }
}
