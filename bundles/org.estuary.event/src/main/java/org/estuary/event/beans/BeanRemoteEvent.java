package org.estuary.event.beans;

import java.rmi.MarshalledObject;
import java.util.EventObject;
import java.util.Objects;

import net.jini.core.event.RemoteEvent;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A {@link RemoteEvent} made from a JavaBeans event (EV.4.2: "creation of a RemoteEvent from the event object
 * passed in the JavaBeans component event notification method"). Besides source, identifier, sequence number
 * and handback it carries the JavaBeans event object itself and the name of the listener method it was passed
 * to, so a {@link BeanEventDispatcher} on the other side can call the same method again.
 *
 * <p>The JavaBeans event must be serializable to cross JVMs. {@code EventObject} keeps its source in a transient
 * field, so a JavaBeans event read from a stream has no source unless its class restores it; this event's own
 * {@link #getSource()} still gives it.
 */
@ProviderType
public class BeanRemoteEvent extends RemoteEvent {

    private static final long serialVersionUID = 1L;

    /**
     * The JavaBeans event object passed to the listener method.
     *
     * @serial
     */
    private final EventObject beanEvent;

    /**
     * The name of the JavaBeans listener method the event was passed to.
     *
     * @serial
     */
    private final String listenerMethod;

    /**
     * @param source the object in which the event occurred, as remote listeners should see it
     * @param eventID the identifier of the kind of event
     * @param seqNum the sequence number of this occurrence
     * @param handback the registrant's handback, or null
     * @param beanEvent the JavaBeans event object
     * @param listenerMethod the name of the listener method {@code beanEvent} was passed to
     * @throws NullPointerException if {@code source}, {@code beanEvent} or {@code listenerMethod} is null
     */
    public BeanRemoteEvent(Object source, long eventID, long seqNum, MarshalledObject<?> handback,
            EventObject beanEvent, String listenerMethod) {
        super(Objects.requireNonNull(source, "source"), eventID, seqNum, handback);
        this.beanEvent = Objects.requireNonNull(beanEvent, "beanEvent");
        this.listenerMethod = Objects.requireNonNull(listenerMethod, "listenerMethod");
    }

    /** The JavaBeans event object. */
    public EventObject getBeanEvent() {
        return beanEvent;
    }

    /** The name of the JavaBeans listener method it was passed to. */
    public String getListenerMethod() {
        return listenerMethod;
    }
}
