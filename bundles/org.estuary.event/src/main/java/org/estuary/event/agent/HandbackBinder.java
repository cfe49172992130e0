package org.estuary.event.agent;

import java.rmi.MarshalledObject;
import java.util.Objects;

import net.jini.core.event.RemoteEvent;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Makes the event a destination receives carry that destination's handback (EV.3.1: the agent "will also need
 * to hold the Object ... passed in during interest registration to be returned as part of the RemoteEvent").
 * An event generator whose events are subclasses of {@code RemoteEvent} supplies a binder that copies its
 * subclass with the new handback, so that no state is lost.
 */
@ConsumerType
@FunctionalInterface
public interface HandbackBinder {

    /** A copy of {@code event} with {@code handback} as its registration object. */
    RemoteEvent bind(RemoteEvent event, MarshalledObject<?> handback);

    /**
     * The binder for plain {@code RemoteEvent}s; it refuses subclasses, whose extra state it cannot copy.
     */
    static HandbackBinder plain() {
        return (event, handback) -> {
            Objects.requireNonNull(event, "event");
            if (event.getClass() != RemoteEvent.class) {
                throw new IllegalArgumentException("cannot give " + event.getClass().getName()
                        + " another handback without losing its state: configure a HandbackBinder for it");
            }
            return new RemoteEvent(event.getSource(), event.getID(), event.getSequenceNumber(), handback);
        };
    }
}
