package org.estuary.management;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

import com.codahale.metrics.Reservoir;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.UniformSnapshot;

/**
 * The latencies of a timer's recent operations: the last {@value #SIZE} recorded by each of up to {@value #STRIPES}
 * stripes, a thread always recording into the same one (chosen by its id). A service times every operation, so
 * recording one is a slot claimed with one atomic increment and a plain write, no lock and no allocation
 * (Dropwizard's exponentially decaying reservoirs insert each value into a sorted map, which costs more than a fast
 * operation itself); and threads on different processors record into different stripes, so the count and the slots
 * they write do not move between the processors' caches at every operation. A stripe is made when a thread first
 * records into it: a timer used by one thread holds one. A snapshot taken while operations are recorded may hold a
 * slot's value from just before its overwrite.
 */
final class RecentReservoir implements Reservoir {

    /** The values one stripe keeps. */
    static final int SIZE = 1024;
    /** The most stripes, a power of two. */
    static final int STRIPES = 8;
    /** Longs of padding before and after a stripe's count and slots: a cache line's worth. */
    private static final int PAD = 8;

    /** Each stripe: its count at {@code PAD}, its slots from {@code 2 * PAD}, padding around both. */
    private final AtomicReferenceArray<AtomicLongArray> stripes = new AtomicReferenceArray<>(STRIPES);

    @Override
    public int size() {
        int size = 0;
        for (int i = 0; i < STRIPES; i++) {
            AtomicLongArray stripe = stripes.get(i);
            size += stripe == null ? 0 : (int) Math.min(stripe.get(PAD), SIZE);
        }
        return size;
    }

    @Override
    public void update(long value) {
        int index = (int) Thread.currentThread().getId() & (STRIPES - 1);
        AtomicLongArray stripe = stripes.get(index);
        if (stripe == null) {
            stripes.compareAndSet(index, null, new AtomicLongArray(2 * PAD + SIZE + PAD));
            stripe = stripes.get(index);
        }
        long slot = stripe.getAndIncrement(PAD) & (SIZE - 1);
        stripe.lazySet(2 * PAD + (int) slot, value);
    }

    @Override
    public Snapshot getSnapshot() {
        long[] copy = new long[STRIPES * SIZE];
        int at = 0;
        for (int i = 0; i < STRIPES; i++) {
            AtomicLongArray stripe = stripes.get(i);
            int held = stripe == null ? 0 : (int) Math.min(stripe.get(PAD), SIZE);
            for (int slot = 0; slot < held; slot++) {
                copy[at++] = stripe.get(2 * PAD + slot);
            }
        }
        return new UniformSnapshot(Arrays.copyOf(copy, at));
    }
}
