package org.estuary.renewal.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

/**
 * The {@link LeaseRenewalService} a client holds: the service id and the backend. Two proxies are equal when they
 * are proxies for the same renewal service (LR.2), that is when their service ids are equal.
 */
@org.osgi.annotation.versioning.ProviderType
public final class ServiceProxy implements LeaseRenewalService, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the renewal service's persistent identity */
    private final UUID serviceId;
    /** @serial the backend: a {@code BackendRef}'s view, resolved by the service's id (local in its JVM) */
    private final RenewalBackend backend;

    public ServiceProxy(UUID serviceId, RenewalBackend backend) {
        this.serviceId = Objects.requireNonNull(serviceId, "serviceId");
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /** The one place that reads the backend reference. */
    private RenewalBackend backend() {
        return backend;
    }

    /** The service id. */
    public UUID serviceId() {
        return serviceId;
    }

    @Override
    public LeaseRenewalSet createLeaseRenewalSet(long leaseDuration) throws RemoteException {
        // LR.2: positive, FOREVER or ANY; checked here too so a bad argument costs no remote call.
        if (leaseDuration <= 0 && leaseDuration != Lease.ANY) {
            throw new IllegalArgumentException(
                    "leaseDuration must be positive, Lease.FOREVER or Lease.ANY: " + leaseDuration);
        }
        return backend().createSet(leaseDuration);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ServiceProxy && ((ServiceProxy) other).serviceId.equals(serviceId);
    }

    @Override
    public int hashCode() {
        return serviceId.hashCode();
    }

    @Override
    public String toString() {
        return "LeaseRenewalService[" + serviceId + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (serviceId == null || backend == null) {
            throw new InvalidObjectException("ServiceProxy without service id or backend");
        }
    }
}
