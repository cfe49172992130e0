package org.estuary.core.concurrent;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A count of things held (leases, unfinished transactions) that never exceeds its maximum, taken and given back by
 * threads on different processors without all of them writing one shared word each time. A single atomic count
 * moves its cache line between the processors at every change; where a service creates and completes hundreds of
 * thousands of things a second, those moves cost more than the rest of the bookkeeping.
 *
 * <p>How: a central count of the units handed out, which never exceeds the maximum, and a few stripes of spare units,
 * each on a cache line of its own; a thread always uses the same stripe (chosen by its id). {@link #tryAcquire()}
 * takes a spare unit of its stripe when there is one, else takes a chunk of {@value #CHUNK} from the central count
 * (one unit for itself, the rest spare) while the maximum leaves room for a chunk, else one unit. {@link #release()}
 * puts the unit back as a spare of the releasing thread's stripe; a stripe that holds two chunks' worth gives one
 * back. So a thread that takes and gives back in turn touches only its own stripe. Only when the central count is at
 * the maximum does a thread gather every stripe's spares back and try again, so {@code tryAcquire} fails only when
 * the units held, spares aside, are at the maximum: exact for one thread, and for several as of the moment the
 * spares were gathered. Thread-safe, no locks.
 */
@ProviderType
public final class BoundedCount {

    /** Units a stripe takes from the central count at a time. */
    static final int CHUNK = 16;
    /** Stripes, a power of two. */
    private static final int STRIPES = 8;
    /** Ints between two stripes' words: 64 bytes, a cache line. */
    private static final int SPACING = 16;

    private final int max;
    /** Units handed out: held plus spare; at most {@code max}. */
    private final AtomicInteger handedOut = new AtomicInteger();
    /** The spare units of stripe {@code i} at {@code (i + 1) * SPACING}, padding around them. */
    private final AtomicIntegerArray spares = new AtomicIntegerArray((STRIPES + 2) * SPACING);

    /**
     * @param max the most units held at once (at least 1)
     * @throws IllegalArgumentException if {@code max} is below 1
     */
    public BoundedCount(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1: " + max);
        }
        this.max = max;
    }

    /** The most units held at once. */
    public int max() {
        return max;
    }

    /** Takes one unit: true, or false if {@link #max()} are held. */
    public boolean tryAcquire() {
        int stripe = stripe();
        while (true) {
            int spare = spares.get(stripe);
            if (spare == 0) {
                break;
            }
            if (spares.compareAndSet(stripe, spare, spare - 1)) {
                return true;
            }
        }
        while (true) {
            int out = handedOut.get();
            if (max - out >= CHUNK) {
                if (handedOut.compareAndSet(out, out + CHUNK)) {
                    spares.addAndGet(stripe, CHUNK - 1);
                    return true;
                }
            } else if (out < max) {
                if (handedOut.compareAndSet(out, out + 1)) {
                    return true;
                }
            } else if (!gatherSpares()) {
                return false;
            }
        }
    }

    /** Gives one unit back; each must have been taken by {@link #tryAcquire()}, in any thread. */
    public void release() {
        int stripe = stripe();
        int spare = spares.incrementAndGet(stripe);
        if (spare >= 2 * CHUNK && spares.compareAndSet(stripe, spare, spare - CHUNK)) {
            handedOut.addAndGet(-CHUNK);
        }
    }

    /** Gives {@code units} back at once (a sweep that ends many). */
    public void release(int units) {
        if (units < 0) {
            throw new IllegalArgumentException("units must not be negative: " + units);
        }
        handedOut.addAndGet(-units);
    }

    /** The units held: exact when no thread takes or gives back meanwhile. */
    public int count() {
        int held = handedOut.get();
        for (int i = 0; i < STRIPES; i++) {
            held -= spares.get(word(i));
        }
        return Math.max(0, held);
    }

    /** Moves every stripe's spares back to the central count; false if there were none. */
    private boolean gatherSpares() {
        int gathered = 0;
        for (int i = 0; i < STRIPES; i++) {
            gathered += spares.getAndSet(word(i), 0);
        }
        if (gathered == 0) {
            return false;
        }
        handedOut.addAndGet(-gathered);
        return true;
    }

    private static int stripe() {
        return word((int) Thread.currentThread().getId() & (STRIPES - 1));
    }

    private static int word(int stripe) {
        return (stripe + 1) * SPACING;
    }
}
