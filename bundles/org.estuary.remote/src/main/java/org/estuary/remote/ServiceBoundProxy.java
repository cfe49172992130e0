package org.estuary.remote;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.Remote;
import java.util.Objects;
import java.util.UUID;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What every proxy of a service is made of: the service's id and the backend reference. A service's own proxy (the
 * one clients look up: a renewal service, a mailbox, a transaction manager, a lookup discovery service) extends it
 * directly: two are equal exactly when they are of one class and denote the same service (LR.2, EM.2, TX.2, LD.4),
 * shown as {@code Kind[service id]}. A proxy of an object the service keeps extends {@link ServiceObjectProxy}. A
 * stream that lacks the service id or the backend makes no proxy.
 *
 * @param <B> the service's backend interface
 */
@ProviderType
public abstract class ServiceBoundProxy<B extends Remote> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the service's persistent identity */
    private final UUID serviceId;
    /** @serial the backend: a {@code BackendRef}'s view, resolved by the service's id (local in its JVM) */
    private final B backend;

    /** @throws NullPointerException if {@code serviceId} or {@code backend} is null */
    protected ServiceBoundProxy(UUID serviceId, B backend) {
        this.serviceId = Objects.requireNonNull(serviceId, "serviceId");
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /** The service's id. */
    public final UUID serviceId() {
        return serviceId;
    }

    /** The backend every call of the proxy goes to. */
    protected final B backend() {
        return backend;
    }

    /** The name of the proxy's kind in {@link #toString()} ("LeaseRenewalService"). */
    protected abstract String kind();

    @Override
    public boolean equals(Object other) {
        return other != null && other.getClass() == getClass()
                && ((ServiceBoundProxy<?>) other).serviceId.equals(serviceId);
    }

    @Override
    public int hashCode() {
        return serviceId.hashCode();
    }

    @Override
    public String toString() {
        return kind() + "[" + serviceId + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (serviceId == null || backend == null) {
            throw new InvalidObjectException(getClass().getName() + " without service id or backend");
        }
    }
}
