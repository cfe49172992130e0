package org.estuary.bench.mailbox;

import java.util.Map;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.store.memory.internal.MemoryStoreComponent;
import org.estuary.store.rocksdb.internal.RocksStoreComponent;

/** The stores the benchmark runs on, configured as SCR would configure them (defaults unless named). */
final class Stores {

    private Stores() {
    }

    /** The default embedded store (RocksDB) in {@code directory}. */
    static RocksStoreComponent embedded(String directory) {
        return new RocksStoreComponent(ComponentConfig.of(RocksStoreComponent.Config.class,
                Map.of("data_directory", directory, "max_records", 10_000_000L, "max_bytes", 16L << 30)));
    }

    static MemoryStoreComponent memory() {
        return new MemoryStoreComponent(ComponentConfig.of(MemoryStoreComponent.Config.class,
                Map.of("max_records", 10_000_000L, "max_bytes", 16L << 30)));
    }

    static Store close(Store store) {
        if (store instanceof RocksStoreComponent embedded) {
            embedded.deactivate();
        } else if (store instanceof MemoryStoreComponent memory) {
            memory.deactivate();
        }
        return store;
    }
}
