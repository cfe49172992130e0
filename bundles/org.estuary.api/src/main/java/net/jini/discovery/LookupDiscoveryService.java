package net.jini.discovery;

import java.rmi.MarshalledObject;
import java.rmi.RemoteException;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEventListener;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The lookup discovery service (LD.2): performs group and locator discovery on behalf of registered clients and
 * notifies their listeners with {@link RemoteDiscoveryEvent}s. Not a remote interface: each implementation exports
 * a proxy implementing it; two proxies are equal when they stand for the same service.
 */
@ProviderType
public interface LookupDiscoveryService {

    /**
     * Registers a client for discovery (LD.3.1). Each call creates a new registration; duplicates in either set
     * are ignored.
     *
     * @param groups the groups to discover; null for all groups, the empty array for none
     * @param locators the lookup services to discover by unicast; null or empty for none
     * @param listener the listener that receives the discovered and discarded events
     * @param handback the object to return in each event, or null
     * @param leaseDuration the requested lease duration: positive, {@code Lease.FOREVER} or {@code Lease.ANY}
     * @return the new registration
     * @throws NullPointerException if {@code groups} or {@code locators} has a null element, or {@code listener}
     *         is null
     * @throws IllegalArgumentException if {@code leaseDuration} is not an accepted value (LD.3.3)
     * @throws RemoteException on a communication failure; the registration may or may not have been made
     */
    LookupDiscoveryRegistration register(String[] groups, LookupLocator[] locators, RemoteEventListener listener,
            MarshalledObject<?> handback, long leaseDuration) throws RemoteException;
}
