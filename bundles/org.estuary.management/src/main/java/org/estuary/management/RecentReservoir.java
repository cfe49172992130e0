package org.estuary.management;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import com.codahale.metrics.Reservoir;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.UniformSnapshot;

/**
 * The latencies of a timer's last {@value #SIZE} operations. A service times every operation, so recording one is a
 * slot claimed with one atomic increment and a plain write, no lock and no allocation; Dropwizard's exponentially
 * decaying reservoirs insert each value into a sorted map, which costs more than a fast operation itself. A
 * snapshot taken while operations are recorded may hold a slot's value from just before its overwrite.
 */
final class RecentReservoir implements Reservoir {

    static final int SIZE = 1024;

    private final AtomicLongArray values = new AtomicLongArray(SIZE);
    private final AtomicLong recorded = new AtomicLong();

    @Override
    public int size() {
        return (int) Math.min(recorded.get(), SIZE);
    }

    @Override
    public void update(long value) {
        values.lazySet((int) (recorded.getAndIncrement() & (SIZE - 1)), value);
    }

    @Override
    public Snapshot getSnapshot() {
        long[] copy = new long[size()];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = values.get(i);
        }
        return new UniformSnapshot(copy);
    }
}
