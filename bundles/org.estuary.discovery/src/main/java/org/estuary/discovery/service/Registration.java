package org.estuary.discovery.service;

import java.rmi.MarshalledObject;
import java.util.Objects;

import net.jini.core.event.RemoteEventListener;

import org.estuary.discovery.tracking.Interest;
import org.estuary.io.Marshalled;

/**
 * One registration of the lookup discovery service as it is recorded (LD.3.1): its id (also its lease's id and its
 * events' id), its lease's expiration, what it seeks, its listener kept in marshalled form and the client's
 * handback.
 *
 * @param id the registration id
 * @param expiration the lease's expiration, wall-clock milliseconds
 * @param interest the groups and locators it seeks
 * @param listener the listener its events are sent to, marshalled
 * @param handback the client's handback, or null
 */
record Registration(long id, long expiration, Interest interest, Marshalled<RemoteEventListener> listener,
        MarshalledObject<?> handback) {

    Registration {
        Objects.requireNonNull(interest, "interest");
        Objects.requireNonNull(listener, "listener");
    }

    Registration withInterest(Interest changed) {
        return new Registration(id, expiration, changed, listener, handback);
    }

    Registration withExpiration(long changed) {
        return new Registration(id, changed, interest, listener, handback);
    }
}
