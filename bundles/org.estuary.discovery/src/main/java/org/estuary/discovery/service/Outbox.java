package org.estuary.discovery.service;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

import net.jini.core.event.RemoteEventListener;
import net.jini.core.lookup.ServiceID;

import org.estuary.discovery.tracking.Registrar;
import org.estuary.discovery.tracking.Registrations;
import org.estuary.event.GoverningLease;

/**
 * The notices of one registration that wait while one of its events is in delivery (LD.4.2: "one or more lookup
 * services" per event). A notice merges into the last waiting one when both are of the same kind, so lookup
 * services discovered (or discarded) together, or while the registration's listener is busy, reach it in one
 * event; a notice of the other kind waits behind, so the listener hears a discard before a later rediscovery of
 * the same lookup service. At most {@code bound} notices wait. Not thread-safe: its {@link Notifier} locks it.
 */
final class Outbox {

    /**
     * Where the registration's events go, as its latest notice gave it.
     *
     * @param source the event source, the service's proxy
     * @param registration the registration
     * @param listener its listener
     * @param governing its lease, which bounds the retries
     */
    record Target(Object source, Registration registration, RemoteEventListener listener,
            GoverningLease governing) {
    }

    /** A waiting notice: its kind and its lookup services in arrival order, the newest form of each. */
    private record Waiting(boolean discarded, Map<ServiceID, Registrar> registrars) {
    }

    private final long registration;
    private final int bound;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    /** Where the next event goes. */
    Target target;
    /** How many notices found no room: numbers to skip once what waits has gone. */
    int skipped;
    /** Whether one of the registration's events is in delivery, so the next waits here. */
    boolean busy;
    /** Whether the notifier let go of this outbox: a sender that finds it retired takes a new one. */
    boolean retired;

    /**
     * @param registration the registration's id
     * @param bound how many notices may wait at most
     */
    Outbox(long registration, int bound) {
        this.registration = registration;
        this.bound = bound;
    }

    /**
     * Queues the notice, merged into the last waiting one of its kind if that is the last one waiting.
     *
     * @return false if it did not merge and {@code bound} notices wait already: it is not kept
     */
    boolean add(Registrations.Notice<?> notice) {
        Waiting last = waiting.peekLast();
        if (last == null || last.discarded() != notice.discarded()) {
            if (waiting.size() >= bound) {
                return false;
            }
            last = new Waiting(notice.discarded(), new LinkedHashMap<>());
            waiting.addLast(last);
        }
        for (Registrar r : notice.registrars()) {
            last.registrars().put(r.id(), r);
        }
        return true;
    }

    /** @return the oldest waiting notice, taken out, or null if none waits */
    Registrations.Notice<Long> poll() {
        Waiting first = waiting.pollFirst();
        return first == null ? null
                : new Registrations.Notice<>(registration, new ArrayList<>(first.registrars().values()),
                        first.discarded());
    }

    /** Forgets what waits. */
    void clear() {
        waiting.clear();
    }
}
