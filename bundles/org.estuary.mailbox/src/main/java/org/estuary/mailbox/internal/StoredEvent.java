package org.estuary.mailbox.internal;

import net.jini.core.event.RemoteEvent;

import org.estuary.io.Marshalled;

/**
 * One event a registration holds: its arrival number in the registration (the order of delivery and the pull
 * cursor), the fields the mailbox compares, and the event's bytes. Immutable but for {@link #durable}.
 */
final class StoredEvent {

    final long arrival;
    final UnknownEvent kind;
    final long sequenceNumber;
    final Marshalled<RemoteEvent> event;
    /** Bytes counted against the registration's and the mailbox's limits. */
    final long size;
    /** Set under the state's lock once the event's record is acknowledged: only then is it delivered or pulled. */
    boolean durable;

    StoredEvent(long arrival, UnknownEvent kind, long sequenceNumber, Marshalled<RemoteEvent> event) {
        this.arrival = arrival;
        this.kind = kind;
        this.sequenceNumber = sequenceNumber;
        this.event = event;
        this.size = kind.source().size() + event.size() + 24L;
    }
}
