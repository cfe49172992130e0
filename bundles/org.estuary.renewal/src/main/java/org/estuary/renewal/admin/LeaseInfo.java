package org.estuary.renewal.admin;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A client lease in a renewal set (LR.2) as the operator sees it. {@code lease} and {@code lastFailure} are
 * client-supplied text (the lease's and the failure's {@code toString()}): escape them before rendering; they are
 * shortened to {@link #MAX_TEXT} characters.
 *
 * @param setId the set holding it
 * @param key the service's number for this lease, what {@link RenewalAdmin#removeLease} takes
 * @param lease the lease, described
 * @param desiredExpiration until when the client wants it renewed, epoch ms
 * @param actualExpiration its expiration as of the last renewal, epoch ms
 * @param renewDuration the duration asked for at each renewal, ms ({@code Lease.ANY} allowed)
 * @param renewing whether a renewal call is under way
 * @param lastFailure the last (indefinite) renewal failure since the last success, or null
 */
@ProviderType
public record LeaseInfo(long setId, long key, String lease, long desiredExpiration, long actualExpiration,
        long renewDuration, boolean renewing, String lastFailure) {

    /** The longest description kept of client-supplied text. */
    public static final int MAX_TEXT = org.estuary.management.Format.MAX_TEXT;
}
