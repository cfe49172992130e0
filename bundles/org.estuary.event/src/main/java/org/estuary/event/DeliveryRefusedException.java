package org.estuary.event;

import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * {@link EventDelivery} refused an event because a configured bound is reached or it is closed: the
 * architecture's "hitting a limit gives a clear error, never an OutOfMemoryError".
 */
@ProviderType
public class DeliveryRefusedException extends RejectedExecutionException {

    private static final long serialVersionUID = 1L;

    /** Why the event was refused. */
    public enum Reason {
        /** The lane already holds its configured number of events. */
        LANE_FULL,
        /** All lanes together hold the configured total number of events. */
        TOTAL_FULL,
        /** The delivery service has been closed. */
        CLOSED
    }

    private final Reason reason;

    /**
     * @param reason why the event was refused
     * @param message what a person reading the log needs to know (the bound, its value)
     */
    public DeliveryRefusedException(Reason reason, String message) {
        super(message);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /** Why the event was refused. */
    public Reason reason() {
        return reason;
    }
}
