package org.estuary.renewal.conformance;

import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;

/**
 * A listener for the suite: a serializable reference to a recorder in this JVM, which can answer
 * {@code UnknownEventException} on demand. An {@link Exporter} turns the reference into what the service is given:
 * the reference itself in-JVM, an exported stub when the service runs in another JVM.
 */
public final class TestListener {

    private static final Map<UUID, TestListener> LIVE = new ConcurrentHashMap<>();

    public final List<RemoteEvent> events = new CopyOnWriteArrayList<>();
    public volatile boolean unknown;
    /** Calls left that fail with an indefinite RemoteException (the listener unreachable for a while). */
    public final java.util.concurrent.atomic.AtomicInteger failNext = new java.util.concurrent.atomic.AtomicInteger();
    private final UUID id = UUID.randomUUID();
    private final RemoteEventListener ref;

    /** A listener the service in this JVM calls through the reference itself. */
    public TestListener() {
        this(Exporter.IN_JVM);
    }

    /** A listener the service reaches through what {@code exporter} makes of the reference. */
    public TestListener(Exporter exporter) {
        LIVE.put(id, this);
        try {
            this.ref = exporter.export(RemoteEventListener.class, new Ref(id));
        } catch (RemoteException e) {
            LIVE.remove(id);
            throw new IllegalStateException("the test listener could not be exported", e);
        }
    }

    /** What to pass to the service. */
    public RemoteEventListener ref() {
        return ref;
    }

    private static final class Ref implements RemoteEventListener, Serializable {
        private static final long serialVersionUID = 1L;
        private final UUID id;

        Ref(UUID id) {
            this.id = id;
        }

        @Override
        public void notify(RemoteEvent event) throws UnknownEventException, RemoteException {
            TestListener target = LIVE.get(id);
            if (target == null) {
                throw new java.rmi.NoSuchObjectException("listener gone");
            }
            if (target.failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new java.rmi.ConnectException("test listener unreachable for now");
            }
            if (target.unknown) {
                throw new UnknownEventException("not interested");
            }
            target.events.add(event);
        }
    }
}
