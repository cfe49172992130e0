package org.estuary.event.agent;

import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import net.jini.core.event.RemoteEvent;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The notification a {@link DemultiplexingFilter} sends when its pattern is complete (EV.3.2.2): an event of the
 * filter's own kind that carries the events that completed the pattern, so that nothing they said is lost.
 */
@ProviderType
public class PatternEvent extends RemoteEvent {

    private static final long serialVersionUID = 1L;

    /**
     * The events that completed the pattern, oldest first.
     *
     * @serial
     */
    private final ArrayList<RemoteEvent> matched;

    /**
     * @param source the filter (or the object it speaks for)
     * @param eventId the identifier of the pattern's kind of event
     * @param seqNum the sequence number of this completion
     * @param handback the handback of the client's registration with the filter, or null
     * @param matched the events that completed the pattern
     * @throws NullPointerException if {@code source}, {@code matched} or an element is null
     */
    public PatternEvent(Object source, long eventId, long seqNum, MarshalledObject<?> handback,
            List<? extends RemoteEvent> matched) {
        super(Objects.requireNonNull(source, "source"), eventId, seqNum, handback);
        this.matched = new ArrayList<>(matched);
        this.matched.forEach(event -> Objects.requireNonNull(event, "matched events must not be null"));
    }

    /** The events that completed the pattern, oldest first. */
    public List<RemoteEvent> getMatchedEvents() {
        return Collections.unmodifiableList(matched);
    }
}
