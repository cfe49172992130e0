package org.estuary.mailbox.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.MarshalException;
import java.util.Objects;

import net.jini.core.event.RemoteEvent;

import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;

/**
 * An event as the mailbox keeps it: marshalled in the JVM that hands it over (the generator's, where its classes
 * are), with the fields the mailbox needs beside it, so the service stores, compares and forwards the event without
 * loading a class of it.
 *
 * <p>Sources are compared without running their code (EM.4.1's note on comparing sources): two sources are the
 * same when their serialized forms ({@link #sourceForm}, Java serialization without class annotations) are equal
 * byte for byte. The same object written twice gives the same form, so a generator's proxy or stub matches itself
 * across events, restarts and JVMs; two objects whose own {@code equals} would call them equal but whose fields
 * differ are different sources here.
 */
@org.osgi.annotation.versioning.ProviderType
public final class EventEnvelope implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Writes events and sources where they are handed over; writing needs no class loader of the event's. */
    private static final Marshaller WRITER = Marshallers.builder()
            .classLoader(EventEnvelope.class.getClassLoader()).build();

    /** @serial the event's id (EV.2.1) */
    private final long eventId;
    /** @serial the event's sequence number (EV.2.1) */
    private final long sequenceNumber;
    /** @serial the serialized form of the event's source, the form sources are compared in */
    private final Marshalled<Object> source;
    /** @serial the event itself, serialized */
    private final Marshalled<RemoteEvent> event;

    public EventEnvelope(long eventId, long sequenceNumber, Marshalled<Object> source, Marshalled<RemoteEvent> event) {
        this.eventId = eventId;
        this.sequenceNumber = sequenceNumber;
        this.source = Objects.requireNonNull(source, "source");
        this.event = Objects.requireNonNull(event, "event");
    }

    /**
     * Marshals {@code event} here, in the JVM whose classes it is made of.
     *
     * @throws MarshalException if the event or its source cannot be serialized (the generator's fault: definite)
     */
    public static EventEnvelope of(RemoteEvent event) throws MarshalException {
        Objects.requireNonNull(event, "event");
        try {
            return new EventEnvelope(event.getID(), event.getSequenceNumber(), sourceForm(event.getSource()),
                    WRITER.marshalled(event));
        } catch (MarshalException e) {
            throw e;
        } catch (IOException e) {
            throw new MarshalException("the event mailbox cannot store an event that does not serialize ("
                    + event.getClass().getName() + "): " + e, e);
        }
    }

    /**
     * The form in which the mailbox compares event sources: the source serialized without class annotations.
     *
     * @throws MarshalException if the source cannot be serialized
     */
    public static Marshalled<Object> sourceForm(Object source) throws MarshalException {
        try {
            return WRITER.marshalled(source);
        } catch (IOException e) {
            throw new MarshalException("event source does not serialize ("
                    + (source == null ? "null" : source.getClass().getName()) + "): " + e, e);
        }
    }

    public long eventId() {
        return eventId;
    }

    public long sequenceNumber() {
        return sequenceNumber;
    }

    public Marshalled<Object> source() {
        return source;
    }

    public Marshalled<RemoteEvent> event() {
        return event;
    }

    @Override
    public String toString() {
        return "EventEnvelope[id " + eventId + ", sequence " + sequenceNumber + ", " + event.size() + " bytes]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (source == null || event == null) {
            throw new InvalidObjectException("EventEnvelope without source or event");
        }
    }
}
