package org.estuary.lease;

import net.jini.core.lease.Lease;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Turns a requested lease duration into the granted one (LE.2.2): {@code Lease.ANY} gets the default duration, a
 * request above the maximum (including {@code Lease.FOREVER}) gets the maximum, any other positive request is
 * granted as asked. A grant is never longer than the request. Durations are milliseconds; a maximum of
 * {@code Lease.FOREVER} lets clients ask for leases that never expire.
 */
@ProviderType
public final class LeasePolicy {

    private final long defaultDuration;
    private final long maximumDuration;

    /**
     * A policy granting {@code defaultDuration} for {@code Lease.ANY} and at most {@code maximumDuration}.
     *
     * @throws IllegalArgumentException if a duration is not positive or the default exceeds the maximum
     */
    public LeasePolicy(long defaultDuration, long maximumDuration) {
        if (defaultDuration <= 0 || maximumDuration <= 0) {
            throw new IllegalArgumentException("lease durations must be positive: default=" + defaultDuration
                    + " ms, maximum=" + maximumDuration + " ms");
        }
        if (defaultDuration > maximumDuration) {
            throw new IllegalArgumentException("default lease duration " + defaultDuration
                    + " ms exceeds the maximum " + maximumDuration + " ms");
        }
        this.defaultDuration = defaultDuration;
        this.maximumDuration = maximumDuration;
    }

    /** The duration granted for {@code Lease.ANY}, in milliseconds. */
    public long defaultDuration() {
        return defaultDuration;
    }

    /** The longest duration granted, in milliseconds ({@code Lease.FOREVER} for no limit). */
    public long maximumDuration() {
        return maximumDuration;
    }

    /**
     * The duration to grant for {@code requested}.
     *
     * @throws IllegalArgumentException if {@code requested} is neither positive nor {@code Lease.ANY}
     */
    public long grant(long requested) {
        if (requested == Lease.ANY) {
            return defaultDuration; // LE.2.2: ANY leaves the choice to the grantor
        }
        if (requested <= 0) {
            throw new IllegalArgumentException("lease duration must be positive, Lease.ANY or Lease.FOREVER: "
                    + requested);
        }
        // LE.2.2: "no more than the requested period"; FOREVER is Long.MAX_VALUE, so it simply caps too.
        return Math.min(requested, maximumDuration);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LeasePolicy
                && ((LeasePolicy) other).defaultDuration == defaultDuration
                && ((LeasePolicy) other).maximumDuration == maximumDuration;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(defaultDuration) * 31 + Long.hashCode(maximumDuration);
    }

    @Override
    public String toString() {
        return "LeasePolicy[default=" + defaultDuration + " ms, maximum="
                + (maximumDuration == Lease.FOREVER ? "FOREVER" : maximumDuration + " ms") + "]";
    }
}
