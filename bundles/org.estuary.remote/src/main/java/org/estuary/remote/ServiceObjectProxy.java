package org.estuary.remote;

import java.rmi.Remote;
import java.util.UUID;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What every proxy of an object a service keeps for a client (a renewal set, a mailbox registration, a discovery
 * registration) is made of: the service's id and backend ({@link ServiceBoundProxy}) and the object's id. Two proxies
 * are equal exactly when they are of the same class and denote the same object of the same service (the specs'
 * proxy equality: LR.2, EM.4, LD.4.1.1), whatever else they carry, such as the lease as of when each was made; the
 * string form is {@code Kind[service id, object id]} with the id in unsigned decimal, the form the shell and the
 * console show and take.
 *
 * @param <B> the service's backend interface
 */
@ProviderType
public abstract class ServiceObjectProxy<B extends Remote> extends ServiceBoundProxy<B> {

    private static final long serialVersionUID = 1L;

    /** @serial the object's id in the service, which is also its lease's id */
    private final long objectId;

    /** @throws NullPointerException if {@code serviceId} or {@code backend} is null */
    protected ServiceObjectProxy(UUID serviceId, long objectId, B backend) {
        super(serviceId, backend);
        this.objectId = objectId;
    }

    /** The object's id in its service. */
    protected final long objectId() {
        return objectId;
    }

    @Override
    public final boolean equals(Object other) {
        return super.equals(other) && ((ServiceObjectProxy<?>) other).objectId == objectId;
    }

    @Override
    public final int hashCode() {
        return super.hashCode() * 31 + Long.hashCode(objectId);
    }

    @Override
    public final String toString() {
        return kind() + "[" + serviceId() + ", " + Long.toUnsignedString(objectId) + "]";
    }
}
