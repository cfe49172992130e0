package org.estuary.lease.renewal;

import java.util.Comparator;

import net.jini.core.lease.Lease;

import org.estuary.core.time.Clock;

/**
 * One lease a {@link LeaseRenewer} manages, with its schedule on monotonic time. Guarded by the renewer's lock;
 * {@link #nextAt} and {@link #order} must not change while the entry is in the renewer's queue.
 */
final class RenewalEntry {

    /** Queue order: next action first, then the order of arrival. */
    static final Comparator<RenewalEntry> BY_NEXT_ACTION =
            Comparator.<RenewalEntry>comparingLong(e -> e.nextAt).thenComparingLong(e -> e.order);

    final Lease lease;
    final long order;
    final long renewDuration;
    RenewalFailureListener listener;

    long desiredExpiration;   // wall milliseconds, as the holder gave it
    long desiredDeadline;     // the same on monotonic time
    long leaseDeadline;       // the lease's current expiration on monotonic time
    long renewAt;             // when to send the next renewal (or retry)
    long nextAt;              // the queue key: the next time the renewer must look at this entry
    long backoff;             // the next retry delay in nanos
    boolean inFlight;
    Throwable lastFailure;

    RenewalEntry(Lease lease, long order, long renewDuration, RenewalFailureListener listener) {
        this.lease = lease;
        this.order = order;
        this.renewDuration = renewDuration;
        this.listener = listener;
    }

    /** True while the lease ends before the holder wants it to: only then is it renewed. */
    boolean needsRenewal() {
        return leaseDeadline < desiredDeadline;
    }

    /**
     * Records a lease term that runs from {@code start} to {@code deadline} and plans its renewal {@code lead}
     * before the end, but not before half-time, so short leases keep room for the round trip and retries (LE.2.3).
     */
    void termFrom(long start, long deadline, long lead) {
        leaseDeadline = deadline;
        if (deadline == Clock.NEVER) {
            renewAt = Clock.NEVER;
            return;
        }
        long term = Math.max(0, deadline - start);
        renewAt = deadline - Math.min(lead, term / 2);
        lastFailure = null;
        backoff = 0;
    }

    /** The next time the renewer must look at this entry, or {@link Clock#NEVER}. */
    long computeNextAt() {
        if (inFlight || !needsRenewal()) {
            return leaseDeadline; // check for expiry (in flight) or drop it when it ends (desire met)
        }
        return Math.min(renewAt, leaseDeadline);
    }
}
