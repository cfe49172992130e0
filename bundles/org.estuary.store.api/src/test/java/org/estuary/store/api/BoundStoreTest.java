package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;

/** S8: how a service switches stores through {@link BoundStore}. */
class BoundStoreTest {

    /** Records the batches it acknowledges and holds their records, or refuses every batch with {@link #refusal}. */
    private static final class RecordingStore extends EmptyStore {
        final List<Batch> applied = new ArrayList<>();
        final Map<String, Map<String, byte[]>> records = new TreeMap<>();
        volatile StoreException refusal;

        RecordingStore(String type) {
            super(type);
        }

        @Override
        public synchronized CompletionStage<Void> apply(Batch batch) {
            if (refusal != null) {
                return CompletableFuture.failedFuture(refusal);
            }
            applied.add(batch);
            for (Operation op : batch.operations()) {
                switch (op.kind()) {
                    case PUT -> records.computeIfAbsent(op.space(), s -> new TreeMap<>()).put(op.key(), op.value());
                    case DELETE -> records.getOrDefault(op.space(), new TreeMap<>()).remove(op.key());
                    case CLEAR -> records.remove(op.space());
                    default -> throw new IllegalStateException();
                }
            }
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public synchronized void scan(String space, BiConsumer<String, byte[]> visitor) {
            records.getOrDefault(space, Map.of()).forEach(visitor);
        }

        synchronized String read(String space, String key) {
            byte[] value = records.getOrDefault(space, Map.of()).get(key);
            return value == null ? null : new String(value, StandardCharsets.UTF_8);
        }

        synchronized List<Batch> applied() {
            return new ArrayList<>(applied);
        }
    }

    private final Object lock = new Object();
    private int snapshots;
    /** The service's state: its id and one record, in its own space. */
    private String id = "x";
    private final BoundStore bound = new BoundStore("test service", "test/a", lock, () -> {
        snapshots++;
        return Batch.builder().clear("test/a").put("test/a", "id", id.getBytes(StandardCharsets.UTF_8))
                .put("test/a", "k", new byte[] {(byte) snapshots}).build();
    }, 5_000, 60_000);

    /** A store that holds the state of the service with {@code serviceId} at {@code generation} (null: none). */
    private static RecordingStore holding(String type, String serviceId, String generation) {
        RecordingStore store = new RecordingStore(type);
        Batch.Builder state = Batch.builder().put("test/a", "id", serviceId.getBytes(StandardCharsets.UTF_8));
        if (generation != null) {
            state.put("test/a", BoundStore.GENERATION, generation.getBytes(StandardCharsets.UTF_8));
        }
        store.apply(state.build());
        store.applied.clear();
        return store;
    }

    @Test
    void s8ACopyCarriesTheNextGenerationAndTheCopyAfterItOneMore() throws Exception {
        RecordingStore first = holding("rocksdb", "x", null);
        bound.bind(first);
        bound.adopt();
        RecordingStore second = new RecordingStore("memory");
        assertTrue(bound.bind(second), "a store that holds nothing of the service gets the copy");
        synchronized (lock) {
            assertSame(second, bound.current());
        }
        assertEquals("1", second.read("test/a", BoundStore.GENERATION));
        assertTrue(bound.bind(first), "the store it left holds an older generation (none: 0)");
        synchronized (lock) {
            assertSame(first, bound.current());
        }
        assertEquals("2", first.read("test/a", BoundStore.GENERATION));
        assertEquals("x", first.read("test/a", "id"));
    }

    @Test
    void s8AStoreBoundLaterThatHoldsANewerGenerationIsNotOverwritten() throws Exception {
        // The service moved to the better-ranked store (generation 3) before a restart; at boot the worse-ranked
        // one, still holding generation 2, registered first and the service recovered from it.
        RecordingStore older = holding("rocksdb", "x", "2");
        RecordingStore newer = holding("rocksdb", "x", "3");
        bound.bind(older);
        bound.adopt();
        assertFalse(bound.bind(newer), "the component is told to start the service again on the newer store");
        synchronized (lock) {
            assertSame(older, bound.current(), "writes stay where they went until the service starts again");
        }
        assertTrue(newer.applied().isEmpty(), "nothing is copied over newer state");
        assertEquals("3", newer.read("test/a", BoundStore.GENERATION));
    }

    @Test
    void s8TheStoreItWritesThroughBackUnderANewReferenceGetsTheCopy() throws Exception {
        // The store's bundle was updated: a new Store over the same records (the service's id at its generation).
        RecordingStore before = holding("rocksdb", "x", "2");
        bound.bind(before);
        bound.adopt();
        RecordingStore after = holding("rocksdb", "x", "2");
        assertTrue(bound.bind(after), "its own state: no restart");
        bound.unbind(before);
        synchronized (lock) {
            assertSame(after, bound.current());
        }
        assertEquals("3", after.read("test/a", BoundStore.GENERATION));
    }

    @Test
    void s8AStoreWhereTheServiceLivedIsNotOverwrittenByAFreshStart() throws Exception {
        // A volatile store registered first at boot: the service started afresh there (a new id, generation 0);
        // the persistent store it ran on for months, never switched (no generation record), comes next.
        RecordingStore fresh = new RecordingStore("memory");
        bound.bind(fresh);
        bound.adopt();
        id = "y";
        fresh.apply(Batch.builder().put("test/a", "id", id.getBytes(StandardCharsets.UTF_8)).build());
        RecordingStore lived = holding("rocksdb", "x", null);
        assertFalse(bound.bind(lived));
        assertTrue(lived.applied().isEmpty());
        assertEquals("x", lived.read("test/a", "id"));
    }

