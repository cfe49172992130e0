package org.estuary.txn.internal;

import java.util.Set;
import java.util.function.BiConsumer;

import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreStats;
import org.estuary.store.memory.testing.MemoryStores;

/**
 * A memory store whose batches a test sees first: a subclass's {@link #apply} decides what each batch's stage does
 * ({@link #memory} applies it); reads go to the memory store.
 */
abstract class InterceptedStore implements Store {

    final Store memory = MemoryStores.open();

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException {
        memory.scan(space, visitor);
    }

    @Override
    public Set<String> spaces() throws StoreException {
        return memory.spaces();
    }

    @Override
    public StoreStats stats() {
        return memory.stats();
    }
}
