package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.estuary.io.SerialFilterException.Violation;
import org.estuary.io.testing.HashBombs;
import org.junit.jupiter.api.Test;

/**
 * Hashed collections built to burn the CPU while they are read, each shape refused by the default limits before
 * the work starts, while collections of an ordinary size and depth still read. Each bomb is small enough that an
 * unfiltered read finishes (in seconds), so without the limits these tests fail instead of hanging.
 */
class HashBombTest {

    private final Marshaller marshaller = Marshallers.builder().classLoader(getClass().getClassLoader()).build();

    private SerialFilterException refusal(Object bomb) throws IOException {
        byte[] bytes = marshaller.marshal(bomb);
        return assertThrows(SerialFilterException.class, () -> marshaller.unmarshal(bytes, Object.class));
    }

    @Test
    void nestedSetsAreRefusedAtTheHashDepthLimit() throws Exception {
        SerialFilterException e = refusal(HashBombs.nestedSets(24));
        assertEquals(Violation.HASH_DEPTH, e.violation());
        assertTrue(e.getMessage().contains("maxHashDepth=" + SerialFilter.DEFAULT_MAX_HASH_DEPTH), e.getMessage());
    }

    @Test
    void nestedMapsAreRefusedAtTheHashDepthLimit() throws Exception {
        assertEquals(Violation.HASH_DEPTH, refusal(HashBombs.nestedMaps(24)).violation());
    }

    @Test
    void collidingKeysInAHashMapAreRefusedByTheCapacity() throws Exception {
        SerialFilterException e = refusal(HashBombs.mapOf(new HashMap<>(), HashBombs.collidingKeys(8192)));
        assertEquals(Violation.HASH_CAPACITY, e.violation());
        assertTrue(e.getMessage().contains("maxHashCapacity=" + SerialFilter.DEFAULT_MAX_HASH_CAPACITY),
                e.getMessage());
    }

    @Test
    void collidingKeysInAHashtableAreRefusedByTheCapacity() throws Exception {
        assertEquals(Violation.HASH_CAPACITY,
                refusal(HashBombs.mapOf(new Hashtable<>(), HashBombs.collidingKeys(8192))).violation());
    }

    @Test
    void collidingKeysSpreadOverManySmallSetsCountTogether() throws Exception {
        // Each set alone is within the capacity; one stream's sets are counted in all.
        List<Object> keys = HashBombs.collidingKeys(400);
        List<Set<Object>> sets = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            sets.add(new HashSet<>(keys));
        }
        assertEquals(Violation.HASH_CAPACITY, refusal(sets).violation());
    }

    @Test
    void ordinaryHashedCollectionsStillRead() throws Exception {
        // 500 entries (1,024 slots at the default load factor) and maps four levels deep.
        Map<Object, Object> big = new HashMap<>();
        for (int i = 0; i < 500; i++) {
            big.put("key-" + i, i);
        }
        assertEquals(big, marshaller.unmarshal(marshaller.marshal(big), Object.class));
        Map<Object, Object> deep = new HashMap<>(Map.of("a", new HashMap<>(Map.of("b", new HashMap<>(Map.of("c",
                new HashSet<>(Set.of(1, 2, 3))))))));
        assertEquals(deep, marshaller.unmarshal(marshaller.marshal(deep), Object.class));
    }

    @Test
    void aSharedFilterJudgesEachCollectionAloneAndForStreamCountsThemAll() throws Exception {
        SerialFilter filter = SerialFilter.builder().allow(SerialFilter.DEFAULT_ALLOWLIST).maxHashCapacity(64)
                .build();
        List<Set<Object>> sets = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Set<Object> set = new HashSet<>();
            for (int j = 0; j < 40; j++) {
                set.add(i * 100 + j); // 40 elements: a table of 64 slots, at the limit
            }
            sets.add(set);
        }
        byte[] bytes = marshaller.marshal(sets);
        assertEquals(sets, readWith(filter, bytes));
        InvalidClassException refused = assertThrows(InvalidClassException.class,
                () -> readWith(filter.forStream(), bytes));
        assertEquals("filter status: REJECTED", refused.getMessage());
    }

    private static Object readWith(java.io.ObjectInputFilter filter, byte[] bytes) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            in.setObjectInputFilter(filter);
            return in.readObject();
        }
    }
}
