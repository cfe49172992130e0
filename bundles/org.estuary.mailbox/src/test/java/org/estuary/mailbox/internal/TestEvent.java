package org.estuary.mailbox.internal;

import java.io.Serializable;

import net.jini.core.event.RemoteEvent;

/** A generator's event subclass with a payload, from a source of the test's own class. */
final class TestEvent extends RemoteEvent {

    private static final long serialVersionUID = 1L;

    final String payload;

    TestEvent(Object source, long eventId, long sequenceNumber, String payload) {
        super(source, eventId, sequenceNumber, null);
        this.payload = payload;
    }

    /** A generator's source object: equal sources serialize equally. */
    record Source(String name) implements Serializable {
    }

    static TestEvent of(String source, long eventId, long sequenceNumber) {
        return new TestEvent(new Source(source), eventId, sequenceNumber, source + "#" + eventId + "/" + sequenceNumber);
    }
}
