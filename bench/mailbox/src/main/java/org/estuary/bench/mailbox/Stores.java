package org.estuary.bench.mailbox;

import java.nio.file.Path;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.store.rocksdb.testing.RocksStores;

/**
 * The stores the benchmark runs on, configured as SCR would configure them (defaults unless named), opened and
 * closed through each store's test factory.
 */
final class Stores {

    /** Room for the benchmark's events: the stores' defaults hold 1,000,000 records. */
    private static final Map<String, Object> LIMITS = Map.of("max_records", 10_000_000L, "max_bytes", 16L << 30);

    /** How each open store is closed: by the factory that opened it. */
    private static final Map<Store, Consumer<Store>> CLOSE = Collections.synchronizedMap(new IdentityHashMap<>());

    private Stores() {
    }

    /** The default embedded store (RocksDB) in {@code directory}. */
    static Store embedded(String directory) {
        return opened(RocksStores.open(Path.of(directory), LIMITS), RocksStores::close);
    }

    static Store memory() {
        return opened(MemoryStores.open(LIMITS), MemoryStores::close);
    }

    private static Store opened(Store store, Consumer<Store> close) {
        CLOSE.put(store, close);
        return store;
    }

    static Store close(Store store) {
        Consumer<Store> close = CLOSE.remove(store);
        if (close != null) {
            close.accept(store);
        }
        return store;
    }
}
