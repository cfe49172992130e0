package org.estuary.store.api.conformance;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Names;
import org.estuary.store.api.Operation;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.StoreStats;

/**
 * Runs the suite against a deliberately naive backend that pretends to be persistent (its "disk" is an object
 * that outlives each store instance) and can fail a commit on demand, so that the suite's restart and
 * failure-injection tests are themselves tested before a real persistent backend runs them.
 */
class ReferenceStoreConformanceTest extends StoreConformanceTest {

    /** What survives a restart: the committed image, replaced as a whole on every commit. */
    private static final class Disk {
        Map<String, Map<String, byte[]>> image = Map.of();
    }

    /** Copy-on-write: a batch builds a new image and installs it in one step, or fails and installs nothing. */
    private static final class ReferenceStore implements Store {
        private final Disk disk;
        private final Limits limits;
        private boolean closed;
        private boolean failNext;
        private long commits;
        private long failures;
        private String lastFailure;

        ReferenceStore(Disk disk, Limits limits) {
            this.disk = disk;
            this.limits = limits;
        }

        @Override
        public synchronized CompletionStage<Void> apply(Batch batch) {
            Objects.requireNonNull(batch, "batch");
            try {
                if (closed) {
                    throw new StoreException(Reason.CLOSED, "reference store closed");
                }
                Map<String, Map<String, byte[]>> next = new HashMap<>();
                disk.image.forEach((space, records) -> next.put(space, new HashMap<>(records)));
                long ownRecords = 0;
                for (Operation op : batch.operations()) {
                    switch (op.kind()) {
                        case PUT:
                            next.computeIfAbsent(op.space(), s -> new HashMap<>()).put(op.key(), op.value());
                            break;
                        case DELETE:
                            next.getOrDefault(op.space(), new HashMap<>()).remove(op.key());
                            break;
                        default:
                            next.remove(op.space());
                    }
                }
                next.values().removeIf(Map::isEmpty);
                for (Operation op : batch.operations()) {
                    ownRecords += op.kind() == Operation.Kind.PUT ? 1 : 0;
                }
                long[] before = count(disk.image);
                long[] after = count(next);
                boolean grows = after[0] > before[0] || after[1] > before[1];
                if (grows && exceeds(after)) {
                    throw new StoreException(limits.maxRecords() > 0 && ownRecords > limits.maxRecords()
                            ? Reason.TOO_LARGE : Reason.FULL, "reference store full: " + after[0] + " records, "
                            + after[1] + " bytes");
                }
                if (failNext) {
                    failNext = false;
                    throw new StoreException(Reason.UNAVAILABLE, "reference store: injected commit failure");
                }
                disk.image = next;
                commits++;
                return CompletableFuture.completedStage(null);
            } catch (StoreException e) {
                failures++;
                lastFailure = e.getMessage();
                return CompletableFuture.failedStage(e);
            }
        }

        private boolean exceeds(long[] counts) {
            return (limits.maxRecords() != StoreStats.UNLIMITED && counts[0] > limits.maxRecords())
                    || (limits.maxBytes() != StoreStats.UNLIMITED && counts[1] > limits.maxBytes());
        }

        private static long[] count(Map<String, Map<String, byte[]>> image) {
            long records = 0;
            long bytes = 0;
            for (Map<String, byte[]> space : image.values()) {
                for (Map.Entry<String, byte[]> r : space.entrySet()) {
                    records++;
                    bytes += Names.utf8Length(r.getKey()) + r.getValue().length;
                }
            }
            return new long[] {records, bytes};
        }

        @Override
        public void scan(String space, BiConsumer<String, byte[]> visitor) throws StoreException {
            Names.requireSpace(space);
            Objects.requireNonNull(visitor, "visitor");
            Map<String, byte[]> records;
            synchronized (this) {
                if (closed) {
                    throw new StoreException(Reason.CLOSED, "reference store closed");
                }
                records = disk.image.getOrDefault(space, Map.of()); // never changed once installed
            }
            records.forEach((k, v) -> visitor.accept(k, v.clone()));
        }

        @Override
        public synchronized Set<String> spaces() throws StoreException {
            if (closed) {
                throw new StoreException(Reason.CLOSED, "reference store closed");
            }
            return Set.copyOf(disk.image.keySet());
        }

        @Override
        public synchronized StoreStats stats() {
            long[] counts = count(disk.image);
            return StoreStats.builder("reference").contents(counts[0], counts[1])
                    .limits(limits.maxRecords(), limits.maxBytes()).outcomes(commits, failures)
                    .lastFailure(lastFailure).build();
        }

        synchronized void close() {
            closed = true;
        }
    }

    @Override
    protected Store open(Limits limits) {
        return new ReferenceStore(new Disk(), limits);
    }

    @Override
    protected void close(Store store) {
        ((ReferenceStore) store).close();
    }

    @Override
    protected Store restart(Store store) {
        ReferenceStore old = (ReferenceStore) store;
        old.close();
        return new ReferenceStore(old.disk, old.limits);
    }

    @Override
    protected boolean failNextCommit(Store store) {
        synchronized (store) {
            ((ReferenceStore) store).failNext = true;
        }
        return true;
    }

    @Override
    protected String expectedType() {
        return "reference";
    }
}
