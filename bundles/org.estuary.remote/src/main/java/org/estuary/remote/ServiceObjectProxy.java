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
 * What every proxy of an object a service keeps for a client (a renewal set, a mailbox registration, a discovery
 * registration) is made of: the service's id, the object's id and the backend reference. Two proxies are equal
 * exactly when they are of the same class and denote the same object of the same service (the specs' proxy
 * equality: LR.2, EM.4, LD.4.1.1), whatever else they carry, such as the lease as of when each was made; the
 * string form is {@code Kind[service id, object id]} with the id in unsigned decimal, the form the shell and the
 * console show and take. A stream that lacks the service id or the backend does not make a proxy.
 *
 * @param <B> the service's backend interface
 */
@ProviderType
public abstract class ServiceObjectProxy<B extends Remote> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the service's identity */
    private final UUID serviceId;
    /** @serial the object's id in the service, which is also its lease's id */
    private final long objectId;
    /** @serial the backend: a {@code BackendRef}'s view, resolved by the service's id (local in its JVM) */
    private final B backend;

    /** @throws NullPointerException if {@code serviceId} or {@code backend} is null */
    protected ServiceObjectProxy(UUID serviceId, long objectId, B backend) {
        this.serviceId = Objects.requireNonNull(serviceId, "serviceId");
        this.objectId = objectId;
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /** The id of the service that keeps the object. */
    public final UUID serviceId() {
        return serviceId;
    }

    /** The object's id in its service. */
    protected final long objectId() {
        return objectId;
    }

    /** The backend every call of the proxy goes to. */
    protected final B backend() {
        return backend;
    }

    /** The name of the object's kind in {@link #toString()} ("LeaseRenewalSet"). */
    protected abstract String kind();

    @Override
    public final boolean equals(Object other) {
        return other != null && other.getClass() == getClass()
                && ((ServiceObjectProxy<?>) other).objectId == objectId
                && ((ServiceObjectProxy<?>) other).serviceId.equals(serviceId);
    }

    @Override
    public final int hashCode() {
        return serviceId.hashCode() * 31 + Long.hashCode(objectId);
    }

    @Override
    public final String toString() {
        return kind() + "[" + serviceId + ", " + Long.toUnsignedString(objectId) + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (serviceId == null || backend == null) {
            throw new InvalidObjectException(getClass().getName() + " without service id or backend");
        }
    }
}
