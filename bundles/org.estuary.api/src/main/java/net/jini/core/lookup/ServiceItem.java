package net.jini.core.lookup;

import java.io.Serializable;
import java.util.Arrays;

import net.jini.core.entry.Entry;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A service as a lookup service holds it: its identifier, its proxy and its attribute sets. A plain holder with
 * public fields, as published for Jini 2.x; the constructor keeps its arguments as given.
 */
@ProviderType
public class ServiceItem implements Serializable {

    private static final long serialVersionUID = 717395451032330758L;

    /**
     * The service identifier, or null when registering a service that has none yet.
     *
     * @serial
     */
    public ServiceID serviceID;

    /**
     * The service proxy.
     *
     * @serial
     */
    public Object service;

    /**
     * The attribute sets of the service.
     *
     * @serial
     */
    public Entry[] attributeSets;

    /**
     * Creates an item; the array is kept, not copied.
     *
     * @param serviceID the service identifier, or null
     * @param service the service proxy
     * @param attrSets the attribute sets
     */
    public ServiceItem(ServiceID serviceID, Object service, Entry[] attrSets) {
        this.serviceID = serviceID;
        this.service = service;
        this.attributeSets = attrSets;
    }

    @Override
    public String toString() {
        return getClass().getName() + "[serviceID=" + serviceID + ", service=" + service + ", attributeSets="
                + Arrays.toString(attributeSets) + "]";
    }
}
