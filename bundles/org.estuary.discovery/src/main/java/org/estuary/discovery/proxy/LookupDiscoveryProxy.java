package org.estuary.discovery.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.MarshalledObject;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.LookupDiscoveryService;

/**
 * The {@link LookupDiscoveryService} a client holds: the service id and the backend. Two proxies are equal when
 * they are proxies for the same service, that is when their service ids are equal.
 */
@org.osgi.annotation.versioning.ProviderType
public final class LookupDiscoveryProxy implements LookupDiscoveryService, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the service's persistent identity */
    private final UUID serviceId;
    /** @serial the backend: a {@code BackendRef}'s view, resolved by the service's id (local in its JVM) */
    private final DiscoveryBackend backend;

    public LookupDiscoveryProxy(UUID serviceId, DiscoveryBackend backend) {
        this.serviceId = Objects.requireNonNull(serviceId, "serviceId");
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    public UUID serviceId() {
        return serviceId;
    }

    /**
     * LD.3.1; the listener and the lease duration are checked here too, so a bad argument costs no remote call.
     *
     * @throws NullPointerException if the listener is null, or the groups or locators hold null
     * @throws IllegalArgumentException if the lease duration is neither positive nor {@code Lease.ANY}
     */
    @Override
    public LookupDiscoveryRegistration register(String[] groups, LookupLocator[] locators,
            RemoteEventListener listener, MarshalledObject<?> handback, long leaseDuration) throws RemoteException {
        Objects.requireNonNull(listener, "listener is null: give the RemoteEventListener the events are sent to");
        if (leaseDuration <= 0 && leaseDuration != Lease.ANY) {
            throw new IllegalArgumentException(
                    "leaseDuration must be positive, Lease.FOREVER or Lease.ANY: " + leaseDuration);
        }
        return backend.register(groups, locators, listener, handback, leaseDuration);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LookupDiscoveryProxy that && that.serviceId.equals(serviceId);
    }

    @Override
    public int hashCode() {
        return serviceId.hashCode();
    }

    @Override
    public String toString() {
        return "LookupDiscoveryService[" + serviceId + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (serviceId == null || backend == null) {
            throw new InvalidObjectException("LookupDiscoveryProxy without service id or backend");
        }
    }
}
