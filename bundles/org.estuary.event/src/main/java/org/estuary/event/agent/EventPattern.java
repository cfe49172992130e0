package org.estuary.event.agent;

import java.util.List;

import net.jini.core.event.RemoteEvent;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * What a {@link DemultiplexingFilter} waits for (EV.3.2.2: "when the notifications fit the desired pattern (as
 * determined by some class passed in from the object that has asked the notifications be sent to the filter)").
 * {@link EventPatterns} makes the common ones. The filter calls one method at a time, so an implementation
 * needs no locking of its own; it should hold a bounded number of events.
 */
@ConsumerType
public interface EventPattern {

    /**
     * Whether events like this one belong to the pattern at all. The filter answers {@code
     * UnknownEventException} for the others (EV.2.3.3), asking their sender to stop.
     */
    boolean recognizes(RemoteEvent event);

    /**
     * Takes one recognized event, arrived at {@code nowNanos} (monotonic, the delivery clock's).
     *
     * @return the events that complete the pattern, oldest first, after which the pattern starts over; or an
     *         empty list while it is incomplete
     */
    List<RemoteEvent> offer(RemoteEvent event, long nowNanos);
}
