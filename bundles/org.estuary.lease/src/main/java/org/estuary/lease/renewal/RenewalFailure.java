package org.estuary.lease.renewal;

import java.util.Objects;

import net.jini.core.lease.Lease;

import org.osgi.annotation.versioning.ProviderType;

/** What a {@link RenewalFailureListener} learns about a lease the {@link LeaseRenewer} could not keep. */
@ProviderType
public final class RenewalFailure {

    private final Lease lease;
    private final long desiredExpiration;
    private final Throwable cause;
    private final boolean definite;

    RenewalFailure(Lease lease, long desiredExpiration, Throwable cause, boolean definite) {
        this.lease = Objects.requireNonNull(lease, "lease");
        this.desiredExpiration = desiredExpiration;
        this.cause = cause;
        this.definite = definite;
    }

    /** The lease lost; its {@code getExpiration()} tells when it ends (or ended) at the grantor. */
    public Lease lease() {
        return lease;
    }

    /** The expiration the holder wanted, in milliseconds since the epoch ({@code Lease.FOREVER} for none). */
    public long desiredExpiration() {
        return desiredExpiration;
    }

    /**
     * The exception of the last failed renewal: the grantor's refusal when {@link #isDefinite()}, else the last
     * indefinite failure, or null if the lease expired before any renewal was tried.
     */
    public Throwable cause() {
        return cause;
    }

    /**
     * True if the grantor refused the renewal for good (unknown lease, denied, ...); false if the lease ran out
     * while renewals failed in ways that might have cleared up.
     */
    public boolean isDefinite() {
        return definite;
    }

    @Override
    public String toString() {
        return "RenewalFailure[" + lease + ", desired=" + desiredExpiration + ", "
                + (definite ? "definite" : "expired") + ", cause=" + cause + "]";
    }
}
