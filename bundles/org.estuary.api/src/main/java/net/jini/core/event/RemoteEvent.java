package net.jini.core.event;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.rmi.MarshalledObject;
import java.util.EventObject;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A notification that an event of some kind occurred in a remote object (EV.2.3.2). The pair (source, event
 * identifier) identifies the kind of event; the sequence number orders occurrences of that kind; the handback
 * is the object the registrant supplied when it registered.
 */
@ConsumerType
public class RemoteEvent extends EventObject {

    // EV.2.5: serialized fields are source, eventID, seqNum and handback.
    private static final long serialVersionUID = 1777278867291906446L;

    /**
     * The event source. {@link EventObject#source} is transient, so this class keeps its own serialized copy
     * (EV.2.5) and restores the inherited field on deserialization.
     *
     * @serial
     */
    protected Object source;

    /**
     * The identifier of the kind of event, relative to the source (EV.2.3.2).
     *
     * @serial
     */
    protected long eventID;

    /**
     * The sequence number of this occurrence of the kind of event (EV.2.3.2).
     *
     * @serial
     */
    protected long seqNum;

    /**
     * The object supplied at registration, handed back on notification; may be null (EV.2.3.2).
     *
     * @serial
     */
    protected MarshalledObject<?> handback;

    /**
     * Creates an event.
     *
     * @param source the object in which the event occurred
     * @param eventID the identifier of the kind of event
     * @param seqNum the sequence number of this occurrence
     * @param handback the registrant's handback object, or null
     * @throws IllegalArgumentException if {@code source} is null, as for any {@link EventObject}
     */
    public RemoteEvent(Object source, long eventID, long seqNum, MarshalledObject<?> handback) {
        super(source);
        this.source = source;
        this.eventID = eventID;
        this.seqNum = seqNum;
        this.handback = handback;
    }

    /**
     * Returns the identifier of the kind of event (EV.2.3.2).
     *
     * @return the event identifier
     */
    public long getID() {
        return eventID;
    }

    /**
     * Returns the sequence number of this occurrence (EV.2.3.2).
     *
     * @return the sequence number
     */
    public long getSequenceNumber() {
        return seqNum;
    }

    /**
     * Returns the handback object supplied at registration (EV.2.3.2).
     *
     * @return the handback, or null if none was supplied
     */
    public MarshalledObject<?> getRegistrationObject() {
        return handback;
    }

    /**
     * Reads the serialized fields and makes {@link #getSource()} return the deserialized source again.
     *
     * @param in the stream
     * @throws IOException on a stream failure
     * @throws ClassNotFoundException if a class of a field cannot be loaded
     */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        super.source = source;
    }
}
