package org.estuary.core.time;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Overflow-safe arithmetic on durations and times. The specs let clients ask for {@code Lease.FOREVER}
 * ({@code Long.MAX_VALUE}) and durations whose sum with the current time overflows; such sums saturate
 * (LE.2.2, LR.2: "desired expiration = now + duration, or Long.MAX_VALUE on overflow").
 */
@ProviderType
public final class Times {

    private Times() {
    }

    /** {@code a + b}, or {@code Long.MAX_VALUE}/{@code Long.MIN_VALUE} where the sum overflows. */
    public static long saturatedAdd(long a, long b) {
        long sum = a + b;
        // Overflow happened exactly when both operands have the sign opposite to the result.
        if (((a ^ sum) & (b ^ sum)) < 0) {
            return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return sum;
    }

    /** {@code a - b}, saturating like {@link #saturatedAdd}. */
    public static long saturatedSubtract(long a, long b) {
        long difference = a - b;
        if (((a ^ b) & (a ^ difference)) < 0) {
            return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return difference;
    }

    /** Milliseconds as nanoseconds, saturating. */
    public static long millisToNanos(long millis) {
        if (millis > Long.MAX_VALUE / 1_000_000L) {
            return Long.MAX_VALUE;
        }
        if (millis < Long.MIN_VALUE / 1_000_000L) {
            return Long.MIN_VALUE;
        }
        return millis * 1_000_000L;
    }

    /** Nanoseconds as milliseconds, rounded up, so a positive remainder never reads as "expired". */
    public static long nanosToMillisCeiling(long nanos) {
        return Math.floorDiv(nanos, 1_000_000L) + (Math.floorMod(nanos, 1_000_000L) == 0 ? 0 : 1);
    }
}
