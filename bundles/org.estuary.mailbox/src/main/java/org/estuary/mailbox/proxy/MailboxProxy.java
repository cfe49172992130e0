package org.estuary.mailbox.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.MailboxRegistration;
import net.jini.event.PullEventMailbox;

/**
 * The {@link PullEventMailbox} a client holds: the service id and the backend. Two proxies are equal when they are
 * proxies for the same mailbox service (EM.2, EM.5), that is when their service ids are equal. Every registration
 * supports both push delivery and pull, whichever method made it.
 */
@org.osgi.annotation.versioning.ProviderType
public final class MailboxProxy implements PullEventMailbox, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the mailbox's persistent identity */
    private final UUID serviceId;
    /** @serial the backend: a {@code BackendRef}'s view, resolved by the service's id (local in its JVM) */
    private final MailboxBackend backend;

    public MailboxProxy(UUID serviceId, MailboxBackend backend) {
        this.serviceId = Objects.requireNonNull(serviceId, "serviceId");
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    public UUID serviceId() {
        return serviceId;
    }

    @Override
    public MailboxRegistration register(long leaseDuration) throws RemoteException, LeaseDeniedException {
        return pullRegister(leaseDuration);
    }

    @Override
    public MailboxPullRegistration pullRegister(long leaseDuration) throws RemoteException, LeaseDeniedException {
        // EM.3, EM.6: positive or Lease.ANY; checked here too so a bad argument costs no remote call.
        if (leaseDuration <= 0 && leaseDuration != Lease.ANY) {
            throw new IllegalArgumentException("leaseDuration must be positive or Lease.ANY: " + leaseDuration);
        }
        return backend.register(leaseDuration);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MailboxProxy && ((MailboxProxy) other).serviceId.equals(serviceId);
    }

    @Override
    public int hashCode() {
        return serviceId.hashCode();
    }

    @Override
    public String toString() {
        return "PullEventMailbox[" + serviceId + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (serviceId == null || backend == null) {
            throw new InvalidObjectException("MailboxProxy without service id or backend");
        }
    }
}
