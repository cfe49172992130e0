package org.estuary.mailbox.internal;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.estuary.core.concurrent.Waits;
import org.estuary.event.DeliveryOutcome;
import org.estuary.event.DeliveryRefusedException;
import org.estuary.event.EventDelivery;
import org.estuary.event.GoverningLease;
import org.estuary.store.api.Batch;

/**
 * Push delivery (EM.4.1) through {@link EventDelivery}: each registration with a target has at most one event in
 * flight, its oldest stored one, so its target sees events in arrival order; the delivery's lanes (one per
 * registration) take turns, so a slow or failing target holds up only its own registration. An event leaves the
 * mailbox once its {@code notify} returned; an indefinite failure is retried with back-off until the lease ends; a
 * definite failure stops delivery until the client enables it again; an {@code UnknownEventException} puts the
 * event's (id, source) on the registration's unknown-event list and skips such events.
 *
 * <p>The container unmarshals each event to send it (a plain RMI target needs the object), so push delivery needs
 * the event's classes in the container: exported by an installed bundle and allowed by the marshaller's allowlist. An
 * event that cannot be unmarshalled stops delivery with a WARNING naming the cause; it stays stored, and the client
 * can pull it (its iterator unmarshals in the client's JVM).
 */
final class Dispatcher {

    private static final System.Logger LOG = System.getLogger(Dispatcher.class.getName());
    /** How soon a registration tries again when the delivery's bounds were reached. */
    private static final long REFUSED_RETRY_MILLIS = 100;

    private final MailboxState state;
    private final EventDelivery delivery;

    Dispatcher(MailboxState state, EventDelivery delivery) {
        this.state = state;
        this.delivery = delivery;
    }

    /** Under the lock: hands {@code r}'s oldest stored event to the delivery, if it has a target and none in flight. */
    void pump(Registration r) {
        if (r.pumping) {
            return; // an answer in the pumping thread itself: the loop below goes on
        }
        r.pumping = true;
        try {
            while (r.target != null && r.inFlight == null && !r.gone()) {
                StoredEvent head = r.readyHead();
                if (head == null) {
                    return;
                }
                if (r.unknown.contains(head.kind)) { // EM.4.1: stored events of an unknown pair are skipped
                    skip(r, head);
                    continue;
                }
                RemoteEvent event;
                try {
                    event = state.marshaller.unmarshal(head.event);
                } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
                    stop(r, "event " + head.arrival + " cannot be unmarshalled in the container to push it: " + e
                            + "; install a bundle that exports its classes and allow them (org.estuary.io.marshaller"
                            + " allowlist.extra), or pull the events with getRemoteEvents");
                    return;
                }
                r.inFlight = head;
                r.inFlightGeneration = r.generation;
                long generation = r.generation;
                try {
                    delivery.submit(r, attempt(r, r.target), event, governing(r),
                            outcome -> completed(r, head, generation, outcome));
                } catch (DeliveryRefusedException full) {
                    r.inFlight = null;
                    state.clock.schedule(() -> {
                        synchronized (state.lock) {
                            pump(r);
                        }
                    }, REFUSED_RETRY_MILLIS, TimeUnit.MILLISECONDS);
                    return;
                }
            }
        } finally {
            r.pumping = false;
        }
    }

    /** Under the lock: the target changed; what is queued for the old one is cancelled (one in flight finishes). */
    void retarget(Registration r) {
        r.generation++;
        delivery.cancelLane(r);
    }

    /** Under the lock: the registration ended; nothing more is sent. */
    void end(Registration r) {
        r.generation++;
        delivery.cancelLane(r);
    }

    /**
     * Waits, without the lock, until no attempt for a target before {@code generation} is in flight, so that once
     * enableDelivery or disableDelivery returns the old target gets nothing more (EM.4.1, blocking). A call from
     * inside that target's own {@code notify} in this JVM does not wait (it would wait for itself); the wait is
     * bounded by delivery.disable.wait.ms, after which the attempt's outcome changes nothing. A wait tells the
     * transport serving the call first ({@link Waits}), so the calls behind it on its connection are not held for a
     * target's slow answer.
     */
    void awaitEarlierAttempts(Registration r, long generation) throws java.rmi.RemoteException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(state.settings.disableWaitMillis);
        synchronized (state.lock) {
            while (r.inFlight != null && r.inFlightGeneration < generation && r.attempting != Thread.currentThread()) {
                long remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (remaining <= 0) {
                    return;
                }
                Waits.aboutToWait();
                try {
                    state.lock.wait(remaining);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.rmi.RemoteException("interrupted while waiting for a delivery to the old target");
                }
            }
        }
    }

    /** Told once how the delivery of {@code head} ended; runs on a delivery thread (or in the one that cancels). */
    private void completed(Registration r, StoredEvent head, long generation, DeliveryOutcome outcome) {
        synchronized (state.lock) {
            if (r.inFlight == head) {
                r.inFlight = null;
            }
            state.lock.notifyAll(); // enableDelivery and disableDelivery waiting for this attempt
            if (r.ended) {
                return;
            }
            Batch.Builder batch = Batch.builder();
            switch (outcome.status()) {
                case DELIVERED -> {
                    state.remove(r, head, batch); // it reached a target of the client's: done
                    state.metrics.eventsDelivered.inc();
                }
                case UNKNOWN_EVENT -> {
                    if (generation == r.generation) {
                        // EM.4.1: remember (id, source) for this registration; refuse and skip such events
                        if (r.unknown.size() < state.settings.maxUnknownPerRegistration) {
                            r.unknown.add(head.kind);
                            r.changes.decide();
                            state.recordOf(r, batch);
                        }
                        state.remove(r, head, batch);
                        state.metrics.eventsSkipped.inc();
                    }
                }
                case DEFINITE_FAILURE -> {
                    if (generation == r.generation) {
                        stop(r, "the target listener failed in a way that retrying cannot mend: "
                                + outcome.failure());
                    }
                }
                case LEASE_ENDED -> {
                    // EM.4.1: the registration ends with its lease, its expiry follows; the event stays stored, and
                    // nothing more is handed to the delivery under a lease that has ended
                    return;
                }
                default -> {
                    // CANCELLED: the event stays stored for the next target or iterator
                }
            }
            state.writeLater(batch.build());
            pump(r);
        }
    }

    /** Under the lock: EM.4.1, a definite failure disables delivery until the client enables it again. */
    private void stop(Registration r, String reason) {
        r.target = null;
        r.targetForm = null;
        r.lastFailure = reason;
        r.changes.decide();
        retarget(r);
        state.writeLater(state.recordOf(r, Batch.builder()).build());
        state.metrics.deliveryFailures.inc();
        LOG.log(System.Logger.Level.WARNING, "the event mailbox stopped push delivery for " + r + ": " + reason
                + "; the events stay stored until the client enables delivery again or pulls them");
    }

    private void skip(Registration r, StoredEvent head) {
        Batch.Builder batch = Batch.builder();
        state.remove(r, head, batch);
        state.metrics.eventsSkipped.inc();
        state.writeLater(batch.build());
    }

    /** The target, noting which thread is inside its {@code notify}. */
    private static RemoteEventListener attempt(Registration r, RemoteEventListener target) {
        return event -> {
            r.attempting = Thread.currentThread();
            try {
                target.notify(event);
            } finally {
                r.attempting = null;
            }
        };
    }

    /** EM.4.1: deliveries end with the registration's lease, at its deadline on monotonic time (LE.2.2). */
    private GoverningLease governing(Registration r) {
        return () -> r.ended ? Long.MIN_VALUE : state.leases.deadline(r.id);
    }
}
