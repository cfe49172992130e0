package org.estuary.event;

import java.util.Objects;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEvent;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A kind of event: the pair of the object in which events occur and an event identifier relative to it
 * (EV.2.3.2: "the combination of the event identifier and the object reference of the event generator ...
 * should uniquely identify the event type"). Two kinds are equal when their identifiers are equal and their
 * sources are {@code equals}; Estuary's proxies compare by id, so copies of one proxy name the same kind.
 */
@ProviderType
public final class EventKind {

    private final Object source;
    private final long eventId;

    private EventKind(Object source, long eventId) {
        this.source = source;
        this.eventId = eventId;
    }

    /**
     * The kind of events with identifier {@code eventId} from {@code source}.
     *
     * @throws NullPointerException if {@code source} is null (EV.2.3.2: every event has a source)
     */
    public static EventKind of(Object source, long eventId) {
        return new EventKind(Objects.requireNonNull(source, "source"), eventId);
    }

    /** The kind {@code event} belongs to. */
    public static EventKind of(RemoteEvent event) {
        Objects.requireNonNull(event, "event");
        return of(event.getSource(), event.getID());
    }

    /** The kind a registration was granted for (EV.2.3.5: same source and identifier as its events). */
    public static EventKind of(EventRegistration registration) {
        Objects.requireNonNull(registration, "registration");
        return of(registration.getSource(), registration.getID());
    }

    /** The object in which events of this kind occur. */
    public Object source() {
        return source;
    }

    /** The identifier of this kind relative to its source. */
    public long eventId() {
        return eventId;
    }

    /** Whether {@code event} is of this kind. */
    public boolean matches(RemoteEvent event) {
        return event != null && event.getID() == eventId && source.equals(event.getSource());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EventKind
                && ((EventKind) other).eventId == eventId
                && ((EventKind) other).source.equals(source);
    }

    @Override
    public int hashCode() {
        return source.hashCode() * 31 + Long.hashCode(eventId);
    }

    @Override
    public String toString() {
        return "EventKind[" + source + ", id=" + eventId + "]";
    }
}
