package org.estuary.store.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.estuary.store.api.Operation.Kind;
import org.junit.jupiter.api.Test;

class BatchTest {

    @Test
    void operationsKeepTheirOrderAndKind() {
        // Store S2: operations take effect in the order they were added
        Batch batch = Batch.builder().put("s", "a", "1".getBytes(UTF_8)).delete("s", "b").clear("t").build();
        assertEquals(3, batch.size());
        assertFalse(batch.isEmpty());
        Operation put = batch.operations().get(0);
        assertEquals(Kind.PUT, put.kind());
        assertEquals("s", put.space());
        assertEquals("a", put.key());
        assertArrayEquals("1".getBytes(UTF_8), put.value());
        assertEquals(1, put.valueLength());
        assertEquals(2, put.size());
        Operation delete = batch.operations().get(1);
        assertEquals(Kind.DELETE, delete.kind());
        assertEquals("b", delete.key());
        assertNull(delete.value());
        assertEquals(0, delete.size());
        Operation clear = batch.operations().get(2);
        assertEquals(Kind.CLEAR, clear.kind());
        assertEquals("t", clear.space());
        assertNull(clear.key());
        assertEquals("CLEAR t", clear.toString());
    }

    @Test
    void aBuiltBatchIsImmutable() {
        // Store S1: nothing the caller does after build changes what the store applies
        byte[] value = {1, 2, 3};
        Batch.Builder builder = Batch.builder().put("s", "k", value);
        Batch batch = builder.build();
        value[0] = 9;
        builder.put("s", "later", new byte[1]).delete("s", "k");
        assertEquals(1, batch.size());
        assertArrayEquals(new byte[] {1, 2, 3}, batch.operations().get(0).value());
        batch.operations().get(0).value()[1] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, batch.operations().get(0).value());
        assertThrows(UnsupportedOperationException.class, () -> batch.operations().clear());
        assertEquals(3, builder.size());
        assertEquals(3, builder.build().size());
    }

    @Test
    void aPutOfANewKeyIsAPutMarkedFresh() {
        // Store S1: putNew copies its value as put does, adds to the batch's bytes, and is marked for the backend
        byte[] value = {1, 2, 3};
        Batch batch = Batch.builder().putNew("s", "é", value).put("s", "k", new byte[1]).delete("s", "x").build();
        value[0] = 9;
        Operation fresh = batch.operations().get(0);
        assertEquals(Operation.Kind.PUT, fresh.kind());
        assertArrayEquals(new byte[] {1, 2, 3}, fresh.value());
        assertTrue(fresh.fresh());
        assertFalse(batch.operations().get(1).fresh());
        assertFalse(batch.operations().get(2).fresh());
        assertEquals(2 + 3 + 1 + 1, batch.bytes());
    }

    @Test
    void bytesSumsTheLogicalSizeOfThePuts() {
        // Store stats: logical size = UTF-8 key + value
        Batch batch = Batch.builder().put("s", "é", new byte[10]).put("s", "k", new byte[0]).delete("s", "x")
                .clear("s").build();
        assertEquals(2 + 10 + 1 + 0, batch.bytes());
        assertEquals(0, Batch.builder().build().bytes());
        assertTrue(Batch.builder().build().isEmpty());
    }

    @Test
    void badOperationsAreRefusedWhenAdded() {
        // Store S4: the store never sees a malformed operation
        Batch.Builder builder = Batch.builder();
        assertThrows(NullPointerException.class, () -> builder.put(null, "k", new byte[0]));
        assertThrows(NullPointerException.class, () -> builder.put("s", null, new byte[0]));
        assertThrows(NullPointerException.class, () -> builder.put("s", "k", null));
        assertThrows(NullPointerException.class, () -> builder.delete("s", null));
        assertThrows(NullPointerException.class, () -> builder.clear(null));
        assertThrows(IllegalArgumentException.class, () -> builder.put("S", "k", new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> builder.put("s", "", new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> builder.delete("s/", "k"));
        assertThrows(IllegalArgumentException.class, () -> builder.clear("a b"));
        assertThrows(NullPointerException.class, () -> builder.putNew(null, "k", new byte[0]));
        assertThrows(NullPointerException.class, () -> builder.putNew("s", null, new byte[0]));
        assertThrows(NullPointerException.class, () -> builder.putNew("s", "k", null));
        assertThrows(IllegalArgumentException.class, () -> builder.putNew("S", "k", new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> builder.putNew("s", "", new byte[0]));
        assertEquals(0, builder.size(), "a refused operation is not added");
    }
}
