package org.estuary.event.beans;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.rmi.MarshalledObject;
import java.util.EventObject;
import java.util.Objects;

import net.jini.core.event.RemoteEvent;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A JavaBeans event object made from a {@link RemoteEvent} "without loss of information" (EV.4.2): it has the
 * same source and exposes the identifier, sequence number and handback, and {@link #toRemoteEvent()} gives back
 * the very event it was made from, subclass state included. Serializable with its source (which a plain {@code
 * EventObject} loses, its {@code source} field being transient).
 */
@ProviderType
public class RemoteBeanEvent extends EventObject {

    private static final long serialVersionUID = 1L;

    /**
     * The remote event this bean event stands for.
     *
     * @serial
     */
    private final RemoteEvent remoteEvent;

    /**
     * @param remoteEvent the remote event to present to JavaBeans listeners
     * @throws NullPointerException if {@code remoteEvent} is null
     */
    public RemoteBeanEvent(RemoteEvent remoteEvent) {
        super(Objects.requireNonNull(remoteEvent, "remoteEvent").getSource());
        this.remoteEvent = remoteEvent;
    }

    /** The bean event for {@code remoteEvent}. */
    public static RemoteBeanEvent of(RemoteEvent remoteEvent) {
        return new RemoteBeanEvent(remoteEvent);
    }

    /** The identifier of the kind of event relative to its source (EV.4.1). */
    public long getID() {
        return remoteEvent.getID();
    }

    /** The sequence number of this occurrence (EV.4.1). */
    public long getSequenceNumber() {
        return remoteEvent.getSequenceNumber();
    }

    /** The registrant's handback, or null (EV.4.1). */
    public MarshalledObject<?> getRegistrationObject() {
        return remoteEvent.getRegistrationObject();
    }

    /** The remote event this bean event was made from (EV.4.2: the conversion loses nothing). */
    public RemoteEvent toRemoteEvent() {
        return remoteEvent;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (remoteEvent == null) {
            throw new java.io.InvalidObjectException("a RemoteBeanEvent needs its remote event");
        }
        source = remoteEvent.getSource();
    }
}
