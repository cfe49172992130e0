package org.estuary.store.memory.testing;

import java.util.Map;

import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;
import org.estuary.store.memory.internal.MemoryStoreComponent;

/** Memory stores for other bundles' tests, built and closed as SCR would build and deactivate the component. */
public final class MemoryStores {

    private MemoryStores() {
    }

    /** A store with the component's default limits. */
    public static Store open() {
        return new MemoryStoreComponent(ComponentConfig.of(MemoryStoreComponent.Config.class));
    }

    /** A store holding {@code maxRecords} records at most. */
    public static Store open(long maxRecords) {
        return new MemoryStoreComponent(ComponentConfig.of(MemoryStoreComponent.Config.class,
                Map.of("max_records", maxRecords)));
    }

    /** Closes a store this factory opened (Store S7: its records are dropped), as SCR does when the bundle stops. */
    public static void close(Store store) {
        ((MemoryStoreComponent) store).deactivate();
    }
}
