package org.estuary.event.agent;

import java.rmi.RemoteException;
import java.util.Objects;
import java.util.function.Predicate;

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
 * A notification multiplexer (EV.3.2.1): one registration with a remote event generator names this filter as
 * its listener, and every notification is passed to each local listener that subscribed to it, so the network
 * carries each notification once however many local objects want it.
 *
 * <p>The owner registers the filter upstream and keeps that registration's lease (for example with the LE.3.1
 * renewal utility); it may cancel it when {@link #size()} drops to 0. Local listeners are called through the
 * {@link EventDelivery}, one lane each, so {@link #notify} returns at once (EV.2.3.2: "return from the notify
 * method as quickly as possible") and a slow local listener delays no other. A local listener that throws
 * {@code UnknownEventException} or a definite failure is unsubscribed; when no subscriber wants an event, the
 * filter answers {@code UnknownEventException} upstream (EV.2.3.3).
 */
@ProviderType
public final class MultiplexingFilter implements RemoteEventListener {

    private final FanOut fanOut;

    /**
     * @param delivery delivers to the local listeners
     * @param maxSubscribers how many local listeners it holds at once (at least 1)
     * @throws NullPointerException if {@code delivery} is null
     * @throws IllegalArgumentException if {@code maxSubscribers} is below 1
     */
    public MultiplexingFilter(EventDelivery delivery, int maxSubscribers) {
        this.fanOut = new FanOut(delivery, HandbackBinder.plain(), maxSubscribers, "multiplexing filter");
    }

    /**
     * Passes every notification the filter receives to {@code local}.
     *
     * @throws NullPointerException if an argument is null
     * @throws IllegalStateException if {@code maxSubscribers} listeners are subscribed
     */
    public Forwarding subscribe(RemoteEventListener local, DeliveryCallback observer) {
        return subscribe(event -> true, local, observer);
    }

    /**
     * Passes notifications of {@code kind} to {@code local}.
     *
     * @throws NullPointerException if an argument is null
     * @throws IllegalStateException if {@code maxSubscribers} listeners are subscribed
     */
    public Forwarding subscribe(EventKind kind, RemoteEventListener local, DeliveryCallback observer) {
        Objects.requireNonNull(kind, "kind");
        return subscribe(kind::matches, local, observer);
    }

    /**
     * Passes the notifications {@code interest} accepts to {@code local}. {@code interest} runs while the filter
     * holds its lock and must be quick.
     *
     * @throws NullPointerException if an argument is null
     * @throws IllegalStateException if {@code maxSubscribers} listeners are subscribed
     */
    public Forwarding subscribe(Predicate<? super RemoteEvent> interest, RemoteEventListener local,
            DeliveryCallback observer) {
        // Local listeners live as long as their subscription: no lease of their own.
        return fanOut.add(interest, local, null, GoverningLease.forever(), observer);
    }

    /**
     * Passes one notification to each interested subscriber.
     *
     * @throws NullPointerException if {@code event} is null
     * @throws UnknownEventException if no subscriber wants it (EV.2.3.3)
     * @throws RemoteException if every interested subscriber's queue is full (indefinite: retry later)
     */
    @Override
    public void notify(RemoteEvent event) throws UnknownEventException, RemoteException {
        fanOut.deliver(event);
    }

    /** How many local listeners are subscribed. */
    public int size() {
        return fanOut.size();
    }
}
