package org.estuary.store.api;

import java.util.Set;
import java.util.function.BiConsumer;

/** A store for unit tests of what sits on top of {@link Store#apply}: it holds nothing to scan (S7) and no spaces. */
abstract class EmptyStore implements Store {

    private final String type;

    EmptyStore(String type) {
        this.type = type;
    }

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) {
    }

    @Override
    public Set<String> spaces() {
        return Set.of();
    }

    @Override
    public StoreStats stats() {
        return StoreStats.builder(type).build();
    }
}
