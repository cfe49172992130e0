package org.estuary.renewal.internal;

import java.rmi.MarshalledObject;

import net.jini.core.event.RemoteEventListener;

import org.estuary.io.Marshalled;
import org.estuary.management.Ids;

/** One event registration of a set (LR.2.1): at most one per kind. Immutable; replaced as a whole. */
final class Registration {

    final long setId;
    final long eventId;
    final RemoteEventListener listener;
    final Marshalled<RemoteEventListener> marshalledListener;
    final MarshalledObject<?> handback;
    final long minWarning;

    Registration(long setId, long eventId, RemoteEventListener listener,
            Marshalled<RemoteEventListener> marshalledListener, MarshalledObject<?> handback, long minWarning) {
        this.setId = setId;
        this.eventId = eventId;
        this.listener = listener;
        this.marshalledListener = marshalledListener;
        this.handback = handback;
        this.minWarning = minWarning;
    }

    @Override
    public String toString() {
        return "Registration[set " + Ids.format(setId) + ", event " + eventId + "]";
    }
}
