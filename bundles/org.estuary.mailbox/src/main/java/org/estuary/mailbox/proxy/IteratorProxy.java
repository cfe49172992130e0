package org.estuary.mailbox.proxy;

import java.io.IOException;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.util.List;
import java.util.Objects;

import net.jini.core.event.RemoteEvent;
import net.jini.event.InvalidIteratorException;
import net.jini.event.RemoteEventIterator;

import org.estuary.io.MarshalledBatch;

/**
 * A pull iterator (EM.7.1), used by one client in its own JVM (it is not serializable: a copy could return an event
 * twice). It takes events from the mailbox in bounded batches and unmarshals each one here, where the client's
 * classes are, when {@link #next} returns it. Each transfer also tells the mailbox which events this iterator has
 * received, and only then does the mailbox remove them: an event leaves the mailbox's store once the client holds
 * it, never before. So an iterator never returns an event twice, across restarts of the mailbox too; events a
 * client received but never saw acknowledged (it crashed, or {@link #close} could not reach the mailbox) are given
 * again to the registration's next iterator.
 */
@org.osgi.annotation.versioning.ProviderType
public final class IteratorProxy implements RemoteEventIterator {

    /** The longest a single transfer waits in the mailbox; a longer {@code next} timeout takes several. */
    static final long MAX_WAIT_PER_CALL_MILLIS = 5_000;

    private static final EventBatch EMPTY = new EventBatch(new long[0], MarshalledBatch.separate(List.of()));

    private final long registrationId;
    private final long iteratorId;
    private final MailboxBackend backend;
    /**
     * Guarded by this: the last transfer, its reader, the next of its events to return, the last arrival returned,
     * whether the next transfer may be joined (not right after a joined one broke).
     */
    private EventBatch batch = EMPTY;
    private MarshalledBatch.Reader<RemoteEvent> events = EMPTY.events().reader();
    private int index;
    private long received;
    private boolean joined = true;
    /** Guarded by this: why the iterator is invalid, or null while valid. */
    private String invalid;

    public IteratorProxy(long registrationId, long iteratorId, MailboxBackend backend) {
        this.registrationId = registrationId;
        this.iteratorId = iteratorId;
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /**
     * EM.7.1: the next event, waiting up to {@code timeout} ms; null if none came.
     *
     * @throws UnmarshalException if the event cannot be unmarshalled here (its class is missing or refused); the
     *     event counts as returned, and the message names its arrival number and the cause
     */
    @Override
    public synchronized RemoteEvent next(long timeout) throws RemoteException, InvalidIteratorException {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeout); // EM.7.1
        }
        checkValid();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(timeout);
        while (true) {
            if (index < batch.size() && !events.broken()) {
                long arrival = batch.arrival(index);
                index++;
                received = arrival; // returned once, never again (EM.7.1)
                try {
                    return events.next();
                } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
                    // the events after it that shared its stream come again, each on its own, with the next transfer
                    joined = !events.broken();
                    throw new UnmarshalException("event " + arrival + " of mailbox registration "
                            + Long.toUnsignedString(registrationId) + " cannot be unmarshalled here: " + e
                            + " (put its classes on this client's class path or allowlist)", toException(e));
                }
            }
            long remaining = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            EventBatch next;
            try {
                next = backend.fetch(registrationId, iteratorId, received,
                        Math.max(0, Math.min(remaining, MAX_WAIT_PER_CALL_MILLIS)), joined);
            } catch (InvalidIteratorException e) {
                invalid = e.getMessage();
                throw e;
            }
            batch = next;
            events = next.events().reader();
            index = 0;
            joined = true;
            if (next.size() == 0 && remaining <= MAX_WAIT_PER_CALL_MILLIS) {
                return null;
            }
        }
    }

    /**
     * EM.7.1: invalidates the iterator and tells the mailbox which events it received, so they are removed. If the
     * mailbox cannot be reached, the iterator is still closed here, and the mailbox gives those events to the next
     * iterator (at least once).
     */
    @Override
    public synchronized void close() throws InvalidIteratorException {
        checkValid();
        invalid = "the iterator was closed";
        batch = EMPTY;
        events = EMPTY.events().reader();
        try {
            backend.closeIterator(registrationId, iteratorId, received);
        } catch (RemoteException unreachable) {
            // the mailbox keeps what it has not been told was received; the next iterator gets it
        }
    }

    private void checkValid() throws InvalidIteratorException {
        if (invalid != null) {
            throw new InvalidIteratorException(invalid); // EM.7.1: once invalid, always
        }
    }

    private static Exception toException(Throwable e) {
        return e instanceof Exception ex ? ex : new Exception(e);
    }

    @Override
    public String toString() {
        return "RemoteEventIterator[" + Long.toUnsignedString(registrationId) + ", " + iteratorId + "]";
    }
}
