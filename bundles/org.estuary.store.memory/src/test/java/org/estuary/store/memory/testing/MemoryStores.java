package org.estuary.store.memory.testing;

import java.util.Map;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.store.memory.internal.MemoryStoreComponent;

/** Memory stores for other bundles' tests and benchmarks, built and closed as SCR would build and deactivate the component. */
public final class MemoryStores {

    private MemoryStores() {
    }

    /** A store with the component's default limits. */
    public static Store open() {
        return new MemoryStoreComponent(ComponentConfig.of(MemoryStoreComponent.Config.class));
    }

    /** A store holding {@code maxRecords} records at most. */
    public static Store open(long maxRecords) {
        return open(Map.of("max_records", maxRecords));
    }

    /**
     * A store configured with {@code properties} (the component's configuration elements by name, as
     * {@code max_bytes}), the other elements at their defaults.
     */
    public static Store open(Map<String, ?> properties) {
        return new MemoryStoreComponent(ComponentConfig.of(MemoryStoreComponent.Config.class, properties));
    }

    /** Closes a store this factory opened (Store S7: its records are dropped), as SCR does when the bundle stops. */
    public static void close(Store store) {
        ((MemoryStoreComponent) store).deactivate();
    }
}
