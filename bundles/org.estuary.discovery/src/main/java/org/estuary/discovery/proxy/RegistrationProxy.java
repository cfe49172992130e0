package org.estuary.discovery.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.EventRegistration;
import net.jini.core.lease.Lease;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.LookupUnmarshalException;

import org.estuary.remote.ServiceObjectProxy;

/**
 * The registration a client holds (LD.4.1): (service id, registration id), the backend and the event registration,
 * which carries the lease. {@link #getEventRegistration} and {@link #getLease} are local; every other method asks
 * the backend, which throws {@code java.rmi.NoSuchObjectException} once the registration's lease has ended.
 * Proxies are equal exactly when they denote the same registration of the same service.
 */
@org.osgi.annotation.versioning.ProviderType
public final class RegistrationProxy extends ServiceObjectProxy<DiscoveryBackend> implements LookupDiscoveryRegistration {

    private static final long serialVersionUID = 1L;

    /** @serial the event id, source, lease and sequence number at registration (LD.4.1.1) */
    private final EventRegistration eventRegistration;

    public RegistrationProxy(UUID serviceId, long registrationId, DiscoveryBackend backend,
            EventRegistration eventRegistration) {
        super(serviceId, registrationId, backend);
        this.eventRegistration = Objects.requireNonNull(eventRegistration, "eventRegistration");
    }

    /** The registration's id, which is also its lease's id. */
    public long registrationId() {
        return objectId();
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
        return RegistrarUnmarshalling.unmarshal(backend().registrars(objectId()));
    }

    @Override
    public String[] getGroups() throws RemoteException {
        return backend().groups(objectId());
    }

    @Override
    public LookupLocator[] getLocators() throws RemoteException {
        return backend().locators(objectId());
    }

    @Override
    public void addGroups(String[] groups) throws RemoteException {
        backend().addGroups(objectId(), groups);
    }

    @Override
    public void setGroups(String[] groups) throws RemoteException {
        backend().setGroups(objectId(), groups);
    }

    @Override
    public void removeGroups(String[] groups) throws RemoteException {
        backend().removeGroups(objectId(), groups);
    }

    @Override
    public void addLocators(LookupLocator[] locators) throws RemoteException {
        backend().addLocators(objectId(), locators);
    }

    @Override
    public void setLocators(LookupLocator[] locators) throws RemoteException {
        backend().setLocators(objectId(), locators);
    }

    @Override
    public void removeLocators(LookupLocator[] locators) throws RemoteException {
        backend().removeLocators(objectId(), locators);
    }

    /**
     * LD.4.1.1: the lookup service is named by its service id, which its proxy holds locally.
     *
     * @throws NullPointerException if the registrar is null
     */
    @Override
    public void discard(ServiceRegistrar registrar) throws RemoteException {
        Objects.requireNonNull(registrar, "registrar is null: give a proxy getRegistrars or an event returned");
        backend().discard(objectId(), registrar.getServiceID());
    }

    @Override
    protected String kind() {
        return "LookupDiscoveryRegistration";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (eventRegistration == null) {
            throw new InvalidObjectException("RegistrationProxy without its event registration");
        }
    }
}
