package org.estuary.lease.durable;

import java.rmi.RemoteException;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.lease.client.Landlord;
import org.estuary.lease.client.RenewResults;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A service's backend whose {@link Landlord} methods are those of the landlord of its leases (typically a
 * {@link DurableLandlord}): the backend names its landlord once instead of forwarding each method.
 */
@ConsumerType
public abstract class ForwardingLandlord implements Landlord {

    /** The landlord of the service's leases. */
    protected abstract Landlord landlord();

    @Override
    public final long renew(long leaseId, long duration) throws LeaseDeniedException, UnknownLeaseException,
            RemoteException {
        return landlord().renew(leaseId, duration);
    }

    @Override
    public final void cancel(long leaseId) throws UnknownLeaseException, RemoteException {
        landlord().cancel(leaseId);
    }

    @Override
    public final RenewResults renewAll(long[] leaseIds, long[] durations) throws RemoteException {
        return landlord().renewAll(leaseIds, durations);
    }

    @Override
    public final Exception[] cancelAll(long[] leaseIds) throws RemoteException {
        return landlord().cancelAll(leaseIds);
    }
}
