package org.estuary.lease.renewal;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Told when a {@link LeaseRenewer} loses a lease before its desired expiration (LE.3.1 {@code
 * LeaseExpireListener}): the grantor refused a renewal (a definite failure), or the lease reached its expiration
 * while renewals kept failing indefinitely. Called at most once per lease, after the renewer has stopped managing
 * it, on the renewer's executor (or the clock's timer thread if the executor is full); keep it short.
 */
@ConsumerType
@FunctionalInterface
public interface RenewalFailureListener {

    /** The renewer lost {@code failure.lease()}. */
    void renewalFailed(RenewalFailure failure);
}
