package net.jini.discovery;

import java.rmi.RemoteException;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.EventRegistration;
import net.jini.core.lease.Lease;
import net.jini.core.lookup.ServiceRegistrar;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A client's registration with the lookup discovery service (LD.4.1): its event registration and lease, the lookup
 * services discovered so far, and the managed sets of groups and locators. Not a remote interface; once the
 * registration is gone every remote method throws {@link java.rmi.NoSuchObjectException}.
 */
@ProviderType
public interface LookupDiscoveryRegistration {

    /**
     * Returns the event registration identifying the events sent for this registration; a local call (LD.4.1.1).
     *
     * @return the event registration
     */
    EventRegistration getEventRegistration();

    /**
     * Returns the lease on this registration, the same object the event registration holds; a local call.
     *
     * @return the lease
     */
    Lease getLease();

    /**
     * Returns the lookup services currently discovered for this registration, in a new array on each call.
     *
     * @return the lookup service proxies
     * @throws LookupUnmarshalException if some proxies could not be unmarshalled; it holds those that could and
     *         those that could not
     * @throws RemoteException on a communication failure
     */
    ServiceRegistrar[] getRegistrars() throws LookupUnmarshalException, RemoteException;

    /**
     * Returns the managed set of groups.
     *
     * @return the group names, the empty array for none, or null for all groups
     * @throws RemoteException on a communication failure
     */
    String[] getGroups() throws RemoteException;

    /**
     * Returns the managed set of locators.
     *
     * @return the locators, or the empty array for none
     * @throws RemoteException on a communication failure
     */
    LookupLocator[] getLocators() throws RemoteException;

    /**
     * Adds groups to the managed set.
     *
     * @param groups the groups to add
     * @throws UnsupportedOperationException if the managed set is all groups (null)
     * @throws NullPointerException if {@code groups} is null or has a null element
     * @throws RemoteException on a communication failure
     */
    void addGroups(String[] groups) throws RemoteException;

    /**
     * Replaces the managed set of groups.
     *
     * @param groups the new groups, null for all groups, or the empty array for none
     * @throws NullPointerException if {@code groups} has a null element
     * @throws RemoteException on a communication failure
     */
    void setGroups(String[] groups) throws RemoteException;

    /**
     * Removes groups from the managed set.
     *
     * @param groups the groups to remove
     * @throws UnsupportedOperationException if the managed set is all groups (null)
     * @throws NullPointerException if {@code groups} is null or has a null element
     * @throws RemoteException on a communication failure
     */
    void removeGroups(String[] groups) throws RemoteException;

    /**
     * Adds locators to the managed set.
     *
     * @param locators the locators to add
     * @throws NullPointerException if {@code locators} is null or has a null element
     * @throws RemoteException on a communication failure
     */
    void addLocators(LookupLocator[] locators) throws RemoteException;

    /**
     * Replaces the managed set of locators.
     *
     * @param locators the new locators
     * @throws NullPointerException if {@code locators} is null or has a null element
     * @throws RemoteException on a communication failure
     */
    void setLocators(LookupLocator[] locators) throws RemoteException;

    /**
     * Removes locators from the managed set; locators not in the set are ignored.
     *
     * @param locators the locators to remove
     * @throws NullPointerException if {@code locators} is null or has a null element
     * @throws RemoteException on a communication failure
     */
    void removeLocators(LookupLocator[] locators) throws RemoteException;

    /**
     * Discards a lookup service found unreachable, making it eligible for rediscovery; no action if it is not in
     * the managed set of lookup services.
     *
     * @param registrar the proxy of the lookup service to discard
     * @throws NullPointerException if {@code registrar} is null
     * @throws RemoteException on a communication failure
     */
    void discard(ServiceRegistrar registrar) throws RemoteException;
}
