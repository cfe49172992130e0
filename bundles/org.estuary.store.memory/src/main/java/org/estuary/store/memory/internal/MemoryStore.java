package org.estuary.store.memory.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

import org.estuary.store.api.Batch;
import org.estuary.store.api.LatencyWindow;
import org.estuary.store.api.Names;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.StoreStats;

/**
 * The records of the volatile store, in this JVM's heap, within a {@link Capacity}.
 *
 * <p>One lock orders every batch (Store S2) and makes it visible all at once (S1, S4); a batch is applied and
 * acknowledged before {@link #apply} returns (S3), so there is no queue to bound and no back-pressure to give
 * (S5). Memory batches take microseconds, so a single lock costs less than the bookkeeping finer locks would need
 * to keep batches atomic across spaces. Scans copy the space's references under the lock and visit outside it,
 * so a slow visitor never holds writers up.
 */
final class MemoryStore implements Store {

    static final String CONFIGURATION = "configuration " + MemoryStoreComponent.PID;

    private final Object lock = new Object();
    /** space → key → value; values are private arrays that are never changed. */
    private final Map<String, Map<String, byte[]>> data = new HashMap<>();
    private final LatencyWindow latency = new LatencyWindow();
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private volatile String lastFailure;

    // Guarded by lock.
    private Capacity capacity;
    private long records;
    private long bytes;
    private boolean closed;

    MemoryStore(Capacity capacity) {
        this.capacity = Objects.requireNonNull(capacity, "capacity");
    }

    static {
        loadEveryPath();
    }

    /**
     * Runs a scratch store through every path a caller can reach (a write, the limits' refusals, scans, and the same
     * once closed), so that the classes they need are loaded while this bundle's wiring is valid. A caller still
     * holding a store whose bundle was refreshed meanwhile (bundle:update) then gets CLOSED, as Store
     * S7 says, not a ClassNotFoundException for a class it was the first to need after the old wiring was discarded
     * (seen in MemoryStoreIT: a store registered between the update and the refresh, called once as it closed).
     */
    private static void loadEveryPath() {
        MemoryStore scratch = new MemoryStore(new Capacity(1, 64));
        Batch every = Batch.builder().put("estuary/warm-up", "k", new byte[1]).delete("estuary/warm-up", "k")
                .clear("estuary/warm-up").build();
        scratch.apply(every);
        scratch.apply(Batch.builder().put("estuary/warm-up", "a", new byte[1]).put("estuary/warm-up", "b",
                new byte[1]).build()); // TOO_LARGE
        scratch.apply(Batch.builder().put("estuary/warm-up", "a", new byte[1]).build());
        scratch.apply(Batch.builder().put("estuary/warm-up", "b", new byte[1]).build()); // FULL
        scratch.apply(Batch.builder().put("estuary/warm-up", "b", new byte[128]).build()); // TOO_LARGE, bytes
        try {
            scratch.scan("estuary/warm-up", (key, value) -> { });
            scratch.spaces();
        } catch (StoreException unexpected) {
            throw new IllegalStateException(unexpected);
        }
        scratch.stats();
        scratch.close();
        scratch.apply(every);
        try {
            scratch.scan("estuary/warm-up", (key, value) -> { });
        } catch (StoreException closed) {
            // the refusal is the path being loaded
        }
    }

    @Override
    public CompletionStage<Void> apply(Batch batch) {
        Objects.requireNonNull(batch, "batch");
        long start = System.nanoTime();
        BatchPlan plan = BatchPlan.of(batch); // outside the lock: folding needs no store state
        StoreException refused;
        synchronized (lock) {
            if (closed) {
                refused = closedException();
            } else {
                BatchPlan.Effect effect = plan.measure(data);
                refused = admit(effect);
                if (refused == null) {
                    plan.applyTo(data);
                    records += effect.records();
                    bytes += effect.bytes();
                }
            }
        }
        if (refused != null) {
            failures.incrementAndGet();
            lastFailure = refused.getMessage();
            return CompletableFuture.failedStage(refused);
        }
        latency.record(System.nanoTime() - start);
        commits.incrementAndGet();
        return CompletableFuture.completedStage(null);
    }

