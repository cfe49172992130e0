package org.estuary.event.agent;

import java.rmi.MarshalledObject;
import java.util.List;
import java.util.Objects;

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
import org.osgi.annotation.versioning.ProviderType;

/**
 * A notification demultiplexer (EV.3.2.2): it receives the events of one or more generators and, each time they
 * complete its {@link EventPattern}, sends one {@link PatternEvent} of its own kind to the client's listener.
 *
 * <ul>
 * <li>Its own events have the source and identifier it is built with and sequence numbers 1, 2, 3, ... (fully
 * ordered, EV.2.3.2); a completion that cannot be queued is reported to the observer as {@code REFUSED} and
 * its number is not reused, so the client sees the gap.</li>
 * <li>An event the pattern does not recognize is answered with {@code UnknownEventException} (EV.2.3.3).</li>
 * <li>When the client's listener answers {@code UnknownEventException} or a definite failure, or the client's
 * lease ends, the filter ends: every later notification is answered with {@code UnknownEventException}, which
 * tells the generators upstream to stop.</li>
 * </ul>
 */
@ProviderType
public final class DemultiplexingFilter implements RemoteEventListener {

    private final EventDelivery delivery;
    private final EventPattern pattern;
    private final Object source;
    private final long eventId;
    private final RemoteEventListener target;
    private final MarshalledObject<?> handback;
    private final GoverningLease lease;
    private final DeliveryCallback observer;

    private long sequence;
    private String endedBecause;

    private DemultiplexingFilter(Builder builder) {
        this.delivery = builder.delivery;
        this.pattern = builder.pattern;
        this.source = builder.source;
        this.eventId = builder.eventId;
        this.target = builder.target;
        this.handback = builder.handback;
        this.lease = builder.lease;
        this.observer = builder.observer;
    }

    /**
     * Starts a filter that delivers through {@code delivery} when {@code pattern} is complete.
     *
     * @throws NullPointerException if an argument is null
     */
    public static Builder builder(EventDelivery delivery, EventPattern pattern) {
        return new Builder(Objects.requireNonNull(delivery, "delivery"), Objects.requireNonNull(pattern, "pattern"));
    }

    /**
     * Offers one notification to the pattern, and queues a {@link PatternEvent} if it completes it.
     *
     * @throws NullPointerException if {@code event} is null
     * @throws UnknownEventException if the pattern does not recognize the event or the filter has ended
     */
    @Override
    public void notify(RemoteEvent event) throws UnknownEventException {
        Objects.requireNonNull(event, "event");
        DeliveryOutcome refused = null;
        synchronized (this) {
            if (endedBecause == null && lease.deadlineNanos() <= delivery.clock().nanoTime()) {
                endedBecause = "its lease ended";
            }
            if (endedBecause != null) {
                throw new UnknownEventException("demultiplexing filter ended: " + endedBecause);
            }
            if (!pattern.recognizes(event)) {
                throw new UnknownEventException("not part of the pattern: " + EventKind.of(event));
            }
            List<RemoteEvent> matched = pattern.offer(event, delivery.clock().nanoTime());
            if (matched.isEmpty()) {
                return;
            }
            PatternEvent completed = new PatternEvent(source, eventId, ++sequence, handback, matched);
            try {
                delivery.submit(this, target, completed, lease, this::completed);
            } catch (DeliveryRefusedException e) {
                refused = new DeliveryOutcome(Status.REFUSED, this, target, completed, e, 0);
            }
        }
        if (refused != null) {
            observer.completed(refused);
        }
    }

    /** Whether the filter still passes completions to the client. */
    public synchronized boolean isActive() {
        return endedBecause == null;
    }

    /** The kind of the events this filter sends. */
    public EventKind kind() {
        return EventKind.of(source, eventId);
    }

    private void completed(DeliveryOutcome outcome) {
        if (outcome.status() == Status.UNKNOWN_EVENT || outcome.status() == Status.DEFINITE_FAILURE
                || outcome.status() == Status.LEASE_ENDED) {
            synchronized (this) {
                if (endedBecause == null) {
                    endedBecause = "the client's listener gave " + outcome.status();
                }
            }
        }
        observer.completed(outcome);
    }

    /** Collects the filter's settings; {@link #emitAs} and {@link #to} are required. */
    @ProviderType
    public static final class Builder {
        private final EventDelivery delivery;
        private final EventPattern pattern;
        private Object source;
        private long eventId;
        private RemoteEventListener target;
        private MarshalledObject<?> handback;
        private GoverningLease lease;
        private DeliveryCallback observer = outcome -> { };

        private Builder(EventDelivery delivery, EventPattern pattern) {
            this.delivery = delivery;
            this.pattern = pattern;
        }

        /**
         * The kind of the filter's own events: {@code source} (the filter's proxy, or the object it speaks for)
         * and {@code eventId}.
         *
         * @throws NullPointerException if {@code source} is null
         */
        public Builder emitAs(Object source, long eventId) {
            this.source = Objects.requireNonNull(source, "source");
            this.eventId = eventId;
            return this;
        }

        /**
         * The client's registration with the filter: where completions go, the handback they carry (or null) and
         * the lease that governs them.
         *
         * @throws NullPointerException if {@code target} or {@code lease} is null
         */
        public Builder to(RemoteEventListener target, MarshalledObject<?> handback, GoverningLease lease) {
            this.target = Objects.requireNonNull(target, "target");
            this.handback = handback;
            this.lease = Objects.requireNonNull(lease, "lease");
            return this;
        }

        /**
         * Told how each completion's delivery ended (default: nobody).
         *
         * @throws NullPointerException if {@code observer} is null
         */
        public Builder observer(DeliveryCallback observer) {
            this.observer = Objects.requireNonNull(observer, "observer");
            return this;
        }

        /**
         * The filter.
         *
         * @throws IllegalStateException if {@link #emitAs} or {@link #to} was not called
         */
        public DemultiplexingFilter build() {
            if (source == null) {
                throw new IllegalStateException("emitAs(source, eventId) is required");
            }
            if (target == null) {
                throw new IllegalStateException("to(target, handback, lease) is required");
            }
            return new DemultiplexingFilter(this);
        }
    }
}
