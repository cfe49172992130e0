package org.estuary.store.api;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The commit latencies of a store's most recent batches, for {@link StoreStats#lastCommitNanos()} and
 * {@link StoreStats#p99CommitNanos()}: a fixed ring of the last {@code capacity} samples, so memory stays bounded
 * and the percentile follows the store's present rather than its whole life. Recording is wait-free and cheap
 * enough for every commit; a percentile sorts a copy of the ring, which suits a console that asks now and then.
 * Shared by the backends so that they all measure the same way.
 */
@ProviderType
public final class LatencyWindow {

    /** The window size backends use unless they have a reason for another. */
    public static final int DEFAULT_CAPACITY = 1024;

    private final AtomicLongArray samples;
    private final AtomicLong recorded = new AtomicLong();
    private volatile long last;

    /** A window of the last {@value #DEFAULT_CAPACITY} samples. */
    public LatencyWindow() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * A window of the last {@code capacity} samples.
     *
     * @throws IllegalArgumentException if capacity is not between 1 and 1,048,576
     */
    public LatencyWindow(int capacity) {
        if (capacity < 1 || capacity > 1 << 20) {
            throw new IllegalArgumentException("capacity must be between 1 and 1048576: " + capacity);
        }
        samples = new AtomicLongArray(capacity);
    }

    /** Records one commit's latency; negative values (a clock read out of order) count as 0. */
    public void record(long nanos) {
        long value = Math.max(0, nanos);
        long index = recorded.getAndIncrement();
        samples.set((int) (index % samples.length()), value);
        last = value;
    }

    /** The latency recorded last, 0 before the first. */
    public long last() {
        return last;
    }

    /** How many latencies were recorded in all. */
    public long count() {
        return recorded.get();
    }

    /**
     * The {@code percentile} (0 exclusive to 100 inclusive) of the samples in the window, by nearest rank; 0
     * before the first sample.
     *
     * @throws IllegalArgumentException if percentile is out of range or not a number
     */
    public long percentile(double percentile) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100]: " + percentile);
        }
        int size = (int) Math.min(recorded.get(), samples.length());
        if (size == 0) {
            return 0;
        }
        long[] copy = new long[size];
        for (int i = 0; i < size; i++) {
            copy[i] = samples.get(i);
        }
        Arrays.sort(copy);
        int rank = (int) Math.ceil(percentile / 100 * size);
        return copy[Math.max(rank, 1) - 1];
    }
}
