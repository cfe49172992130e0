package org.estuary.event;

import org.estuary.core.time.Clock;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The lease that governs a delivery: retries go on until it ends (EM.4.1 "until the associated registration's
 * lease terminates", LR.2.1). {@link EventDelivery} reads it before every attempt and at every retry, so a
 * renewal that moves the end later keeps the delivery alive, and a cancel stops it.
 */
@ConsumerType
@FunctionalInterface
public interface GoverningLease {

    /**
     * When the lease ends, on the delivery clock's monotonic time ({@link Clock#nanoTime()}); {@link Clock#NEVER}
     * for never; a value at or before now (for example {@code Long.MIN_VALUE} after a cancel) means ended.
     * Must be quick and must not block: it runs on delivery threads.
     */
    long deadlineNanos();

    /** A lease that ends at the fixed monotonic deadline {@code deadlineNanos}. */
    static GoverningLease until(long deadlineNanos) {
        return () -> deadlineNanos;
    }

    /** A lease that never ends: retries go on until the delivery is cancelled. */
    static GoverningLease forever() {
        return () -> Clock.NEVER;
    }
}
