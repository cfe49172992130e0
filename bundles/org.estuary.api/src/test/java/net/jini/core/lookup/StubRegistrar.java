package net.jini.core.lookup;

import java.io.Serializable;
import java.rmi.MarshalledObject;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;

/**
 * A serializable stand-in for a lookup service proxy, used by the tests of the lookup and discovery packages. Only
 * {@link #getServiceID()} and {@link #getGroups()} work; proxies are equal when their service identifiers are.
 */
public class StubRegistrar implements ServiceRegistrar, Serializable {

    private static final long serialVersionUID = 1L;

    private final ServiceID id;
    private final String[] groups;

    public StubRegistrar(long leastSig, String... groups) {
        this.id = new ServiceID(0x5eed, leastSig);
        this.groups = groups;
    }

    @Override
    public ServiceID getServiceID() {
        return id;
    }

    @Override
    public String[] getGroups() {
        return groups;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StubRegistrar && ((StubRegistrar) o).id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "StubRegistrar[" + id + "]";
    }

    @Override
    public ServiceRegistration register(ServiceItem item, long leaseDuration) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object lookup(ServiceTemplate tmpl) {
        throw new UnsupportedOperationException();
    }

    @Override
    public ServiceMatches lookup(ServiceTemplate tmpl, int maxMatches) {
        throw new UnsupportedOperationException();
    }

    @Override
    public EventRegistration notify(ServiceTemplate tmpl, int transitions, RemoteEventListener listener,
            MarshalledObject<?> handback, long leaseDuration) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Class<?>[] getEntryClasses(ServiceTemplate tmpl) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object[] getFieldValues(ServiceTemplate tmpl, int setIndex, String field) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Class<?>[] getServiceTypes(ServiceTemplate tmpl, String prefix) {
        throw new UnsupportedOperationException();
    }

    @Override
    public LookupLocator getLocator() {
        throw new UnsupportedOperationException();
    }
}
