package org.estuary.store.memory.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;

class MemoryStoreComponentTest {

    @Test
    void publishesStoreTypeMemoryAndStaysActiveWithoutUsers() {
        // Immediate, so SCR keeps the records when the last service using the store goes away
        // @Component has CLASS retention: check the descriptor bnd generated from it, which is what SCR reads
        String descriptor = resource("/OSGI-INF/org.estuary.store.memory.internal.MemoryStoreComponent.xml");
        assertTrue(descriptor.contains("immediate=\"true\""), descriptor);
        assertTrue(descriptor.contains("<property name=\"store.type\" type=\"String\" value=\"memory\"/>"),
                descriptor);
        assertTrue(descriptor.contains("<provide interface=\"org.estuary.store.api.Store\"/>"), descriptor);
        assertTrue(descriptor.contains("configuration-pid=\"org.estuary.store.memory\""), descriptor);
    }

    @Test
    void recordsOutliveTheServiceThatWroteThem() throws Exception {
        // A replaced service bundle finds everything its predecessor acknowledged
        MemoryStoreComponent store = new MemoryStoreComponent(TestConfig.of(100, 10_000));
        Store oldService = store;
        oldService.applyAndWait(Batch.builder().put("renewal/sets", "s1", bytes("set one")).build(), 1,
                TimeUnit.SECONDS);
        Store newService = store; // the old service is gone; the component was never deactivated
        assertEquals(Map.of("s1", "set one"), contents(newService, "renewal/sets"));
    }

    @Test
    void reconfiguringKeepsRecordsAndAppliesTheNewLimits() throws Exception {
        // Store S5: lowering the limits under the contents refuses growth but keeps everything
        MemoryStoreComponent store = new MemoryStoreComponent(TestConfig.of(10, 10_000));
        store.applyAndWait(Batch.builder().put("s", "a", bytes("1")).put("s", "b", bytes("2"))
                .put("s", "c", bytes("3")).build(), 1, TimeUnit.SECONDS);
        store.modified(TestConfig.of(2, 10_000));
        assertEquals(3, contents(store, "s").size());
        assertEquals(2, store.stats().maxRecords());
        StoreException full = failure(store, Batch.builder().put("s", "d", bytes("4")).build());
        assertSame(Reason.FULL, full.reason());
        assertTrue(full.getMessage().contains("max.records=2"), full.getMessage());
        assertTrue(full.getMessage().contains(MemoryStoreComponent.PID), full.getMessage());
        store.applyAndWait(Batch.builder().put("s", "a", bytes("9")).delete("s", "b").build(), 1, TimeUnit.SECONDS);
        store.modified(TestConfig.of(10, 10_000));
        store.applyAndWait(Batch.builder().put("s", "d", bytes("4")).build(), 1, TimeUnit.SECONDS);
        assertEquals(Map.of("a", "9", "c", "3", "d", "4"), contents(store, "s"));
    }

    @Test
    void byteLimitMessageNamesTheSetting() throws Exception {
        // Store S6: the message says which setting to raise
        MemoryStoreComponent store = new MemoryStoreComponent(TestConfig.of(10, 20));
        store.applyAndWait(Batch.builder().put("s", "a", new byte[15]).build(), 1, TimeUnit.SECONDS);
        StoreException full = failure(store, Batch.builder().put("s", "b", new byte[10]).build());
        assertSame(Reason.FULL, full.reason());
        assertTrue(full.getMessage().contains("max.bytes=20"), full.getMessage());
        StoreException tooLarge = failure(store, Batch.builder().put("s", "b", new byte[30]).build());
        assertSame(Reason.TOO_LARGE, tooLarge.reason());
        assertTrue(tooLarge.getMessage().contains("max.bytes=20"), tooLarge.getMessage());
    }

    @Test
    void deactivationDropsTheRecordsAndClosesTheStore() throws Exception {
        // Store S7: the records live as long as the component
        MemoryStoreComponent store = new MemoryStoreComponent(TestConfig.of(10, 10_000));
        store.applyAndWait(Batch.builder().put("s", "a", bytes("1")).build(), 1, TimeUnit.SECONDS);
        store.deactivate();
        store.deactivate(); // SCR calls it once; twice must not hurt
        assertEquals(0, store.stats().records());
        assertSame(Reason.CLOSED, failure(store, Batch.builder().build()).reason());
        StoreException closed = assertThrows(StoreException.class, () -> store.spaces());
        assertTrue(closed.getMessage().contains("memory store closed"), closed.getMessage());
    }

    @Test
    void invalidConfigurationIsRefused() {
        // Store S5: limits are positive numbers; SCR reports the activation failure with this message
        IllegalArgumentException records = assertThrows(IllegalArgumentException.class,
                () -> new MemoryStoreComponent(TestConfig.of(0, 10)));
        assertTrue(records.getMessage().contains("max.records"), records.getMessage());
        IllegalArgumentException bytes = assertThrows(IllegalArgumentException.class,
                () -> new MemoryStoreComponent(TestConfig.of(10, -1)));
        assertTrue(bytes.getMessage().contains("max.bytes"), bytes.getMessage());
        MemoryStoreComponent store = new MemoryStoreComponent(TestConfig.of(10, 10));
        assertThrows(IllegalArgumentException.class, () -> store.modified(TestConfig.of(-5, 10)));
        assertEquals(10, store.stats().maxRecords(), "a refused configuration leaves the limits alone");
    }

    private static StoreException failure(Store store, Batch batch) throws Exception {
        try {
            store.apply(batch).toCompletableFuture().get(1, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            return StoreException.from(e);
        }
        throw new AssertionError("batch should have failed: " + batch);
    }

    private static Map<String, String> contents(Store store, String space) throws StoreException {
        Map<String, String> records = new HashMap<>();
        store.scan(space, (k, v) -> records.put(k, new String(v, UTF_8)));
        return records;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(UTF_8);
    }

    private static String resource(String name) {
        try (var in = MemoryStoreComponentTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new AssertionError(name + " not generated: is bnd processing DS annotations?");
            }
            return new String(in.readAllBytes(), UTF_8);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
