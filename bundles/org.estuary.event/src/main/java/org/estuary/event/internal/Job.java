package org.estuary.event.internal;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.estuary.core.time.Clock;
import org.estuary.event.DeliveryCallback;
import org.estuary.event.DeliveryTicket;
import org.estuary.event.GoverningLease;

/** One event for one listener; the ticket its submitter holds. State is guarded by the engine's lock. */
final class Job implements DeliveryTicket {

    enum State {
        /** In its lane, not yet attempted or due for its next attempt. */
        QUEUED,
        /** A worker (or a cancelling thread) owns it. */
        RUNNING,
        /** Waiting on the clock for its next attempt. */
        WAITING,
        /** Its outcome is decided. */
        DONE
    }

    final DeliveryEngine engine;
    final Lane lane;
    final RemoteEventListener listener;
    final RemoteEvent event;
    final GoverningLease lease;
    final DeliveryCallback callback;

    State state = State.QUEUED;
    boolean cancelled;
    int attempts;
    Throwable lastFailure;
    long retryAt = Long.MIN_VALUE;
    Clock.Scheduled timer;

    Job(DeliveryEngine engine, Lane lane, RemoteEventListener listener, RemoteEvent event, GoverningLease lease,
            DeliveryCallback callback) {
        this.engine = engine;
        this.lane = lane;
        this.listener = listener;
        this.event = event;
        this.lease = lease;
        this.callback = callback;
    }

    @Override
    public boolean cancel() {
        return engine.cancel(this);
    }

    @Override
    public boolean isDone() {
        return engine.isDone(this);
    }

    @Override
    public String toString() {
        return "delivery of " + event.getID() + "#" + event.getSequenceNumber() + " in lane " + lane.key;
    }
}
