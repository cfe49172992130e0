package net.jini.lease;

import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The lease renewal service (LR.2). Not a remote interface: implementations hand out proxies that talk to the
 * server by their own protocol; two proxies are equal when they stand for the same service.
 */
@ProviderType
public interface LeaseRenewalService {

    /**
     * Creates a new, empty lease renewal set, leased to the caller (LR.2). Two calls never return equal sets.
     *
     * @param leaseDuration requested duration of the set's lease in milliseconds: positive,
     *        {@link net.jini.core.lease.Lease#FOREVER} or {@link net.jini.core.lease.Lease#ANY}; the granted
     *        duration is never longer
     * @return the new set
     * @throws IllegalArgumentException if {@code leaseDuration} is none of the allowed values
     * @throws RemoteException on a communication failure
     */
    LeaseRenewalSet createLeaseRenewalSet(long leaseDuration) throws RemoteException;
}
