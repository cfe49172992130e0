package org.estuary.discovery.service;

import java.io.IOException;

import net.jini.core.event.RemoteEventListener;

import org.estuary.discovery.tracking.Registrations;
import org.estuary.event.DeliveryOutcome;
import org.estuary.event.DeliveryRefusedException;
import org.estuary.event.EventDelivery;
import org.estuary.event.EventKind;
import org.estuary.event.GoverningLease;
import org.estuary.event.SequenceNumbers;

/**
 * Numbers and sends a registration's events (LD.3.2, LD.4.2): one delivery lane per registration, so its listener
 * sees them in decision order and a slow or dead listener holds up only its own registration; numbers per
 * (service, registration) from {@link SequenceNumbers}, strictly increasing, across restarts over a persistent
 * store. An indefinite failure is retried until the registration's lease ends; an {@code UnknownEventException}
 * or a definite failure ends the registration through {@link Ending}. An event the registration's queue has no room
 * for, or whose number cannot be reserved, is not sent: the client sees a gap in the sequence numbers and
 * resynchronizes with {@code getRegistrars} (LD.4.1.1).
 */
final class Notifier {

    /** Ends a registration whose listener refused its events. */
    interface Ending {
        void end(long registrationId, String reason);
    }

    private static final System.Logger LOG = System.getLogger(Notifier.class.getName());

    private final EventDelivery delivery;
    private final SequenceNumbers numbers;
    private final Ending ending;

    Notifier(EventDelivery delivery, SequenceNumbers numbers, Ending ending) {
        this.delivery = delivery;
        this.numbers = numbers;
        this.ending = ending;
    }

    /** The sequence number of the registration's last event, for its EventRegistration (LD.3.1). */
    long current(Object source, long registrationId) throws IOException {
        return numbers.current(EventKind.of(source, registrationId));
    }

    /**
     * Reserves the registration's first numbers in the background: a lookup service that many registrations seek
     * tells each of them at once, and a reservation per registration in that burst would wait for the store once
     * per registration. If the mark cannot be read, the first event reserves its numbers itself.
     */
    void prepare(Object source, long registrationId) {
        try {
            numbers.prepare(EventKind.of(source, registrationId));
        } catch (IOException | IllegalStateException e) {
            LOG.log(System.Logger.Level.DEBUG, "sequence numbers of registration "
                    + Long.toUnsignedString(registrationId) + " not reserved ahead: " + e.getMessage());
        }
    }

    /**
     * Numbers the notice's event and queues it for the registration's listener.
     *
     * @param source the event source, the service's proxy
     * @param r the registration
     * @param listener its listener
     * @param governing its lease, which bounds the retries
     * @param notice the lookup services discovered or discarded
     * @return false if the event was dropped: no sequence number, or no room in the registration's queue
     */
    boolean send(Object source, Registration r, RemoteEventListener listener, GoverningLease governing,
            Registrations.Notice<?> notice) {
        long seq;
        try {
            seq = numbers.next(EventKind.of(source, r.id()));
        } catch (IOException | IllegalStateException e) {
            LOG.log(System.Logger.Level.WARNING, "discovery event for registration " + Long.toUnsignedString(r.id())
                    + " not sent: cannot reserve a sequence number (" + e.getMessage() + "); check the store");
            return false;
        }
        try {
            delivery.submit(r.id(), listener, DiscoveryEvents.of(source, r, seq, notice), governing,
                    outcome -> completed(r.id(), outcome));
            return true;
        } catch (DeliveryRefusedException e) {
            LOG.log(System.Logger.Level.WARNING, "discovery event " + seq + " for registration "
                    + Long.toUnsignedString(r.id()) + " dropped: " + e.getMessage()
                    + " (the listener is slow or unreachable; raise the event queue bound or check the listener)");
            return false;
        }
    }

    /** Drops what is still queued for a registration that ended, and forgets its numbering. */
    void ended(Object source, long registrationId) {
        delivery.cancelLane(registrationId);
        numbers.forget(EventKind.of(source, registrationId));
    }

    private void completed(long registrationId, DeliveryOutcome outcome) {
        switch (outcome.status()) {
            case UNKNOWN_EVENT -> ending.end(registrationId,
                    "its listener answered UnknownEventException (LD.3.2)");
            case DEFINITE_FAILURE -> ending.end(registrationId,
                    "its listener failed in a way retrying cannot mend: " + outcome.failure());
            default -> {
                // DELIVERED; LEASE_ENDED and CANCELLED: the registration has ended already
            }
        }
    }
}
