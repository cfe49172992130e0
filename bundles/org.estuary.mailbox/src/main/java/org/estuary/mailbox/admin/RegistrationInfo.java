package org.estuary.mailbox.admin;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One mailbox registration as an operator sees it.
 *
 * @param id the registration's id (its lease's id)
 * @param expiration the lease's expiration, epoch ms
 * @param events the events it stores
 * @param bytes their bytes
 * @param target the push target (guarded text), or null while push delivery is off
 * @param iterator the number of its valid pull iterator, or 0 when none is valid
 * @param unknownEvents the length of its unknown-event list
 * @param lastFailure why the mailbox last stopped its push delivery, or null
 */
@ProviderType
public record RegistrationInfo(long id, long expiration, long events, long bytes, String target, long iterator,
        long unknownEvents, String lastFailure) {
}
