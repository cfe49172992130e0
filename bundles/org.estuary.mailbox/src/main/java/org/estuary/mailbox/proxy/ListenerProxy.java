package org.estuary.mailbox.proxy;

import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;

import org.estuary.remote.ServiceObjectProxy;

/**
 * A mailbox listener (EM.4.1): what a generator is given to send a registration's events to. It runs in the
 * generator's JVM, where the event's classes are, marshals the event there ({@link EventEnvelope#of}) and hands the
 * bytes to the mailbox, which never needs the event's classes to store it. Equal exactly when it stands for the same
 * registration of the same mailbox; once the registration has ended, {@code notify} throws
 * {@code NoSuchObjectException}.
 */
@org.osgi.annotation.versioning.ProviderType
public final class ListenerProxy extends ServiceObjectProxy<MailboxBackend> implements RemoteEventListener {

    private static final long serialVersionUID = 1L;

    /** A listener for registration {@code registrationId} of mailbox {@code serviceId}. */
    public ListenerProxy(UUID serviceId, long registrationId, MailboxBackend backend) {
        super(serviceId, registrationId, backend);
    }

    /** The registration this listener stores events for. */
    public long registrationId() {
        return objectId();
    }

    /**
     * Stores {@code event} for the registration; returns once it is durable in the mailbox's store.
     *
     * @throws UnknownEventException if the registration's client marked the event's (id, source) unknown (EM.4.1)
     * @throws java.rmi.NoSuchObjectException if the registration has ended (EM.4.1)
     * @throws RemoteException indefinite when the mailbox is full (retry later) or unreachable
     */
    @Override
    public void notify(RemoteEvent event) throws UnknownEventException, RemoteException {
        Objects.requireNonNull(event, "event");
        backend().store(objectId(), EventEnvelope.of(event));
    }

    @Override
    protected String kind() {
        return "MailboxListener";
    }
}
