package org.estuary.lease.internal;

import java.util.Arrays;

/**
 * The storage of a lease table: for each live lease its id, monotonic deadline, wall-clock expiration and resource,
 * found by id through a {@link LongIntMap} and by deadline through an {@link ExpiryHeap}, all in primitive arrays
 * indexed by a slot number (about 80 bytes per lease, plus the growth slack of the arrays). Not thread-safe: the
 * table locks.
 *
 * <p>The deadline decides when the lease ends; the expiration is what the holder was told (LE.2.2: the time a
 * grant or renewal gave, as epoch milliseconds). It is kept rather than derived from the deadline, because a
 * monotonic deadline's wall-clock time read at two moments may differ (the two clocks drift, and the wall clock
 * may be stepped), and a service that persists or shows a lease's expiration needs the one value it granted.
 *
 * <p>Renewals that move a deadline later are filed lazily: the heap keeps the earlier key, and when that key comes
 * due {@link #pollExpired} files the slot again under its current deadline. A lease renewed many times before it
 * expires therefore costs one heap move, not one per renewal; a renewal that moves a deadline earlier is filed at
 * once so the earliest heap key is never later than the earliest deadline.
 */
public final class LeaseIndex {

    private static final int NO_SLOT = -1;

    private final LongIntMap byId;
    private final ExpiryHeap byDeadline;
    private long[] ids;
    /**
     * Slot {@code s}'s deadline at {@code 2s} and its expiration at {@code 2s + 1}: side by side, so a renewal of a
     * lease touches one cache line for both (two arrays cost a renewal a second cache miss at a million leases).
     */
    private long[] times;
    private Object[] resources;
    private int[] freeSlots;
    private int freeCount;
    private int used;   // slots handed out at least once: [0, used)

    /** An index sized for about {@code expected} leases; it grows as needed. */
    public LeaseIndex(int expected) {
        int capacity = Math.max(16, expected);
        byId = new LongIntMap(capacity);
        byDeadline = new ExpiryHeap(capacity);
        ids = new long[capacity];
        times = new long[2 * capacity];
        resources = new Object[capacity];
        freeSlots = new int[capacity];
    }

    /** The number of leases held. */
    public int size() {
        return byId.size();
    }

    /** The slot of lease {@code id}, or -1. */
    public int find(long id) {
        return byId.get(id);
    }

    /**
     * Adds a lease ending at monotonic {@code deadline}, granted to wall-clock {@code expiration}; {@code id} must
     * be non-zero and not present. Returns its slot.
     */
    public int insert(long id, long deadline, long expiration, Object resource) {
        int slot = freeCount > 0 ? freeSlots[--freeCount] : newSlot();
        ids[slot] = id;
        times[2 * slot] = deadline;
        times[2 * slot + 1] = expiration;
        resources[slot] = resource;
        byId.put(id, slot);
        byDeadline.add(slot, deadline);
        return slot;
    }

    /** The id held in {@code slot}. */
    public long id(int slot) {
        return ids[slot];
    }

    /** The current deadline of {@code slot}. */
    public long deadline(int slot) {
        return times[2 * slot];
    }

    /** The wall-clock expiration {@code slot} was granted or last renewed to, in epoch milliseconds. */
    public long expiration(int slot) {
        return times[2 * slot + 1];
    }

    /** The resource held in {@code slot}. */
    public Object resource(int slot) {
        return resources[slot];
    }

    /**
     * Renews {@code slot} to a new deadline and expiration; files it again now only if the deadline moved earlier
     * than its key.
     */
    public void renew(int slot, long deadline, long expiration) {
        times[2 * slot] = deadline;
        times[2 * slot + 1] = expiration;
        if (deadline < byDeadline.keyOf(slot)) {
            byDeadline.update(slot, deadline);
        }
    }

    /** Removes the lease in {@code slot} and returns its resource. */
    public Object remove(int slot) {
        Object resource = resources[slot];
        byId.remove(ids[slot]);
        byDeadline.remove(slot);
        ids[slot] = 0;
        resources[slot] = null;
        freeSlots[freeCount++] = slot;
        return resource;
    }

    /**
     * The slot of a lease whose deadline is at or before {@code now}, or -1 if there is none. Slots whose heap key
     * is due but whose deadline was renewed are filed again on the way. The slot stays in the index.
     */
    public int pollExpired(long now) {
        while (!byDeadline.isEmpty() && byDeadline.peekKey() <= now) {
            int slot = byDeadline.peekSlot();
            long deadline = times[2 * slot];
            if (deadline <= now) {
                return slot;
            }
            byDeadline.update(slot, deadline);
        }
        return NO_SLOT;
    }

    /** The earliest heap key: a time at or before the earliest deadline ({@code Long.MAX_VALUE} if empty). */
    public long earliestKey() {
        return byDeadline.peekKey();
    }

    /** The ids of all leases held, in no particular order. */
    public long[] ids() {
        long[] result = new long[size()];
        int n = 0;
        for (int slot = 0; slot < used; slot++) {
            if (ids[slot] != 0) {
                result[n++] = ids[slot];
            }
        }
        return result;
    }

    private int newSlot() {
        if (used == ids.length) {
            int capacity = ids.length + (ids.length >> 1) + 1;
            ids = Arrays.copyOf(ids, capacity);
            times = Arrays.copyOf(times, 2 * capacity);
            resources = Arrays.copyOf(resources, capacity);
            freeSlots = Arrays.copyOf(freeSlots, capacity);
            byDeadline.ensureSlotCapacity(capacity);
        }
        return used++;
    }
}
