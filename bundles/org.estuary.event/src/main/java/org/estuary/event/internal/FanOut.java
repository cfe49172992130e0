package org.estuary.event.internal;

import java.rmi.MarshalledObject;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;

import org.estuary.event.DeliveryCallback;
import org.estuary.event.DeliveryOutcome;
import org.estuary.event.DeliveryOutcome.Status;
import org.estuary.event.DeliveryRefusedException;
import org.estuary.event.EventDelivery;
import org.estuary.event.EventKind;
import org.estuary.event.GoverningLease;
import org.estuary.event.agent.Forwarding;
import org.estuary.event.agent.HandbackBinder;

/**
 * One received event to every interested destination, each in its own delivery lane (EV.3.1, EV.3.2.1). What
 * the store-and-forward agent and the multiplexing filter have in common.
 */
public final class FanOut {

    private final EventDelivery delivery;
    private final HandbackBinder binder;
    private final int maxDestinations;
    private final String name;
    private final CopyOnWriteArrayList<Destination> destinations = new CopyOnWriteArrayList<>();

    public FanOut(EventDelivery delivery, HandbackBinder binder, int maxDestinations, String name) {
        this.delivery = Objects.requireNonNull(delivery, "delivery");
        this.binder = Objects.requireNonNull(binder, "binder");
        if (maxDestinations < 1) {
            throw new IllegalArgumentException("the maximum number of destinations must be at least 1: "
                    + maxDestinations);
        }
        this.maxDestinations = maxDestinations;
        this.name = name;
    }

    public Forwarding add(Predicate<? super RemoteEvent> interest, RemoteEventListener target,
            MarshalledObject<?> handback, GoverningLease lease, DeliveryCallback observer) {
        Objects.requireNonNull(interest, "interest");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(lease, "lease");
        Objects.requireNonNull(observer, "observer");
        synchronized (this) {
            if (destinations.size() >= maxDestinations) {
                throw new IllegalStateException(name + " is full: " + maxDestinations + " destinations");
            }
            Destination destination = new Destination(interest, target, handback, lease, observer);
            destinations.add(destination);
            return destination;
        }
    }

    public int size() {
        return destinations.size();
    }

    /**
     * Queues {@code event} for every interested destination, in the order events arrive.
     *
     * @throws UnknownEventException if no destination wants it (EV.2.3.3: the sender may stop sending it)
     * @throws RemoteException if every interested destination's queue is full: an indefinite failure, so the
     *         sender tries again later (EV.3.1)
     */
    public void deliver(RemoteEvent event) throws UnknownEventException, RemoteException {
        Objects.requireNonNull(event, "event");
        List<DeliveryOutcome> refused = new ArrayList<>();
        int interested;
        synchronized (this) {
            long now = delivery.clock().nanoTime();
            List<Destination> matching = new ArrayList<>();
            List<RemoteEvent> outgoing = new ArrayList<>();
            for (Destination destination : destinations) {
                if (destination.lease.deadlineNanos() <= now) {
                    destinations.remove(destination); // its lease ended: it no longer wants events
                } else if (destination.interest.test(event)) {
                    matching.add(destination);
                    // Bind every handback before queuing anything: a binder's refusal then queues nothing.
                    outgoing.add(destination.handback == null ? event : binder.bind(event, destination.handback));
                }
            }
            interested = matching.size();
            if (interested == 0) {
                throw new UnknownEventException(name + " has no destination for " + EventKind.of(event));
            }
            for (int i = 0; i < interested; i++) {
                Destination destination = matching.get(i);
                RemoteEvent out = outgoing.get(i);
                try {
                    delivery.submit(destination, destination.target, out, destination.lease, destination);
                } catch (DeliveryRefusedException e) {
                    refused.add(new DeliveryOutcome(Status.REFUSED, destination, destination.target, out, e, 0));
                }
            }
        }
        for (DeliveryOutcome outcome : refused) {
            ((Destination) outcome.lane()).observer.completed(outcome);
        }
        if (!refused.isEmpty() && refused.size() == interested) {
            throw new RemoteException(name + " cannot hold " + EventKind.of(event) + " #"
                    + event.getSequenceNumber() + " now: " + refused.get(0).failure().getMessage());
        }
    }

    private final class Destination implements Forwarding, DeliveryCallback {
        final Predicate<? super RemoteEvent> interest;
        final RemoteEventListener target;
        final MarshalledObject<?> handback;
        final GoverningLease lease;
        final DeliveryCallback observer;

        Destination(Predicate<? super RemoteEvent> interest, RemoteEventListener target,
                MarshalledObject<?> handback, GoverningLease lease, DeliveryCallback observer) {
            this.interest = interest;
            this.target = target;
            this.handback = handback;
            this.lease = lease;
            this.observer = observer;
        }

        @Override
        public RemoteEventListener target() {
            return target;
        }

        @Override
        public boolean isActive() {
            return destinations.contains(this);
        }

        @Override
        public void cancel() {
            destinations.remove(this);
            delivery.cancelLane(this);
        }

        @Override
        public void completed(DeliveryOutcome outcome) {
            observer.completed(outcome);
            switch (outcome.status()) {
                case UNKNOWN_EVENT: // EV.2.3.2: the caller may cancel the registration for this listener
                case DEFINITE_FAILURE: // EM.4.1: a definite failure disables delivery to this target
                case LEASE_ENDED:
                    cancel();
                    break;
                default:
                    break;
            }
        }

        @Override
        public String toString() {
            return "forwarding to " + target;
        }
    }
}
