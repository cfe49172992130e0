package org.estuary.discovery.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.EventRegistration;
import net.jini.core.lease.Lease;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.LookupUnmarshalException;

/**
 * The registration a client holds (LD.4.1): (service id, registration id), the backend and the event registration,
 * which carries the lease. {@link #getEventRegistration} and {@link #getLease} are local; every other method asks
 * the backend, which throws {@code java.rmi.NoSuchObjectException} once the registration's lease has ended.
 * Proxies are equal exactly when they denote the same registration of the same service.
 */
@org.osgi.annotation.versioning.ProviderType
public final class RegistrationProxy implements LookupDiscoveryRegistration, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the service's identity */
    private final UUID serviceId;
    /** @serial the registration's id, which is also its lease's id */
    private final long registrationId;
    /** @serial the backend: a {@code BackendRef}'s view, resolved by the service's id (local in its JVM) */
    private final DiscoveryBackend backend;
    /** @serial the event id, source, lease and sequence number at registration (LD.4.1.1) */
    private final EventRegistration eventRegistration;

    public RegistrationProxy(UUID serviceId, long registrationId, DiscoveryBackend backend,
            EventRegistration eventRegistration) {
        this.serviceId = Objects.requireNonNull(serviceId, "serviceId");
        this.registrationId = registrationId;
        this.backend = Objects.requireNonNull(backend, "backend");
        this.eventRegistration = Objects.requireNonNull(eventRegistration, "eventRegistration");
    }

    public UUID serviceId() {
        return serviceId;
    }

    public long registrationId() {
        return registrationId;
    }

    /** LD.4.1.1: no remote call. */
    @Override
    public EventRegistration getEventRegistration() {
        return eventRegistration;
    }

    /** LD.4.1.1: no remote call; the same lease the event registration holds. */
    @Override
    public Lease getLease() {
        return eventRegistration.getLease();
    }

    /** LD.4.1.1, LD.4.3: each proxy unmarshalled on its own, failures carried with the others. */
    @Override
    public ServiceRegistrar[] getRegistrars() throws LookupUnmarshalException, RemoteException {
        return RegistrarUnmarshalling.unmarshal(backend.registrars(registrationId));
    }

    @Override
    public String[] getGroups() throws RemoteException {
        return backend.groups(registrationId);
    }

    @Override
    public LookupLocator[] getLocators() throws RemoteException {
        return backend.locators(registrationId);
    }

    @Override
    public void addGroups(String[] groups) throws RemoteException {
        backend.addGroups(registrationId, groups);
    }

    @Override
    public void setGroups(String[] groups) throws RemoteException {
        backend.setGroups(registrationId, groups);
    }

    @Override
    public void removeGroups(String[] groups) throws RemoteException {
        backend.removeGroups(registrationId, groups);
    }

    @Override
    public void addLocators(LookupLocator[] locators) throws RemoteException {
        backend.addLocators(registrationId, locators);
    }

    @Override
    public void setLocators(LookupLocator[] locators) throws RemoteException {
        backend.setLocators(registrationId, locators);
    }

    @Override
    public void removeLocators(LookupLocator[] locators) throws RemoteException {
        backend.removeLocators(registrationId, locators);
    }

    /**
     * LD.4.1.1: the lookup service is named by its service id, which its proxy holds locally.
     *
     * @throws NullPointerException if the registrar is null
     */
    @Override
    public void discard(ServiceRegistrar registrar) throws RemoteException {
        Objects.requireNonNull(registrar, "registrar is null: give a proxy getRegistrars or an event returned");
        backend.discard(registrationId, registrar.getServiceID());
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RegistrationProxy that && that.registrationId == registrationId
                && that.serviceId.equals(serviceId);
    }

    @Override
    public int hashCode() {
        return serviceId.hashCode() * 31 + Long.hashCode(registrationId);
    }

    /** "LookupDiscoveryRegistration[service id, registration id]", the id in unsigned decimal. */
    @Override
    public String toString() {
        return "LookupDiscoveryRegistration[" + serviceId + ", " + Long.toUnsignedString(registrationId) + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (serviceId == null || backend == null || eventRegistration == null) {
            throw new InvalidObjectException("RegistrationProxy without service id, backend or event registration");
        }
    }
}
