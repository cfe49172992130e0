package org.estuary.event.agent;

import java.rmi.MarshalledObject;
import java.rmi.RemoteException;
import java.util.Objects;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;

import org.estuary.event.DeliveryCallback;
import org.estuary.event.EventDelivery;
import org.estuary.event.EventKind;
import org.estuary.event.GoverningLease;
import org.estuary.event.internal.FanOut;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A store-and-forward agent (EV.3.1): an event generator sends each notification once, to this listener, and
 * returns at once; the agent forwards it to every destination registered for that kind of event, each with its
 * own handback, retrying indefinite failures until the destination's lease ends.
 *
 * <ul>
 * <li>{@link #forward} registers a destination; the owner (the generator, or a service acting for it) grants
 * and renews the lease and gives the agent its {@link GoverningLease}.</li>
 * <li>{@link #notify} answers {@code UnknownEventException} when no destination wants the kind any more
 * (EV.2.3.3), so the generator can stop sending it; and a {@code RemoteException} (indefinite: send again
 * later) when every destination's queue is full.</li>
 * <li>Events are stored in the {@link EventDelivery}'s bounded lanes, one lane per destination, so a slow
 * destination neither delays the others nor grows without bound. A destination whose queue is full misses the
 * event; its observer is told ({@code REFUSED}) and the gap in sequence numbers shows it to the listener.</li>
 * <li>A destination ends when its target answers {@code UnknownEventException} or a definite failure (EV.2.3.2,
 * EM.4.1), or when its lease ends. Its observer gets every outcome first; {@code DeliveryOutcome.lane()} is the
 * {@link Forwarding}.</li>
 * </ul>
 */
@ProviderType
public final class StoreAndForwardAgent implements RemoteEventListener {

    private final FanOut fanOut;

    /**
     * An agent for plain {@code RemoteEvent}s.
     *
     * @param delivery delivers the forwarded events
     * @param maxForwardings how many destinations it holds at once (at least 1)
     * @throws NullPointerException if {@code delivery} is null
     * @throws IllegalArgumentException if {@code maxForwardings} is below 1
     */
    public StoreAndForwardAgent(EventDelivery delivery, int maxForwardings) {
        this(delivery, maxForwardings, HandbackBinder.plain());
    }

    /**
     * An agent whose generator's events need {@code binder} to carry each destination's handback.
     *
     * @throws NullPointerException if {@code delivery} or {@code binder} is null
     * @throws IllegalArgumentException if {@code maxForwardings} is below 1
     */
    public StoreAndForwardAgent(EventDelivery delivery, int maxForwardings, HandbackBinder binder) {
        this.fanOut = new FanOut(delivery, binder, maxForwardings, "store-and-forward agent");
    }

    /**
     * Forwards events of {@code kind} to {@code target} from now on.
     *
     * @param kind the events to forward
     * @param target where to forward them
     * @param handback the registrant's handback to put into each forwarded event, or null to forward events
     *        as the generator sent them
     * @param lease the lease of this registration: forwarding and retries stop when it ends
     * @param observer told how each forwarded event's delivery ended
     * @throws NullPointerException if an argument other than {@code handback} is null
     * @throws IllegalStateException if the agent already holds {@code maxForwardings} destinations
     */
    public Forwarding forward(EventKind kind, RemoteEventListener target, MarshalledObject<?> handback,
            GoverningLease lease, DeliveryCallback observer) {
        Objects.requireNonNull(kind, "kind");
        return fanOut.add(kind::matches, target, handback, lease, observer);
    }

    /**
     * Accepts one notification from the generator and queues it for every destination of its kind.
     *
     * @throws NullPointerException if {@code event} is null
     * @throws UnknownEventException if no destination wants this kind of event (EV.2.3.3)
     * @throws RemoteException if no destination could hold the event now (indefinite: retry later)
     * @throws IllegalArgumentException if the {@link HandbackBinder} cannot copy the event
     */
    @Override
    public void notify(RemoteEvent event) throws UnknownEventException, RemoteException {
        fanOut.deliver(event);
    }

    /** How many destinations events are forwarded to. */
    public int size() {
        return fanOut.size();
    }
}
