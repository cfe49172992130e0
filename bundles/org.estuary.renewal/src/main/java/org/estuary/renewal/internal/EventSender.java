package org.estuary.renewal.internal;

import java.io.IOException;
import java.util.function.Consumer;

import net.jini.core.event.RemoteEvent;
import net.jini.core.lease.Lease;
import net.jini.lease.ExpirationWarningEvent;

import org.estuary.event.DeliveryOutcome;
import org.estuary.event.DeliveryRefusedException;
import org.estuary.event.EventDelivery;
import org.estuary.event.EventKind;
import org.estuary.event.GoverningLease;
import org.estuary.event.SequenceNumbers;
import org.estuary.io.Marshalled;
import org.estuary.renewal.proxy.FailureEvent;
import org.estuary.renewal.proxy.SetProxy;

/**
 * Numbers and sends a set's events (LR.2.1): one lane per registration, so events of a registration go out in
 * order and clearing or replacing it drops what it still holds; numbers per (set, event id) from
 * {@link SequenceNumbers}, so they continue across replacements and, over a persistent store, restarts.
 * A listener's {@code UnknownEventException} is passed to {@code onUnknownEvent}, which clears only that
 * registration.
 */
final class EventSender {

    private static final System.Logger LOG = System.getLogger(EventSender.class.getName());

    private final EventDelivery delivery;
    private final SequenceNumbers numbers;
    private final Consumer<Registration> onUnknownEvent;

    EventSender(EventDelivery delivery, SequenceNumbers numbers, Consumer<Registration> onUnknownEvent) {
        this.delivery = delivery;
        this.numbers = numbers;
        this.onUnknownEvent = onUnknownEvent;
    }

    /** The sequence number of the last event of this kind, for an EventRegistration (EV.2.3.5). */
    long current(SetProxy source, long eventId) throws IOException {
        return numbers.current(EventKind.of(source, eventId));
    }

    /** LR.2.1: the client lease as last recorded and the last renewal failure (or null). */
    void failure(Registration registration, SetProxy source, Marshalled<Lease> lease, Lease readyLease,
            Marshalled<Throwable> thrown, GoverningLease governing) {
        long seq = next(source, registration.eventId);
        if (seq < 0) {
            return;
        }
        send(registration, new FailureEvent(source, seq, registration.handback, lease, readyLease, thrown),
                governing);
    }

    /** LR.2.1: the set's lease is about to expire; the source carries the lease as it is now. */
    void warning(Registration registration, SetProxy source, GoverningLease governing) {
        long seq = next(source, registration.eventId);
        if (seq < 0) {
            return;
        }
        send(registration, new ExpirationWarningEvent(source, seq, registration.handback), governing);
    }

    /** Drops every event still held for a registration that was cleared or replaced. */
    void cancel(Registration registration) {
        if (registration != null) {
            delivery.cancelLane(registration);
        }
    }

    /** Forgets the numbering of a destroyed set. */
    void forget(SetProxy source) {
        numbers.forget(EventKind.of(source, 0));
        numbers.forget(EventKind.of(source, 1));
    }

    private long next(SetProxy source, long eventId) {
        try {
            return numbers.next(EventKind.of(source, eventId));
        } catch (IOException | IllegalStateException e) {
            LOG.log(System.Logger.Level.WARNING, "renewal event of " + source + " not sent: cannot reserve a "
                    + "sequence number (" + e.getMessage() + "); check the store");
            return -1;
        }
    }

    private void send(Registration registration, RemoteEvent event, GoverningLease governing) {
        try {
            delivery.submit(registration, registration.listener, event, governing, outcome -> {
                if (outcome.status() == DeliveryOutcome.Status.UNKNOWN_EVENT) {
                    onUnknownEvent.accept(registration); // LR.2.1: clears only this registration
                }
            });
        } catch (DeliveryRefusedException e) {
            LOG.log(System.Logger.Level.WARNING, "renewal event for " + registration + " dropped: "
                    + e.getMessage() + " (raise event.queue.* or check the listener)");
        }
    }
}
