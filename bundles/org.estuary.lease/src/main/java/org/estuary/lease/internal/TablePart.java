package org.estuary.lease.internal;

import org.estuary.core.time.Clock;

/**
 * One independently locked part of a lease table: the {@link LeaseIndex} of the leases whose ids fall to it, and
 * its own reading of the wall clock. The table locks the part (its monitor) around every use; nothing here locks.
 */
public final class TablePart {

    /** The leases of this part. */
    public final LeaseIndex index;
    // The wall clock as last read, and the monotonic time of that read (see wallTimeAt).
    private long wallReadMillis;
    private long wallReadNanos;
    private boolean wallRead;

    /** A part sized for about {@code expected} leases; it grows as needed. */
    public TablePart(int expected) {
        this.index = new LeaseIndex(expected);
    }

    /**
     * The wall-clock time at monotonic time {@code now}, reading {@code clock}'s wall clock at most once a
     * millisecond: a renewal's expiration is at most a millisecond early, and renewals at a high rate do not each
     * pay for a read of the wall clock, which cost a sixth of a renewal on the benchmark's virtual machine
     * (bench/README.md, landlord section). A step of the wall clock shows in expirations from the next millisecond
     * on.
     */
    public long wallTimeAt(Clock clock, long now) {
        long since = now - wallReadNanos;
        if (!wallRead || since < 0 || since >= 1_000_000L) {
            wallReadMillis = clock.currentTimeMillis();
            wallReadNanos = now;
            wallRead = true;
        }
        return wallReadMillis;
    }
}
