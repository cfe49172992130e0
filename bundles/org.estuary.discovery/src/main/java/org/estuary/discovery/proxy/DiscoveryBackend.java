package org.estuary.discovery.proxy;

import java.rmi.MarshalledObject;
import java.rmi.RemoteException;
import java.util.List;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lookup.ServiceID;

import org.estuary.lease.client.Landlord;

/**
 * What the lookup discovery service's proxies call, through an {@code org.estuary.remote.BackendRef}: in the
 * service's JVM the service itself, for a remote client an RMI stub resolved by the service's id. As a
 * {@link Landlord} it also backs the registration leases, whose lease ids are the registration ids. Every method
 * naming a registration throws {@code java.rmi.NoSuchObjectException} once the registration has ended (LD.4.1).
 * The argument rules are LD.3.1's and LD.4.1.1's: {@code NullPointerException} for null elements,
 * {@code UnsupportedOperationException} for adding to or removing from "all groups".
 */
@org.osgi.annotation.versioning.ProviderType
public interface DiscoveryBackend extends Landlord {

    /** LD.3.1 {@code register}: a new registration under the lease policy. */
    RegistrationProxy register(String[] groups, LookupLocator[] locators, RemoteEventListener listener,
            MarshalledObject<?> handback, long leaseDuration) throws RemoteException;

    /** LD.4.1.1 {@code getRegistrars}: the lookup services discovered for the registration, each marshalled. */
    List<MarshalledObject<?>> registrars(long registrationId) throws RemoteException;

    /** LD.4.1.1 {@code getGroups}: null for all groups. */
    String[] groups(long registrationId) throws RemoteException;

    /** LD.4.1.1 {@code getLocators}. */
    LookupLocator[] locators(long registrationId) throws RemoteException;

    /** LD.4.1.1 {@code addGroups}. */
    void addGroups(long registrationId, String[] groups) throws RemoteException;

    /** LD.4.1.1 {@code setGroups}; null for all groups. */
    void setGroups(long registrationId, String[] groups) throws RemoteException;

    /** LD.4.1.1 {@code removeGroups}. */
    void removeGroups(long registrationId, String[] groups) throws RemoteException;

    /** LD.4.1.1 {@code addLocators}. */
    void addLocators(long registrationId, LookupLocator[] locators) throws RemoteException;

    /** LD.4.1.1 {@code setLocators}. */
    void setLocators(long registrationId, LookupLocator[] locators) throws RemoteException;

    /** LD.4.1.1 {@code removeLocators}. */
    void removeLocators(long registrationId, LookupLocator[] locators) throws RemoteException;

    /** LD.4.1.1 {@code discard}: the lookup service of that id, if the registration has it. */
    void discard(long registrationId, ServiceID registrar) throws RemoteException;
}
