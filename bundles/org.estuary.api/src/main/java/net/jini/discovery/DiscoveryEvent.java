package net.jini.discovery;

import java.util.EventObject;
import java.util.Map;

import net.jini.core.lookup.ServiceRegistrar;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The local event passed to a {@link DiscoveryListener}: the lookup services discovered or discarded and, when the
 * event was built from a map, the member groups of each. Accessors return the held objects, not copies, as in
 * Jini 2.x.
 */
@ProviderType
public class DiscoveryEvent extends EventObject {

    private static final long serialVersionUID = 5280303374696501479L;

    /**
     * The lookup services the event is about.
     *
     * @serial
     */
    protected ServiceRegistrar[] regs;

    /**
     * The member groups of each lookup service, keyed by proxy, or null when the event was built from an array.
     *
     * @serial
     */
    protected Map<ServiceRegistrar, String[]> groups;

    /**
     * Creates an event for the given lookup services, without group information.
     *
     * @param source the object that generated the event
     * @param regs the lookup services; kept, not copied
     * @throws IllegalArgumentException if {@code source} is null
     */
    public DiscoveryEvent(Object source, ServiceRegistrar[] regs) {
        super(source);
        this.regs = regs;
        this.groups = null;
    }

    /**
     * Creates an event for the lookup services in the key set of the map, whose values are their member groups.
     *
     * @param source the object that generated the event
     * @param groups the map from lookup service proxy to its member groups; kept, not copied
     * @throws IllegalArgumentException if {@code source} is null
     * @throws NullPointerException if {@code groups} is null
     */
    public DiscoveryEvent(Object source, Map<ServiceRegistrar, String[]> groups) {
        super(source);
        this.regs = groups.keySet().toArray(new ServiceRegistrar[0]);
        this.groups = groups;
    }

    /**
     * Returns the lookup services the event is about; the same array on every call.
     *
     * @return the lookup service proxies
     */
    public ServiceRegistrar[] getRegistrars() {
        return regs;
    }

    /**
     * Returns the member groups of each lookup service, keyed by proxy; the same map on every call.
     *
     * @return the map, or null if the event was built from an array
     */
    public Map<ServiceRegistrar, String[]> getGroups() {
        return groups;
    }
}
