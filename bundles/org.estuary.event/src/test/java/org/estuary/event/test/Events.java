package org.estuary.event.test;

import java.io.IOException;
import java.rmi.MarshalledObject;

import net.jini.core.event.RemoteEvent;

import org.estuary.event.DeliveryOutcome;
import org.estuary.event.GoverningLease;

/** Small factories for tests. */
public final class Events {

    public static final Object SOURCE = "source-A";

    private Events() {
    }

    public static RemoteEvent event(long id, long seq) {
        return new RemoteEvent(SOURCE, id, seq, null);
    }

    public static RemoteEvent event(Object source, long id, long seq, Object handback) {
        return new RemoteEvent(source, id, seq, marshal(handback));
    }

    public static MarshalledObject<Object> marshal(Object value) {
        try {
            return value == null ? null : new MarshalledObject<>(value);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    public static GoverningLease forever() {
        return GoverningLease.forever();
    }

    /** A list that collects outcomes. */
    public static final class Outcomes implements org.estuary.event.DeliveryCallback {
        private final java.util.List<DeliveryOutcome> list =
                java.util.Collections.synchronizedList(new java.util.ArrayList<>());

        @Override
        public void completed(DeliveryOutcome outcome) {
            list.add(outcome);
        }

        public java.util.List<DeliveryOutcome> all() {
            synchronized (list) {
                return new java.util.ArrayList<>(list);
            }
        }

        public DeliveryOutcome only() {
            java.util.List<DeliveryOutcome> all = all();
            if (all.size() != 1) {
                throw new AssertionError("expected one outcome, got " + all);
            }
            return all.get(0);
        }
    }
}
