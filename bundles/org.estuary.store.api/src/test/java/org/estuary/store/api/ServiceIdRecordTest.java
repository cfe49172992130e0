package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;

/**
 * A service's id survives restarts: made and durable on the first start, read back on every later one, carried by
 * the copy into a new store (S8); a record that is not an id stops recovery with a CORRUPT failure (S6) instead of
 * a new id that would orphan every proxy.
 */
class ServiceIdRecordTest {

    /** Records by space and key; applies every batch at once (the memory store's way). */
    private static final class MapStore extends EmptyStore {
        final Map<String, Map<String, byte[]>> spaces = new HashMap<>();
        int batches;

        MapStore() {
            super("map");
        }

        @Override
        public CompletionStage<Void> apply(Batch batch) {
            batches++;
            for (Operation op : batch.operations()) {
                Map<String, byte[]> space = spaces.computeIfAbsent(op.space(), s -> new TreeMap<>());
                switch (op.kind()) {
                    case PUT -> space.put(op.key(), op.value());
                    case DELETE -> space.remove(op.key());
                    case CLEAR -> space.clear();
                }
            }
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void scan(String space, BiConsumer<String, byte[]> visitor) {
            spaces.getOrDefault(space, Map.of()).forEach(visitor);
        }
    }

    private final MapStore store = new MapStore();

    @Test
    void theFirstStartMakesAnIdThatLaterStartsReadBack() throws Exception {
        UUID first = ServiceIdRecord.recover("test service", store, "test/service", 1_000);
        assertEquals(1, store.batches, "the new id is written before recovery goes on");
        assertEquals(first.toString(), new String(store.spaces.get("test/service").get(ServiceIdRecord.KEY),
                StandardCharsets.UTF_8));

        assertEquals(first, ServiceIdRecord.recover("test service", store, "test/service", 1_000));
        assertEquals(1, store.batches, "a recorded id is only read");
        assertNotEquals(first, ServiceIdRecord.recover("other service", store, "other/service", 1_000),
                "each service's id lives in its own space");
    }

    @Test
    void theCopyIntoANewStoreCarriesTheId() throws Exception {
        UUID id = UUID.randomUUID();
        MapStore next = new MapStore();
        next.applyAndWait(ServiceIdRecord.put(Batch.builder(), "test/service", id).build(), 1,
                java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(id, ServiceIdRecord.recover("test service", next, "test/service", 1_000));
    }

    @Test
    void aRecordThatIsNotAnIdIsCorruptAndNamesTheRemedy() {
        store.spaces.computeIfAbsent("test/service", s -> new TreeMap<>()).put(ServiceIdRecord.KEY,
                new byte[] {1, 2, 3});
        StoreException e = assertThrows(StoreException.class,
                () -> ServiceIdRecord.recover("test service", store, "test/service", 1_000));
        assertEquals(StoreException.Reason.CORRUPT, e.reason());
        assertFalse(e.reason().isRetryable());
        assertTrue(e.getMessage().startsWith("test service: its id record (space test/service, key id) in the map "
                + "store is not an id"), e.getMessage());
        assertTrue(e.getMessage().contains("restore the store from a backup"), e.getMessage());
        assertEquals(0, store.batches, "no new id replaces the unreadable one");
    }
}
