package org.estuary.store.api.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;

/**
 * A store that holds each batch it is given until the test completes or fails that batch's stage: for tests of what
 * a service does between queueing a batch and its acknowledgement. It holds nothing to scan.
 */
public final class HeldStore implements Store {

    private final List<Batch> applied = new ArrayList<>();
    private final List<CompletableFuture<Void>> stages = new ArrayList<>();

    @Override
    public synchronized CompletionStage<Void> apply(Batch batch) {
        CompletableFuture<Void> stage = new CompletableFuture<>();
        applied.add(batch);
        stages.add(stage);
        return stage;
    }

    /** How many batches it was given. */
    public synchronized int count() {
        return applied.size();
    }

    /** The {@code i}th batch it was given, from 0. */
    public synchronized Batch batch(int i) {
        return applied.get(i);
    }

    /** The stage of the {@code i}th batch, for the test to complete or fail. */
    public synchronized CompletableFuture<Void> stage(int i) {
        return stages.get(i);
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
        return StoreStats.builder("held").build();
    }
}
