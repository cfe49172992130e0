package org.estuary.mailbox.internal;

import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

/**
 * A client's target listener for the unit tests: serializable, so the mailbox records it, and every copy (one read
 * back after a restart) records into the same list and answers as the test scripted.
 */
final class TestTarget implements RemoteEventListener, Serializable {

    private static final long serialVersionUID = 1L;

    /** What a notify call does after recording the event. */
    interface Answer {
        void answer(RemoteEvent event) throws Exception;
    }

    private static final Map<UUID, List<RemoteEvent>> RECEIVED = new ConcurrentHashMap<>();
    private static final Map<UUID, Answer> ANSWERS = new ConcurrentHashMap<>();

    private final UUID id = UUID.randomUUID();

    TestTarget() {
        RECEIVED.put(id, new CopyOnWriteArrayList<>());
        ANSWERS.put(id, event -> { });
    }

    /** From now on each notify records the event, then does {@code answer}. */
    TestTarget answering(Answer answer) {
        ANSWERS.put(id, answer);
        return this;
    }

    List<RemoteEvent> received() {
        return RECEIVED.get(id);
    }

    /** The payloads received, in order. */
    List<String> payloads() {
        return received().stream().map(event -> ((TestEvent) event).payload).toList();
    }

    @Override
    public void notify(RemoteEvent event) throws net.jini.core.event.UnknownEventException, RemoteException {
        RECEIVED.get(id).add(event);
        try {
            ANSWERS.get(id).answer(event);
        } catch (net.jini.core.event.UnknownEventException | RemoteException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TestTarget that && that.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }
}
