package org.estuary.mailbox.internal;

import org.estuary.io.Marshalled;

/**
 * An (event id, source) combination (EM.4.1): the source in its serialized form, compared byte for byte, so the
 * mailbox never runs a source's code to compare it.
 */
record UnknownEvent(long eventId, Marshalled<Object> source) {
}
