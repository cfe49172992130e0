package org.estuary.lease;

import java.util.UUID;

import org.estuary.core.time.Clock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.client.LandlordLease;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A lease just granted by a {@link LeaseTable}: its id, the granted duration and the expiration it gives on the
 * grantor's wall clock, what a service needs to build the client lease ({@code LandlordLease.create}).
 */
@ProviderType
public final class LeaseGrant {

    private final long leaseId;
    private final long duration;
    private final long expiration;

    LeaseGrant(long leaseId, long duration, long expiration) {
        this.leaseId = leaseId;
        this.duration = duration;
        this.expiration = expiration;
    }

    /** The id of the new lease (never 0). */
    public long leaseId() {
        return leaseId;
    }

    /** The granted duration in milliseconds, {@code Lease.FOREVER} for a lease that never expires. */
    public long duration() {
        return duration;
    }

    /** The expiration in milliseconds since the epoch, {@code Lease.FOREVER} for none. */
    public long expiration() {
        return expiration;
    }

    @Override
    public String toString() {
        return "LeaseGrant[id=" + leaseId + ", duration=" + duration + " ms, expiration=" + expiration + "]";
    }

    /** The lease proxy a holder receives for this grant, calling {@code landlord} (LE.2.2). */
    public LandlordLease lease(Landlord landlord, UUID landlordId, Clock clock) {
        return LandlordLease.create(landlord, landlordId, leaseId, expiration, clock);
    }
}
