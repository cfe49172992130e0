package net.jini.core.lookup;

import java.rmi.MarshalledObject;
import java.rmi.RemoteException;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The interface of a lookup service proxy: registering services, looking them up by template, asking to be
 * notified of changes, and browsing. The lookup discovery service hands these proxies to its clients (LD.4.1.1,
 * LD.4.2.1). Signatures and constants as published for Jini 2.x.
 */
@ProviderType
public interface ServiceRegistrar {

    /** Notify when an item matching the template stops matching (or is deleted). */
    int TRANSITION_MATCH_NOMATCH = 1 << 0;

    /** Notify when an item starts matching the template (or is registered matching it). */
    int TRANSITION_NOMATCH_MATCH = 1 << 1;

    /** Notify when a matching item is changed and still matches. */
    int TRANSITION_MATCH_MATCH = 1 << 2;

    /**
     * Registers a service item, or replaces the registration of an item with the same service identifier.
     *
     * @param item the service to register
     * @param leaseDuration the requested lease duration in milliseconds
     * @return the registration, holding the assigned service identifier and the lease
     * @throws RemoteException on a communication failure
     */
    ServiceRegistration register(ServiceItem item, long leaseDuration) throws RemoteException;

    /**
     * Returns the proxy of one service matching the template, or null if none matches.
     *
     * @param tmpl the template to match
     * @return a matching service proxy, or null
     * @throws RemoteException on a communication failure
     */
    Object lookup(ServiceTemplate tmpl) throws RemoteException;

    /**
     * Returns at most {@code maxMatches} items matching the template, and the total number of matches.
     *
     * @param tmpl the template to match
     * @param maxMatches the largest number of items to return
     * @return the matches
     * @throws RemoteException on a communication failure
     */
    ServiceMatches lookup(ServiceTemplate tmpl, int maxMatches) throws RemoteException;

    /**
     * Registers a listener for the given transitions of items matching the template.
     *
     * @param tmpl the template to match
     * @param transitions a bitwise OR of {@code TRANSITION_*} constants
     * @param listener the listener to notify
     * @param handback the object to return in each event, or null
     * @param leaseDuration the requested lease duration in milliseconds
     * @return the event registration
     * @throws RemoteException on a communication failure
     */
    EventRegistration notify(ServiceTemplate tmpl, int transitions, RemoteEventListener listener,
            MarshalledObject<?> handback, long leaseDuration) throws RemoteException;

    /**
     * Returns the most specific attribute set classes of the matching items that the template does not already
     * pin down.
     *
     * @param tmpl the template to match
     * @return the entry classes, or null if nothing matches
     * @throws RemoteException on a communication failure
     */
    Class<?>[] getEntryClasses(ServiceTemplate tmpl) throws RemoteException;

    /**
     * Returns the distinct values of a field of the attribute sets of matching items.
     *
     * @param tmpl the template to match
     * @param setIndex the index into {@code tmpl.attributeSetTemplates} of the attribute set concerned
     * @param field the name of the field
     * @return the field values, or null if nothing matches
     * @throws NoSuchFieldException if the field does not exist in that attribute set class
     * @throws RemoteException on a communication failure
     */
    Object[] getFieldValues(ServiceTemplate tmpl, int setIndex, String field)
            throws NoSuchFieldException, RemoteException;

    /**
     * Returns the most specific proxy types of the matching items, restricted to the given package prefix.
     *
     * @param tmpl the template to match
     * @param prefix a class name prefix, or null for any
     * @return the service types, or null if nothing matches
     * @throws RemoteException on a communication failure
     */
    Class<?>[] getServiceTypes(ServiceTemplate tmpl, String prefix) throws RemoteException;

    /**
     * Returns the service identifier of the lookup service itself; a local call.
     *
     * @return the lookup service's identifier
     */
    ServiceID getServiceID();

    /**
     * Returns a locator for unicast discovery of this lookup service.
     *
     * @return the locator
     * @throws RemoteException on a communication failure
     */
    LookupLocator getLocator() throws RemoteException;

    /**
     * Returns the groups this lookup service is a member of.
     *
     * @return the member groups
     * @throws RemoteException on a communication failure
     */
    String[] getGroups() throws RemoteException;
}