    @Test
    void s8TheCopyItselfRefusesToOverwriteNewerState() throws Exception {
        RecordingStore older = holding("rocksdb", "x", "2");
        bound.bind(older);
        bound.adopt();
        RecordingStore later = new RecordingStore("jdbc");
        synchronized (lock) { // the bind's copier waits for the lock
            assertTrue(bound.bind(later), "it held nothing when bound");
            // before the copy ran, another container sharing the store moved the service's newer state into it
            later.apply(Batch.builder().put("test/a", "id", "x".getBytes(StandardCharsets.UTF_8))
                    .put("test/a", BoundStore.GENERATION, "5".getBytes(StandardCharsets.UTF_8)).build());
            StoreException refused = assertThrows(StoreException.class, bound::current);
            assertEquals(StoreException.Reason.UNAVAILABLE, refused.reason());
            assertTrue(refused.getMessage().contains("start the service again"), refused.getMessage());
        }
        assertEquals(1, later.applied().size(), "only the other container's write");
        assertEquals("5", later.read("test/a", BoundStore.GENERATION));
    }

    @Test
    void s8AGenerationRecordThatDoesNotParseIsCorruptWithTheRemedy() {
        RecordingStore damaged = holding("rocksdb", "x", "two");
        bound.bind(damaged);
        StoreException corrupt = assertThrows(StoreException.class, bound::adopt);
        assertEquals(StoreException.Reason.CORRUPT, corrupt.reason());
        assertTrue(corrupt.getMessage().contains("restore the store from a backup"), corrupt.getMessage());
    }

    @Test
    void s8TheFirstStoreIsAdoptedWithoutACopy() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        assertSame(first, bound.adopt());
        assertSame(first, bound.current());
        assertEquals(0, snapshots, "recovery reads the first store; nothing is copied into it");
        assertTrue(first.applied().isEmpty());
    }

    @Test
    void s8ANewStoreGetsTheWholeStateBeforeItTakesWrites() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.adopt();
        RecordingStore second = new RecordingStore("rocksdb");
        bound.bind(second);
        bound.unbind(first);
        synchronized (lock) {
            assertSame(second, bound.current());
        }
        List<Batch> copied = second.applied();
        assertEquals(1, copied.size(), "exactly one copy, whether the bind's thread or current() made it");
        assertEquals(Operation.Kind.CLEAR, copied.get(0).operations().get(0).kind(), "the copy clears first");
        assertTrue(first.applied().isEmpty(), "the old store is not written by the switch");
    }

    @Test
    void s8ABindStartsTheCopyWithoutWaitingForAWrite() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.adopt();
        RecordingStore second = new RecordingStore("rocksdb");
        bound.bind(second);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (second.applied().isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(1, second.applied().size(), "the state reached the new store with no write to carry it");
    }

    @Test
    void s8AFailedCopyRefusesWritesUntilAStoreAcceptsIt() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.adopt();
        RecordingStore tooSmall = new RecordingStore("memory");
        tooSmall.refusal = new StoreException(StoreException.Reason.FULL, "memory store full: max.records=1");
        synchronized (lock) {
            bound.bind(tooSmall);
            StoreException refused = assertThrows(StoreException.class, bound::current);
            assertEquals(StoreException.Reason.FULL, refused.reason(), "the copy's reason when retryable");
            assertTrue(refused.getMessage().contains("refuses changes until the copy succeeds"),
                    refused.getMessage());
            assertTrue(refused.getMessage().contains("max.records=1"), refused.getMessage());
            int tried = snapshots;
            assertThrows(StoreException.class, bound::current);
            assertEquals(tried, snapshots, "no second copy into the same store within the retry interval");
        }
        RecordingStore roomy = new RecordingStore("rocksdb");
        bound.bind(roomy);
        synchronized (lock) {
            assertSame(roomy, bound.current());
        }
        assertEquals(1, roomy.applied().size());
    }

    @Test
    void s8ACopyThatCanNeverFitIsReportedRetryableWithTheStoresReasonAsCause() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.adopt();
        RecordingStore tiny = new RecordingStore("memory");
        StoreException tooLarge = new StoreException(StoreException.Reason.TOO_LARGE, "batch exceeds max.bytes");
        tiny.refusal = tooLarge;
        synchronized (lock) {
            bound.bind(tiny);
            StoreException refused = assertThrows(StoreException.class, bound::current);
            assertEquals(StoreException.Reason.UNAVAILABLE, refused.reason());
            assertSame(tooLarge, refused.getCause());
        }
    }

    @Test
    void s8WithoutAStoreWritesAreRefusedWithTheRemedy() {
        StoreException none = assertThrows(StoreException.class, bound::current);
        assertEquals(StoreException.Reason.UNAVAILABLE, none.reason());
        assertTrue(none.getMessage().contains("store.target"), none.getMessage());
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.unbind(new RecordingStore("other"));
        assertSame(first, bound.bound(), "unbinding a store that is not bound changes nothing");
    }
}
