package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.estuary.io.SerialFilterException.Violation;
import org.junit.jupiter.api.Test;

/**
 * An array is allocated when its length arrives, before its elements: a peer that declares large arrays and sends
 * nothing more must not hold their memory. Each test's stream ends right after the declaration, so an array the
 * filter let through would end the read with an {@code EOFException}, not a refusal.
 */
class ArrayMemoryTest {

    private final Marshaller marshaller = Marshallers.builder().classLoader(getClass().getClassLoader()).build();

    /** The serialized form of {@code array} cut right after its length: the declaration and no element. */
    private byte[] declarationOnly(Object array, int elementBytes, int length) throws IOException {
        byte[] whole = marshaller.marshal(array);
        int cut = whole.length - elementBytes * length;
        byte[] head = new byte[cut];
        System.arraycopy(whole, 0, head, 0, cut);
        return head;
    }

    @Test
    void aLongArrayDeclaredWithoutItsDataIsRefusedBeforeItIsAllocated() throws Exception {
        // 999,999 longs: 8 MB for a declaration of a few dozen bytes.
        byte[] head = declarationOnly(new long[999_999], Long.BYTES, 999_999);
        SerialFilterException e = assertThrows(SerialFilterException.class,
                () -> marshaller.unmarshal(head, Object.class));
        assertEquals(Violation.ARRAY_MEMORY, e.violation());
        assertTrue(e.getMessage().contains("maxArrayMemory=" + SerialFilter.DEFAULT_MAX_ARRAY_MEMORY),
                e.getMessage());
    }

    @Test
    void nestedReferenceArraysDeclaredWithoutElementsCountTogether() throws Exception {
        // Object[40,000] inside Object[40,000] inside ...: each 320 KB alone is within the limit, their sum is not.
        Object[] outer = new Object[40_000];
        Object[] inner = outer;
        for (int i = 0; i < 3; i++) {
            Object[] next = new Object[40_000];
            inner[0] = next;
            inner = next;
        }
        byte[] whole = marshaller.marshal(outer);
        SerialFilterException e = assertThrows(SerialFilterException.class,
                () -> marshaller.unmarshal(whole, Object.class));
        assertEquals(Violation.ARRAY_MEMORY, e.violation());
    }

    @Test
    void arraysWhoseDataArrivesReadInFull() throws Exception {
        // 4 MB of longs, then a 400 KB byte array first in its stream: each allocation is backed by what arrives.
        List<Object> big = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            big.add(new long[65_536]);
        }
        assertEquals(8, ((List<?>) marshaller.unmarshal(marshaller.marshal(big), Object.class)).size());
        byte[] handback = new byte[400 * 1024];
        handback[handback.length - 1] = 7;
        assertArrayEquals(handback, marshaller.unmarshal(marshaller.marshal(handback), byte[].class));
    }

    @Test
    void theLimitIsConfigurable() throws Exception {
        Marshaller wide = Marshallers.builder().classLoader(getClass().getClassLoader())
                .filter(SerialFilter.defaults().toBuilder().maxArrayMemory(16L * 1024 * 1024).build()).build();
        byte[] head = declarationOnly(new long[999_999], Long.BYTES, 999_999);
        // Allowed now: the read then fails only because the elements never come.
        IOException e = assertThrows(IOException.class, () -> wide.unmarshal(head, Object.class));
        assertTrue(e instanceof java.io.EOFException, e.toString());
    }
}
