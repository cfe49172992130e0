package org.estuary.discovery.proxy;

import java.rmi.MarshalledObject;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.LookupDiscoveryService;

import org.estuary.remote.ServiceBoundProxy;

/**
 * The {@link LookupDiscoveryService} a client holds: the service id and the backend. Two proxies are equal when
 * they are proxies for the same service, that is when their service ids are equal.
 */
@org.osgi.annotation.versioning.ProviderType
public final class LookupDiscoveryProxy extends ServiceBoundProxy<DiscoveryBackend>
        implements LookupDiscoveryService {

    private static final long serialVersionUID = 1L;

    public LookupDiscoveryProxy(UUID serviceId, DiscoveryBackend backend) {
        super(serviceId, backend);
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
        return backend().register(groups, locators, listener, handback, leaseDuration);
    }

    /** The backend view this proxy calls, for its compact form as an event's source ({@link EventSource}). */
    DiscoveryBackend backendView() {
        return backend();
    }

    @Override
    protected String kind() {
        return "LookupDiscoveryService";
    }
}
