package org.estuary.mailbox.admin;

import org.osgi.annotation.versioning.ProviderType;

/**
 * One (event id, source) pair of a registration's unknown-event list (EM.4.1, EM.7.1).
 *
 * @param index its position in the list, from 1
 * @param eventId the event id
 * @param source the source's serialized form, as far as it can be told without reading it: its size and hash
 */
@ProviderType
public record UnknownEventInfo(long index, long eventId, String source) {
}
