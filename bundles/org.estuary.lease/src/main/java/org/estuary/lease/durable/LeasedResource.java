package org.estuary.lease.durable;

import org.estuary.store.api.WritePath;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A resource leased by a {@link DurableLandlord} (a renewal set, a registration): besides its own state, the order
 * of its lease's renewals and whether its cancellation is being recorded, which the landlord keeps. Both are
 * guarded by the service's lock.
 */
@ConsumerType
public abstract class LeasedResource {

    /** The order of the lease's renewals: a renewal acknowledged after a newer one was shown is not shown. */
    final WritePath.Ticket renewals = new WritePath.Ticket();
    /** Its lease was cancelled and the deletion is being recorded. */
    boolean cancelling;

    /** Whether the resource has ended: its lease expired, or its cancellation is durable. */
    protected abstract boolean ended();

    /**
     * Under the service's lock: whether the operations clients call answer that the resource no longer exists: it
     * has {@linkplain #ended ended}, or its cancellation is being recorded (LE.2.2).
     */
    public final boolean gone() {
        return cancelling || ended();
    }
}
