package org.estuary.store.api.testing;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

import org.estuary.store.api.Batch;
import org.estuary.store.api.ForwardingStore;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreStats;

/**
 * A store whose batches a test intercepts while its reads pass through: a subclass's {@link #apply} decides what
 * each batch's stage does (hold it, fail it, or hand the batch to the {@link #delegate}); {@link #scan},
 * {@link #spaces} and {@link #stats} go to the delegate. Unlike a {@link ForwardingStore}, {@code submit} and
 * {@code applyAndWait} are the {@link Store} defaults, so every write of the service under test reaches
 * {@link #apply}.
 */
public abstract class InterceptedStore implements Store {

    /** The store that holds what the test lets through, and answers every read. */
    protected final Store delegate;

    protected InterceptedStore(Store delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public abstract CompletionStage<Void> apply(Batch batch);

    /** Hands {@code batch} to the delegate now and completes {@code stage} as the delegate's stage completes. */
    protected final void forward(Batch batch, CompletableFuture<Void> stage) {
        delegate.apply(batch).whenComplete((ok, failure) -> {
            if (failure == null) {
                stage.complete(null);
            } else {
                stage.completeExceptionally(failure);
            }
        });
    }

    @Override
    public final void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException {
        delegate.scan(space, visitor);
    }

    @Override
    public final Set<String> spaces() throws StoreException {
        return delegate.spaces();
    }

    @Override
    public final StoreStats stats() {
        return delegate.stats();
    }
}
