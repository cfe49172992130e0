package org.estuary.discovery.service;

import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;

import net.jini.core.event.RemoteEventListener;

import org.estuary.discovery.tracking.Registrations;
import org.estuary.event.DeliveryOutcome;
import org.estuary.event.DeliveryRefusedException;
import org.estuary.event.EventDelivery;
import org.estuary.event.EventKind;
import org.estuary.event.GoverningLease;
import org.estuary.event.HighWaterMark;
import org.estuary.event.SequenceNumbers;

/**
 * Numbers and sends a registration's events (LD.3.2, LD.4.2): one delivery lane per registration, so its listener
 * sees them in decision order and a slow or dead listener holds up only its own registration; numbers per
 * (service, registration) from {@link SequenceNumbers}, strictly increasing, across restarts over a persistent
 * store. One event per registration is in delivery at a time; the notices decided meanwhile wait in its
 * {@link Outbox}, merged by kind, and go as one event when it is delivered, so lookup services that arrive together
 * (a burst of announcements, the first events after {@code register}) cost a registration one event rather than
 * one each. An event is numbered when it goes to delivery. An indefinite failure is retried until the
 * registration's lease ends; an {@code UnknownEventException} or a definite failure ends the registration through
 * {@link Ending}. A notice its outbox has no room for ({@code maxQueuedPerLane} notices of alternating kinds wait),
 * or whose number cannot be reserved, is not sent: it takes a sequence number nonetheless where it can, so the
 * client sees a gap and resynchronizes with {@code getRegistrars} (LD.4.1.1).
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
    private final DiscoveryMetrics metrics;
    private final DiscoveryEvents events = new DiscoveryEvents();
    /** The outboxes of the registrations with an event in delivery; an idle one is let go. */
    private final ConcurrentHashMap<Long, Outbox> outboxes = new ConcurrentHashMap<>();

    Notifier(EventDelivery delivery, SequenceNumbers numbers, Ending ending, DiscoveryMetrics metrics) {
        this.delivery = delivery;
        this.numbers = numbers;
        this.ending = ending;
        this.metrics = metrics;
    }

    /** The sequence number of the registration's last event, for its EventRegistration (LD.3.1). */
    long current(Object source, long registrationId) throws IOException {
        return numbers.current(EventKind.of(source, registrationId));
    }

    /**
     * Reserves the registration's first numbers ahead of its first event, through {@code via}: the service's marks,
     * which write the reservation in the background (a recovered registration), or a view of them that puts it into
     * the registration's own batch ({@code StoredHighWaterMark.joining}, a new one). A lookup service that many
     * registrations seek tells each of them at once, and a reservation per registration in that burst would wait for
     * the store once per registration. If the mark cannot be read, the first event reserves its numbers itself.
     */
    void prepare(Object source, long registrationId, HighWaterMark via) {
        try {
            numbers.prepare(EventKind.of(source, registrationId), via);
        } catch (IOException | IllegalStateException e) {
            LOG.log(System.Logger.Level.DEBUG, "sequence numbers of registration "
                    + Long.toUnsignedString(registrationId) + " not reserved ahead: " + e.getMessage());
        }
    }

    /**
     * Sends the notice's event to the registration's listener now, or, while one of its events is in delivery,
     * merges it into what waits for that one. Notices of one registration come in decision order, one caller at a
     * time.
     *
     * @param source the event source, the service's proxy
     * @param r the registration
     * @param listener its listener
     * @param governing its lease, which bounds the retries
     * @param notice the lookup services discovered or discarded
     */
    void send(Object source, Registration r, RemoteEventListener listener, GoverningLease governing,
            Registrations.Notice<?> notice) {
        Outbox.Target target = new Outbox.Target(source, r, listener, governing);
        while (true) {
            Outbox outbox = outboxes.computeIfAbsent(r.id(), id -> new Outbox(id, delivery.config()
                    .maxQueuedPerLane()));
            synchronized (outbox) {
                if (outbox.retired) {
                    continue; // let go meanwhile: the map holds a new one, or will
                }
                outbox.target = target;
                if (outbox.busy) {
                    if (!outbox.add(notice)) {
                        dropped(outbox, notice);
                    }
                } else {
                    outbox.busy = true;
                    if (!submit(outbox, notice)) {
                        retire(outbox, r.id());
                    }
                }
                return;
            }
        }
    }

    /** Drops what is still queued for a registration that ended, and forgets its numbering. */
    void ended(Object source, long registrationId) {
        Outbox outbox = outboxes.remove(registrationId);
        if (outbox != null) {
            synchronized (outbox) {
                outbox.retired = true;
                outbox.clear();
            }
        }
        delivery.cancelLane(registrationId);
        numbers.forget(EventKind.of(source, registrationId));
    }

    /** Numbers the notice's event and gives it to delivery; false if it was dropped. Under the outbox's lock. */
    private boolean submit(Outbox outbox, Registrations.Notice<?> notice) {
        Outbox.Target target = outbox.target;
        long id = target.registration().id();
        long seq;
        try {
            seq = numbers.next(EventKind.of(target.source(), id));
        } catch (IOException | IllegalStateException e) {
            LOG.log(System.Logger.Level.WARNING, "discovery event for registration " + Long.toUnsignedString(id)
                    + " not sent: cannot reserve a sequence number (" + e.getMessage() + "); check the store");
            metrics.eventsDropped.inc();
            return false;
        }
        try {
            delivery.submit(id, target.listener(), events.of(target.source(), target.registration(), seq,
                    notice), target.governing(), outcome -> completed(outbox, id, outcome));
            (notice.discarded() ? metrics.eventsDiscarded : metrics.eventsDiscovered).inc();
            return true;
        } catch (DeliveryRefusedException | IllegalStateException e) { // refused, or the event cannot be made
            LOG.log(System.Logger.Level.WARNING, "discovery event " + seq + " for registration "
                    + Long.toUnsignedString(id) + " dropped: " + e.getMessage()
                    + " (the listener is slow or unreachable; raise the event queue bound or check the listener)");
            metrics.eventsDropped.inc();
            return false;
        }
    }

    /**
     * A notice the outbox has no room for: not sent. Its number is taken once what waits before it is numbered,
     * so the listener sees a gap where it would have come.
     */
    private void dropped(Outbox outbox, Registrations.Notice<?> notice) {
        outbox.skipped++;
        metrics.eventsDropped.inc();
        LOG.log(System.Logger.Level.WARNING, "discovery event for registration "
                + Long.toUnsignedString(outbox.target.registration().id()) + " (" + notice.registrars().size()
                + " lookup services " + (notice.discarded() ? "discarded" : "discovered") + ") dropped: "
                + delivery.config().maxQueuedPerLane() + " notices of both kinds wait already"
                + " (the listener is slow or unreachable; raise the event queue bound or check the listener)");
    }

    /** Under the outbox's lock, once nothing waits: takes the numbers of the dropped notices. */
    private void skip(Outbox outbox) {
        Outbox.Target target = outbox.target;
        for (; outbox.skipped > 0; outbox.skipped--) {
            try {
                numbers.next(EventKind.of(target.source(), target.registration().id()));
            } catch (IOException | IllegalStateException e) {
                LOG.log(System.Logger.Level.WARNING, "discovery events dropped for registration "
                        + Long.toUnsignedString(target.registration().id()) + " leave no gap: cannot reserve a "
                        + "sequence number (" + e.getMessage() + "); check the store");
                return;
            }
        }
    }

    /** Under the outbox's lock: nothing of the registration is in delivery or waits; the outbox is let go. */
    private void retire(Outbox outbox, long registrationId) {
        outbox.busy = false;
        outbox.retired = true;
        outbox.clear();
        outboxes.remove(registrationId, outbox);
    }

    /** The registration's event in delivery ended: the next waiting notice goes, unless the registration ends. */
    private void completed(Outbox outbox, long id, DeliveryOutcome outcome) {
        String refusal = switch (outcome.status()) {
            case UNKNOWN_EVENT -> "its listener answered UnknownEventException (LD.3.2)";
            case DEFINITE_FAILURE -> "its listener failed in a way retrying cannot mend: " + outcome.failure();
            default -> null; // DELIVERED; LEASE_ENDED and CANCELLED: the next one finds out for itself
        };
        if (refusal != null) {
            synchronized (outbox) {
                if (!outbox.retired) {
                    retire(outbox, id);
                }
            }
            ending.end(id, refusal);
            return;
        }
        synchronized (outbox) {
            if (outbox.retired) {
                return;
            }
            Registrations.Notice<Long> next;
            while ((next = outbox.poll()) != null) {
                if (submit(outbox, next)) {
                    return;
                }
            }
            skip(outbox);
            retire(outbox, id);
        }
    }
}
