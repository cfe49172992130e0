package org.estuary.lease;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * How a {@link LeaseTable} tells its owning service that a lease ended, so the service frees the resource (LE.2.2:
 * "the overall effect of a cancel call is the same as lease expiration"). Each lease ends exactly once: either
 * {@link #expired} or {@link #cancelled} is called for it, never both, and never for a lease the service took out
 * itself with {@link LeaseTable#remove}. Both run without any of the table's locks held.
 */
@ConsumerType
@FunctionalInterface
public interface LeaseListener<R> {

    /**
     * Lease {@code leaseId} reached its expiration. Runs on the clock's timer thread, in batches: keep it short
     * (hand slow work such as store writes to an executor or an asynchronous store call).
     */
    void expired(long leaseId, R resource);

    /**
     * Lease {@code leaseId} was cancelled through {@link LeaseTable#cancel} or {@link LeaseTable#cancelAll}. Runs
     * in the cancelling thread before the cancel call returns, so a service can make the cancellation durable
     * before acknowledging it. The default treats cancellation like expiry.
     */
    default void cancelled(long leaseId, R resource) {
        expired(leaseId, resource);
    }
}
