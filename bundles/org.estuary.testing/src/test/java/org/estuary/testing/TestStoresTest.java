package org.estuary.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each kind opens real, empty stores of its type for the running test; reopening a persistent store is a restart
 * that keeps what it acknowledged, reopening a memory store gives an empty one; a closed store refuses writes.
 */
class TestStoresTest {

    @RegisterExtension
    final TestStores memory = TestStores.memory();
    @RegisterExtension
    final TestStores embedded = TestStores.embedded();
    @RegisterExtension
    final TestStores jdbc = TestStores.jdbc();

    @Test
    void anEmbeddedStoreKeepsAcrossAReopenWhatItAcknowledged() throws Exception {
        keepsAcrossAReopen(embedded);
    }

    @Test
    void aJdbcStoreKeepsAcrossAReopenWhatItAcknowledged() throws Exception {
        keepsAcrossAReopen(jdbc);
    }

    @Test
    void aMemoryStoreComesBackEmpty() throws Exception {
        Store store = memory.open();
        assertEquals(Store.TYPE_MEMORY, store.stats().type());
        write(store, "k", "v");
        assertEquals(Map.of(), read(memory.reopen(store)));
    }

    @Test
    void eachOpenIsANewEmptyStoreAndAClosedOneRefusesWrites() throws Exception {
        Store first = embedded.open();
        write(first, "k", "v");
        Store second = embedded.open();
        assertEquals(Map.of(), read(second), "a store of its own");
        embedded.close(second);
        assertThrows(StoreException.class, () -> write(second, "k", "v"));
        assertThrows(IllegalArgumentException.class, () -> memory.reopen(first), "not one of memory's");
    }

    private static void keepsAcrossAReopen(TestStores kind) throws Exception {
        Store store = kind.open();
        assertEquals(kind.type(), store.stats().type());
        assertEquals(Map.of(), read(store));
        write(store, "k", "v");
        Store again = kind.reopen(store);
        assertTrue(again != store, "a new store object over the same records");
        assertEquals(Map.of("k", "v"), read(again));
    }

    private static void write(Store store, String key, String value) throws Exception {
        store.applyAndWait(Batch.builder().put("test", key, value.getBytes(StandardCharsets.UTF_8)).build(), 10,
                TimeUnit.SECONDS);
    }

    private static Map<String, String> read(Store store) throws StoreException {
        Map<String, String> records = new HashMap<>();
        store.scan("test", (key, value) -> records.put(key, new String(value, StandardCharsets.UTF_8)));
        return records;
    }
}
