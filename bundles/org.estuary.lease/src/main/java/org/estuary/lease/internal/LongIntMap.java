package org.estuary.lease.internal;

/**
 * An open-addressing hash map from non-zero {@code long} keys to {@code int} values, with no per-entry objects.
 *
 * <p>The lease table keys up to millions of leases by id; a {@code HashMap<Long, ...>} would spend about 80 bytes
 * on boxes and nodes per lease, this spends 24 (two parallel arrays at a load factor of at most one half).
 * Linear probing with backward-shift deletion, so removals leave no tombstones and lookups stay short.
 */
public final class LongIntMap {

    /** The key marking a free bucket; callers never store it. */
    public static final long FREE = 0L;

    /** The value {@link #get} and {@link #remove} return for an absent key. */
    public static final int ABSENT = -1;

    private static final int MAX_CAPACITY = 1 << 30;

    private long[] keys;
    private int[] values;
    private int size;
    private int shift;

    /** A map sized for about {@code expected} entries before its first resize. */
    public LongIntMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(8, Math.min(MAX_CAPACITY / 2, expected)) * 2 - 1) * 2;
        allocate(Math.min(capacity, MAX_CAPACITY));
    }

    /** The value of {@code key}, or {@link #ABSENT}. */
    public int get(long key) {
        long[] k = keys;
        int mask = k.length - 1;
        for (int i = bucket(key); ; i = (i + 1) & mask) {
            long found = k[i];
            if (found == key) {
                return values[i];
            }
            if (found == FREE) {
                return ABSENT;
            }
        }
    }

    /**
     * Maps {@code key} to {@code value}, replacing an earlier value.
     *
     * @throws IllegalArgumentException if {@code key} is {@link #FREE}
     */
    public void put(long key, int value) {
        if (key == FREE) {
            throw new IllegalArgumentException("key 0 is reserved");
        }
        if ((size + 1) * 2L > keys.length) {
            grow();
        }
        long[] k = keys;
        int mask = k.length - 1;
        for (int i = bucket(key); ; i = (i + 1) & mask) {
            long found = k[i];
            if (found == key) {
                values[i] = value;
                return;
            }
            if (found == FREE) {
                k[i] = key;
                values[i] = value;
                size++;
                return;
            }
        }
    }

    /** Removes {@code key}; returns its value or {@link #ABSENT}. */
    public int remove(long key) {
        long[] k = keys;
        int mask = k.length - 1;
        int i = bucket(key);
        while (true) {
            long found = k[i];
            if (found == FREE) {
                return ABSENT;
            }
            if (found == key) {
                break;
            }
            i = (i + 1) & mask;
        }
        int removed = values[i];
        // Backward shift: move later entries of the probe run into the hole when the hole lies between their home
        // bucket and their position, so every remaining key stays reachable from its home bucket.
        int hole = i;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            long moving = k[j];
            if (moving == FREE) {
                break;
            }
            int home = bucket(moving);
            boolean reachableWithoutHole = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
            if (!reachableWithoutHole) {
                k[hole] = moving;
                values[hole] = values[j];
                hole = j;
            }
        }
        k[hole] = FREE;
        size--;
        return removed;
    }

    /** The number of entries. */
    public int size() {
        return size;
    }

    private int bucket(long key) {
        // Fibonacci hashing: sequential ids spread over the whole table.
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new int[capacity];
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    private void grow() {
        if (keys.length >= MAX_CAPACITY) {
            throw new IllegalStateException("id map full at " + size + " entries");
        }
        long[] oldKeys = keys;
        int[] oldValues = values;
        allocate(oldKeys.length * 2);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != FREE) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }
}
