package org.estuary.lease.durable;

import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A persistent service's backend whose leases a {@link DurableLandlord} keeps: its {@code Landlord} methods are that
 * landlord's ({@link ForwardingLandlord}), and so is its {@link WallClockWatch.Restate restatement} after a step of
 * the wall clock.
 *
 * @since 2.3
 */
@ConsumerType
public abstract class DurableBackend extends ForwardingLandlord {

    /** The landlord of the service's leases. */
    @Override
    protected abstract DurableLandlord<?> landlord();

    /**
     * {@link WallClockWatch.Restate}: rewrites the records of the leases that a step of the wall clock put off their
     * deadlines ({@link DurableLandlord#restate}), so that a restart recovers each at its deadline (LE.2.2). A
     * service that records other expirations too restates them besides.
     *
     * @return the number of records rewritten
     * @throws RemoteException as the write path answers a store failure
     */
    public int restate(long toleranceMillis) throws RemoteException {
        return landlord().restate(toleranceMillis);
    }
}
