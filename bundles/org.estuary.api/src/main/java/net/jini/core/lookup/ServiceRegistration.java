package net.jini.core.lookup;

import java.rmi.RemoteException;

import net.jini.core.entry.Entry;
import net.jini.core.lease.Lease;
import net.jini.core.lease.UnknownLeaseException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * What {@link ServiceRegistrar#register} returns: the identifier assigned to the service, the lease on the
 * registration and the means to change the registered attribute sets. Implemented by lookup service proxies.
 */
@ProviderType
public interface ServiceRegistration {

    /**
     * Returns the service identifier the lookup service assigned or kept.
     *
     * @return the service identifier
     */
    ServiceID getServiceID();

    /**
     * Returns the lease on this registration.
     *
     * @return the lease
     */
    Lease getLease();

    /**
     * Adds attribute sets to the registered service, ignoring duplicates.
     *
     * @param attrSets the attribute sets to add
     * @throws UnknownLeaseException if the registration lease has expired or been cancelled
     * @throws RemoteException on a communication failure
     */
    void addAttributes(Entry[] attrSets) throws UnknownLeaseException, RemoteException;

    /**
     * Modifies the attribute sets matching each template: a non-null field of the paired modification replaces the
     * field's value, and a null modification deletes the matching sets.
     *
     * @param attrSetTemplates the templates selecting attribute sets
     * @param attrSets the modifications, paired by index with the templates
     * @throws UnknownLeaseException if the registration lease has expired or been cancelled
     * @throws RemoteException on a communication failure
     */
    void modifyAttributes(Entry[] attrSetTemplates, Entry[] attrSets) throws UnknownLeaseException, RemoteException;

    /**
     * Replaces all attribute sets of the registered service.
     *
     * @param attrSets the new attribute sets
     * @throws UnknownLeaseException if the registration lease has expired or been cancelled
     * @throws RemoteException on a communication failure
     */
    void setAttributes(Entry[] attrSets) throws UnknownLeaseException, RemoteException;
}
