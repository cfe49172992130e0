package org.estuary.mailbox.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;

/**
 * A mailbox listener (EM.4.1): what a generator is given to send a registration's events to. It runs in the
 * generator's JVM, where the event's classes are, marshals the event there ({@link EventEnvelope#of}) and hands the
 * bytes to the mailbox, which never needs the event's classes to store it. Equal exactly when it stands for the same
 * registration of the same mailbox; once the registration has ended, {@code notify} throws
 * {@code NoSuchObjectException}.
 */
@org.osgi.annotation.versioning.ProviderType
public final class ListenerProxy implements RemoteEventListener, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the mailbox's identity */
    private final UUID serviceId;
    /** @serial the registration this listener stores events for */
    private final long registrationId;
    /** @serial the backend: a {@code BackendRef}'s view, resolved by the service's id (local in its JVM) */
    private final MailboxBackend backend;

    public ListenerProxy(UUID serviceId, long registrationId, MailboxBackend backend) {
        this.serviceId = Objects.requireNonNull(serviceId, "serviceId");
        this.registrationId = registrationId;
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    public UUID serviceId() {
        return serviceId;
    }

    public long registrationId() {
        return registrationId;
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
        backend.store(registrationId, EventEnvelope.of(event));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ListenerProxy that && that.registrationId == registrationId
                && that.serviceId.equals(serviceId);
    }

    @Override
    public int hashCode() {
        return serviceId.hashCode() * 31 + Long.hashCode(registrationId) + 1;
    }

    @Override
    public String toString() {
        return "MailboxListener[" + serviceId + ", " + Long.toUnsignedString(registrationId) + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (serviceId == null || backend == null) {
            throw new InvalidObjectException("ListenerProxy without service id or backend");
        }
    }
}
