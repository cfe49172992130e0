package org.estuary.event.test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;

/**
 * A listener that records what it receives and, for each call, throws the next scripted exception (if any),
 * recording the monotonic time of each call when given a clock reading.
 */
public final class ScriptedListener implements RemoteEventListener {

    private final Deque<Exception> script = new ArrayDeque<>();
    private final List<RemoteEvent> received = Collections.synchronizedList(new ArrayList<>());
    private final List<Long> callTimes = Collections.synchronizedList(new ArrayList<>());
    private final java.util.function.LongSupplier now;
    private volatile int calls;

    public ScriptedListener() {
        this(() -> 0L);
    }

    public ScriptedListener(java.util.function.LongSupplier now) {
        this.now = now;
    }

    /** The next calls throw these, in order; then calls succeed. */
    public synchronized ScriptedListener thenThrow(Exception... exceptions) {
        Collections.addAll(script, exceptions);
        return this;
    }

    @Override
    public void notify(RemoteEvent event) throws UnknownEventException, java.rmi.RemoteException {
        calls++;
        callTimes.add(now.getAsLong());
        Exception next;
        synchronized (this) {
            next = script.pollFirst();
        }
        if (next instanceof UnknownEventException) {
            throw (UnknownEventException) next;
        }
        if (next instanceof java.rmi.RemoteException) {
            throw (java.rmi.RemoteException) next;
        }
        if (next instanceof RuntimeException) {
            throw (RuntimeException) next;
        }
        received.add(event);
    }

    public List<RemoteEvent> received() {
        synchronized (received) {
            return new ArrayList<>(received);
        }
    }

    public List<Long> callTimes() {
        synchronized (callTimes) {
            return new ArrayList<>(callTimes);
        }
    }

    public int calls() {
        return calls;
    }
}
