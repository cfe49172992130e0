package org.estuary.lease.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/** The primitive structures behind the lease table (LE.2.2 expiry index) against the JDK's collections. */
class IndexStructuresTest {

    @Test
    void longIntMapAgreesWithHashMap() {
        // LE.2.2 lookups by lease id: insert, replace and backward-shift delete under heavy collisions
        SplittableRandom random = new SplittableRandom(7);
        LongIntMap map = new LongIntMap(4);
        Map<Long, Integer> model = new HashMap<>();
        for (int i = 0; i < 200_000; i++) {
            long key = 1 + random.nextInt(5_000); // small key space: many collisions and deletions
            if (random.nextBoolean()) {
                map.put(key, i);
                model.put(key, i);
            } else {
                assertEquals(model.containsKey(key) ? model.remove(key) : LongIntMap.ABSENT, map.remove(key));
            }
            assertEquals(model.size(), map.size());
        }
        for (long key = 1; key <= 5_000; key++) {
            assertEquals(model.getOrDefault(key, LongIntMap.ABSENT), map.get(key));
        }
        assertThrows(IllegalArgumentException.class, () -> map.put(LongIntMap.FREE, 1));
    }

    @Test
    void expiryHeapAgreesWithTreeSet() {
        // LE.2.2 expiry order: the earliest deadline is always on top, whatever updates and removals happened
        SplittableRandom random = new SplittableRandom(11);
        ExpiryHeap heap = new ExpiryHeap(4);
        long[] keys = new long[2_000];
        boolean[] present = new boolean[keys.length];
        TreeSet<long[]> model = new TreeSet<>((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0])
                : Long.compare(x[1], y[1]));
        heap.ensureSlotCapacity(keys.length);
        for (int i = 0; i < 100_000; i++) {
            int slot = random.nextInt(keys.length);
            long key = random.nextLong(1_000_000);
            if (!present[slot]) {
                heap.add(slot, key);
            } else if (random.nextInt(3) == 0) {
                heap.remove(slot);
                model.remove(new long[] {keys[slot], slot});
                present[slot] = false;
                continue;
            } else {
                model.remove(new long[] {keys[slot], slot});
                heap.update(slot, key);
            }
            keys[slot] = key;
            present[slot] = true;
            model.add(new long[] {key, slot});
            assertEquals(model.first()[0], heap.peekKey());
            assertEquals(model.size(), heap.size());
        }
        while (!heap.isEmpty()) {
            long[] first = model.pollFirst();
            assertEquals(first[0], heap.peekKey());
            heap.remove(heap.peekSlot());
        }
        assertEquals(Long.MAX_VALUE, heap.peekKey());
    }
}
