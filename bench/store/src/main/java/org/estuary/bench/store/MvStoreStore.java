package org.estuary.bench.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Operation;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreStats;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;

/**
 * Another embedded engine to compare the default embedded store with: the same SPI on H2's MVStore
 * ({@code com.h2database:h2:2.3.232}) with a group commit of its own (one thread drains the queue, applies every
 * waiting batch to the map, then one {@code commit()} and one {@code sync()} for the group, then acknowledges the
 * group in order). Only what
 * the benchmark needs: no limits, no recovery checks, no failure handling beyond failing the group.
 */
final class MvStoreStore implements Store {

    private static final String SEPARATOR = "\u0000";

    private record Pending(Batch batch, CompletableFuture<Void> stage) {
    }

    private final MVStore store;
    private final MVMap<String, byte[]> records;
    private final BlockingQueue<Pending> queue = new ArrayBlockingQueue<>(4096);
    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong commits = new AtomicLong();
    private final Thread committer;
    private volatile boolean closed;

    MvStoreStore(Path file) {
        store = new MVStore.Builder().fileName(file.toString()).autoCommitDisabled().open();
        records = store.openMap("records");
        committer = new Thread(this::commitLoop, "bench-mvstore-commit");
        committer.setDaemon(true);
        committer.start();
    }

    @Override
    public CompletionStage<Void> apply(Batch batch) {
        Pending pending = new Pending(batch, new CompletableFuture<>());
        try {
            if (closed || !queue.offer(pending, 1, TimeUnit.SECONDS)) {
                return CompletableFuture.failedStage(new StoreException(StoreException.Reason.OVERLOADED,
                        "mvstore queue full or closed"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedStage(e);
        }
        return pending.stage();
    }

    private void commitLoop() {
        List<Pending> group = new ArrayList<>();
        while (!closed) {
            try {
                Pending first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                group.add(first);
                queue.drainTo(group, 1023);
                for (Pending p : group) {
                    for (Operation op : p.batch().operations()) {
                        switch (op.kind()) {
                            case PUT -> records.put(op.space() + SEPARATOR + op.key(), op.value());
                            case DELETE -> records.remove(op.space() + SEPARATOR + op.key());
                            case CLEAR -> throw new UnsupportedOperationException("not used by the benchmark");
                        }
                    }
                }
                store.commit(); // writes a new chunk
                store.sync(); // and syncs the file: the group's acknowledgement waits for this
                syncs.incrementAndGet();
                for (Pending p : group) {
                    commits.incrementAndGet();
                    p.stage().complete(null);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                for (Pending p : group) {
                    p.stage().completeExceptionally(e);
                }
            }
            group.clear();
        }
    }

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) {
        String from = space + SEPARATOR;
        for (Map.Entry<String, byte[]> e : records.entrySet()) {
            if (e.getKey().startsWith(from)) {
                visitor.accept(e.getKey().substring(from.length()), e.getValue().clone());
            }
        }
    }

    @Override
    public Set<String> spaces() {
        Set<String> spaces = new TreeSet<>();
        for (String key : records.keySet()) {
            spaces.add(key.substring(0, key.indexOf(SEPARATOR)));
        }
        return spaces;
    }

    @Override
    public StoreStats stats() {
        return StoreStats.builder("mvstore").outcomes(commits.get(), 0).build();
    }

    long syncs() {
        return syncs.get();
    }

    void close() throws InterruptedException {
        closed = true;
        committer.join(10_000);
        store.close();
    }
}
