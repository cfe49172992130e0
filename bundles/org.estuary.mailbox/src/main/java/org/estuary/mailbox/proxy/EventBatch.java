package org.estuary.mailbox.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.Objects;

import net.jini.core.event.RemoteEvent;

import org.estuary.io.MarshalledBatch;

/**
 * One transfer of stored events to a pull iterator (EM.7.1): each event with its arrival number in the
 * registration, in arrival order, still marshalled (as one stream that shares the events' class descriptors, or
 * each on its own); the iterator unmarshals each in the client's JVM when it returns it.
 */
@org.osgi.annotation.versioning.ProviderType
public final class EventBatch implements Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the arrival number of each event, ascending */
    private final long[] arrivals;
    /** @serial the events, in the same order */
    private final MarshalledBatch<RemoteEvent> events;

    public EventBatch(long[] arrivals, MarshalledBatch<RemoteEvent> events) {
        this.arrivals = Objects.requireNonNull(arrivals, "arrivals");
        this.events = Objects.requireNonNull(events, "events");
        if (arrivals.length != events.size()) {
            throw new IllegalArgumentException("arrivals and events differ in length");
        }
    }

    public int size() {
        return arrivals.length;
    }

    public long arrival(int index) {
        return arrivals[index];
    }

    /** The events, in arrival order. */
    public MarshalledBatch<RemoteEvent> events() {
        return events;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (arrivals == null || events == null || arrivals.length != events.size()) {
            throw new InvalidObjectException("EventBatch with missing or mismatched arrays");
        }
    }
}
