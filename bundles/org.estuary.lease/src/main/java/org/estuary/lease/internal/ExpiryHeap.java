package org.estuary.lease.internal;

import java.util.Arrays;

/**
 * An indexed 4-ary min-heap of slot numbers ordered by a {@code long} key (a monotonic deadline), in primitive
 * arrays. Each slot is in the heap at most once; {@link #update} moves it when its key changes, in O(log n).
 *
 * <p>Four children per node halve the depth of a binary heap and keep siblings in one cache line, which matters at
 * a million entries where every level is a cache miss.
 */
public final class ExpiryHeap {

    private static final int ABSENT = -1;

    private int[] slots;      // heap position -> slot
    private long[] keys;      // heap position -> key (kept here, not looked up, so sifting touches one array)
    private int[] positions;  // slot -> heap position, or ABSENT
    private int size;

    /** A heap for slots below {@code slotCapacity}, which {@link #ensureSlotCapacity} can raise. */
    public ExpiryHeap(int slotCapacity) {
        slots = new int[Math.max(4, slotCapacity)];
        keys = new long[slots.length];
        positions = new int[slots.length];
        Arrays.fill(positions, ABSENT);
    }

    /** Makes room for slot numbers below {@code slotCapacity}. */
    public void ensureSlotCapacity(int slotCapacity) {
        if (slotCapacity > positions.length) {
            int old = positions.length;
            positions = Arrays.copyOf(positions, slotCapacity);
            Arrays.fill(positions, old, slotCapacity, ABSENT);
            slots = Arrays.copyOf(slots, slotCapacity);
            keys = Arrays.copyOf(keys, slotCapacity);
        }
    }

    /** The number of slots in the heap. */
    public int size() {
        return size;
    }

    /** True if no slot is in the heap. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** The slot with the smallest key; the heap must not be empty. */
    public int peekSlot() {
        return slots[0];
    }

    /** The smallest key, or {@code Long.MAX_VALUE} for an empty heap. */
    public long peekKey() {
        return size == 0 ? Long.MAX_VALUE : keys[0];
    }

    /** The key {@code slot} is filed under; the slot must be in the heap. */
    public long keyOf(int slot) {
        return keys[positions[slot]];
    }

    /** Files {@code slot} under {@code key}; the slot must not be in the heap yet. */
    public void add(int slot, long key) {
        if (positions[slot] != ABSENT) {
            throw new IllegalStateException("slot " + slot + " already in the heap");
        }
        int at = size++;
        place(at, slot, key);
        siftUp(at);
    }

    /** Files {@code slot}, which is in the heap, under {@code key}. */
    public void update(int slot, long key) {
        int at = positions[slot];
        long old = keys[at];
        keys[at] = key;
        if (key < old) {
            siftUp(at);
        } else if (key > old) {
            siftDown(at);
        }
    }

    /** Takes {@code slot}, which is in the heap, out of it. */
    public void remove(int slot) {
        int at = positions[slot];
        positions[slot] = ABSENT;
        int last = --size;
        if (at != last) {
            int moved = slots[last];
            place(at, moved, keys[last]);
            // The moved entry may belong above or below its new position.
            siftDown(at);
            siftUp(positions[moved]);
        }
    }

    private void place(int at, int slot, long key) {
        slots[at] = slot;
        keys[at] = key;
        positions[slot] = at;
    }

    private void siftUp(int at) {
        int slot = slots[at];
        long key = keys[at];
        while (at > 0) {
            int parent = (at - 1) >>> 2;
            if (keys[parent] <= key) {
                break;
            }
            place(at, slots[parent], keys[parent]);
            at = parent;
        }
        place(at, slot, key);
    }

    private void siftDown(int at) {
        int slot = slots[at];
        long key = keys[at];
        while (true) {
            int first = (at << 2) + 1;
            if (first >= size) {
                break;
            }
            int best = first;
            long bestKey = keys[first];
            int end = Math.min(first + 4, size);
            for (int child = first + 1; child < end; child++) {
                if (keys[child] < bestKey) {
                    best = child;
                    bestKey = keys[child];
                }
            }
            if (bestKey >= key) {
                break;
            }
            place(at, slots[best], bestKey);
            at = best;
        }
        place(at, slot, key);
    }
}