    /** Null if a batch with this effect fits, otherwise why not (S5). Called with the lock held. */
    private StoreException admit(BatchPlan.Effect effect) {
        if (!effect.grows()) {
            return null; // S5: what does not grow the store is accepted even when it is full
        }
        if (effect.records() > 0 && records + effect.records() > capacity.maxRecords()) {
            if (effect.ownRecords() > capacity.maxRecords()) {
                return new StoreException(Reason.TOO_LARGE, "batch too large for the memory store: it alone "
                        + "leaves " + effect.ownRecords() + " records, above max.records=" + capacity.maxRecords()
                        + "; raise max.records (" + CONFIGURATION + ")");
            }
            return new StoreException(Reason.FULL, "memory store full: the batch would add " + effect.records()
                    + " records to the " + records + " stored, above max.records=" + capacity.maxRecords()
                    + "; delete records or raise max.records (" + CONFIGURATION + ")");
        }
        if (effect.bytes() > 0 && bytes + effect.bytes() > capacity.maxBytes()) {
            if (effect.ownBytes() > capacity.maxBytes()) {
                return new StoreException(Reason.TOO_LARGE, "batch too large for the memory store: it alone "
                        + "leaves " + effect.ownBytes() + " bytes, above max.bytes=" + capacity.maxBytes()
                        + "; raise max.bytes (" + CONFIGURATION + ")");
            }
            return new StoreException(Reason.FULL, "memory store full: the batch would add " + effect.bytes()
                    + " bytes to the " + bytes + " stored, above max.bytes=" + capacity.maxBytes()
                    + "; delete records or raise max.bytes (" + CONFIGURATION + ")");
        }
        return null;
    }

    @Override
    public void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException {
        Names.requireSpace(space);
        Objects.requireNonNull(visitor, "visitor");
        String[] keys;
        byte[][] values;
        synchronized (lock) {
            if (closed) {
                throw closedException();
            }
            // S4: a snapshot of references; the arrays themselves are never changed, so reading them later is safe.
            Map<String, byte[]> records = data.getOrDefault(space, Map.of());
            keys = new String[records.size()];
            values = new byte[records.size()][];
            int i = 0;
            for (Map.Entry<String, byte[]> record : records.entrySet()) {
                keys[i] = record.getKey();
                values[i] = record.getValue();
                i++;
            }
        }
        for (int i = 0; i < keys.length; i++) {
            visitor.accept(keys[i], values[i].clone());
        }
    }

    @Override
    public Set<String> spaces() throws StoreException {
        synchronized (lock) {
            if (closed) {
                throw closedException();
            }
            return Set.copyOf(data.keySet()); // only non-empty spaces are kept (BatchPlan.applyTo)
        }
    }

    @Override
    public StoreStats stats() {
        StoreStats.Builder stats = StoreStats.builder(TYPE_MEMORY);
        synchronized (lock) {
            stats.contents(records, bytes).limits(capacity.maxRecords(), capacity.maxBytes());
        }
        return stats.outcomes(commits.get(), failures.get()).latency(latency.last(), latency.percentile(99))
                .lastFailure(lastFailure).build();
    }

    /**
     * Applies new limits and keeps every record; a store now above them refuses batches that grow it until enough
     * is deleted (S5). Returns whether the store holds more than the new limits allow.
     */
    boolean setCapacity(Capacity newCapacity) {
        Objects.requireNonNull(newCapacity, "capacity");
        synchronized (lock) {
            capacity = newCapacity;
            return records > newCapacity.maxRecords() || bytes > newCapacity.maxBytes();
        }
    }

    /** Closes the store and drops its records (S7); later calls fail with CLOSED. Idempotent. */
    void close() {
        synchronized (lock) {
            closed = true;
            data.clear();
            records = 0;
            bytes = 0;
        }
    }

    private static StoreException closedException() {
        return new StoreException(Reason.CLOSED, "memory store closed: its component was deactivated (bundle "
                + "stopped or replaced, or " + CONFIGURATION + " deleted); retry once a store is bound again");
    }
}
