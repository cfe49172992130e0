package net.jini.core.lookup;

import java.io.Serializable;
import java.util.Arrays;

import net.jini.core.entry.Entry;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A pattern to match service items in a lookup service: null fields are wildcards; otherwise an item matches when
 * its identifier equals {@link #serviceID}, its proxy is an instance of every type in {@link #serviceTypes} and
 * every attribute template matches one of its attribute sets. Public fields, as published for Jini 2.x.
 */
@ProviderType
public class ServiceTemplate implements Serializable {

    private static final long serialVersionUID = 7854483807886483216L;

    /**
     * The service identifier to match, or null for any.
     *
     * @serial
     */
    public ServiceID serviceID;

    /**
     * The types the proxy must be an instance of, or null for any.
     *
     * @serial
     */
    public Class<?>[] serviceTypes;

    /**
     * The attribute templates to match, or null for any.
     *
     * @serial
     */
    public Entry[] attributeSetTemplates;

    /**
     * Creates a template; the arrays are kept, not copied.
     *
     * @param serviceID the identifier to match, or null
     * @param serviceTypes the types to match, or null
     * @param attrSetTemplates the attribute templates to match, or null
     */
    public ServiceTemplate(ServiceID serviceID, Class<?>[] serviceTypes, Entry[] attrSetTemplates) {
        this.serviceID = serviceID;
        this.serviceTypes = serviceTypes;
        this.attributeSetTemplates = attrSetTemplates;
    }

    @Override
    public String toString() {
        return getClass().getName() + "[serviceID=" + serviceID + ", serviceTypes=" + Arrays.toString(serviceTypes)
                + ", attributeSetTemplates=" + Arrays.toString(attributeSetTemplates) + "]";
    }
}
