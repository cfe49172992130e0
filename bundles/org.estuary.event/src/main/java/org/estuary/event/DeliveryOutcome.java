package org.estuary.event;

import java.util.Objects;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.osgi.annotation.versioning.ProviderType;

/** How one delivery of one event to one listener ended. */
@ProviderType
public final class DeliveryOutcome {

    /** The ways a delivery ends. */
    public enum Status {
        /** {@code notify} returned normally. */
        DELIVERED,
        /**
         * {@code notify} threw {@code UnknownEventException} (EV.2.3.3): the listener asks not to be sent this
         * kind of event from this source again. {@link #failure()} holds the exception.
         */
        UNKNOWN_EVENT,
        /**
         * {@code notify} threw a definite exception ({@link org.estuary.core.failure.Failure#DEFINITE}): retrying
         * would fail the same way, so none was made. {@link #failure()} holds the exception.
         */
        DEFINITE_FAILURE,
        /**
         * The governing lease ended before an attempt succeeded; {@link #failure()} holds the last indefinite
         * failure, or null if no attempt was made.
         */
        LEASE_ENDED,
        /** The delivery was cancelled (or the delivery service closed) before it succeeded or failed for good. */
        CANCELLED,
        /**
         * The event was never queued because a bound was reached; {@link #failure()} holds the {@link
         * DeliveryRefusedException}. Reported by the agents, which accept events on behalf of others;
         * {@link EventDelivery#submit} itself throws instead.
         */
        REFUSED
    }

    private final Status status;
    private final Object lane;
    private final RemoteEventListener listener;
    private final RemoteEvent event;
    private final Throwable failure;
    private final int attempts;

    /**
     * @param status how the delivery ended
     * @param lane the lane it was submitted to
     * @param listener the listener it was for
     * @param event the event
     * @param failure the exception that decided the outcome, or null
     * @param attempts how many times {@code notify} was called
     * @throws NullPointerException if {@code status}, {@code lane}, {@code listener} or {@code event} is null
     * @throws IllegalArgumentException if {@code attempts} is negative
     */
    public DeliveryOutcome(Status status, Object lane, RemoteEventListener listener, RemoteEvent event,
            Throwable failure, int attempts) {
        this.status = Objects.requireNonNull(status, "status");
        this.lane = Objects.requireNonNull(lane, "lane");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.event = Objects.requireNonNull(event, "event");
        if (attempts < 0) {
            throw new IllegalArgumentException("attempts must not be negative: " + attempts);
        }
        this.failure = failure;
        this.attempts = attempts;
    }

    /** How the delivery ended. */
    public Status status() {
        return status;
    }

    /** The lane the event was submitted to. */
    public Object lane() {
        return lane;
    }

    /** The listener the event was for. */
    public RemoteEventListener listener() {
        return listener;
    }

    /** The event. */
    public RemoteEvent event() {
        return event;
    }

    /** The kind of the event: the pair EM.4.1 records on {@link Status#UNKNOWN_EVENT}. */
    public EventKind kind() {
        return EventKind.of(event);
    }

    /** The exception that decided the outcome, or null (see {@link Status}). */
    public Throwable failure() {
        return failure;
    }

    /** How many times {@code notify} was called for this delivery. */
    public int attempts() {
        return attempts;
    }

    @Override
    public String toString() {
        return "DeliveryOutcome[" + status + ", event " + EventKind.of(event) + " #" + event.getSequenceNumber()
                + ", attempts=" + attempts + (failure == null ? "" : ", failure=" + failure) + "]";
    }
}
