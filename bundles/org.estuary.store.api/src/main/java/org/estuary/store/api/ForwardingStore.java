package org.estuary.store.api;

import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A store that passes every call of the SPI to another store. A backend's DS component extends it: the component
 * is the object DS registers and configures, the store it opens is the object that does the work, and every method,
 * {@link #applyAndWait} and {@link #submit} included, reaches that store unchanged (a store that works in the
 * caller's thread, as the RocksDB store's caller leading a WAL sync does, keeps doing so behind its component).
 */
@ProviderType
public abstract class ForwardingStore implements Store {

    /** The store every call goes to; the same object for the life of this one. */
    protected abstract Store delegate();

    @Override
    public CompletionStage<Void> apply(Batch batch) {
        return delegate().apply(batch);
    }

    @Override
    public Submission submit(Batch batch) {
        return delegate().submit(batch);
    }

    @Override
    public void applyAndWait(Batch batch, long timeout, TimeUnit unit) throws StoreException, InterruptedException {
        delegate().applyAndWait(batch, timeout, unit);
    }

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException {
        delegate().scan(space, visitor);
    }

    @Override
    public Set<String> spaces() throws StoreException {
        return delegate().spaces();
    }

    @Override
    public StoreStats stats() {
        return delegate().stats();
    }
}
