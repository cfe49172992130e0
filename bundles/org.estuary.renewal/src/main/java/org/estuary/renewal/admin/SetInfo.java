package org.estuary.renewal.admin;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A renewal set as the operator sees it. Listener descriptions are the listeners' own {@code toString()}
 * (client-supplied text: escape it before rendering), shortened to {@link LeaseInfo#MAX_TEXT} characters.
 *
 * @param setId the set's id (its set lease's id)
 * @param expiration the set lease's expiration, epoch ms ({@code Lease.FOREVER} for none)
 * @param leases client leases in the set
 * @param warningListener the expiration-warning listener, or null if none is registered
 * @param minWarningMillis the warning's lead before expiration (0 without a warning listener)
 * @param failureListener the renewal-failure listener, or null if none is registered
 */
@ProviderType
public record SetInfo(long setId, long expiration, long leases, String warningListener, long minWarningMillis,
        String failureListener) {
}
