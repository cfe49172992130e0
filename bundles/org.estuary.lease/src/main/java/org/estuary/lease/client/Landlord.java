package org.estuary.lease.client;

import java.rmi.Remote;
import java.rmi.RemoteException;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The backend a grantor exports for its leases: the client lease objects ({@code LandlordLease}) call it to renew
 * and cancel. A service exports one landlord; in its own JVM the reference is the service component itself, for a
 * remote holder an RMI stub, so every argument and result is serializable and every method declares
 * {@link RemoteException}. Leases are named by the {@code long} id the grantor's {@link LeaseTable} issued.
 *
 * <p>Durations are milliseconds as in LE.2.2: positive, {@code Lease.ANY} or {@code Lease.FOREVER}.
 */
@ConsumerType
public interface Landlord extends Remote {

    /**
     * Renews lease {@code leaseId} for {@code duration} from now (LE.2.2: not added to the current term).
     *
     * @return the granted duration in milliseconds, never more than asked ({@code Lease.FOREVER} for no end)
     * @throws LeaseDeniedException if the grantor refuses to renew
     * @throws UnknownLeaseException if the lease is unknown, expired or cancelled
     * @throws IllegalArgumentException if {@code duration} is neither positive nor {@code Lease.ANY}
     * @throws RemoteException on a communication failure
     */
    long renew(long leaseId, long duration) throws LeaseDeniedException, UnknownLeaseException, RemoteException;

    /**
     * Cancels lease {@code leaseId}: the grantor frees its resource as on expiry, at once (LE.2.2).
     *
     * @throws UnknownLeaseException if the lease is unknown, expired or already cancelled
     * @throws RemoteException on a communication failure
     */
    void cancel(long leaseId) throws UnknownLeaseException, RemoteException;

    /**
     * Renews every lease {@code leaseIds[i]} for {@code durations[i]}, each independently: one failure does not
     * stop the others (LE.2.2 {@code LeaseMap.renewAll}).
     *
     * @return the outcome of each renewal, in the order of the arguments
     * @throws IllegalArgumentException if the arrays differ in length
     * @throws NullPointerException if an array is null
     * @throws RemoteException on a communication failure, in which case no result is known
     */
    RenewResults renewAll(long[] leaseIds, long[] durations) throws RemoteException;

    /**
     * Cancels every lease {@code leaseIds[i]}, each independently (LE.2.2 {@code LeaseMap.cancelAll}).
     *
     * @return an array as long as {@code leaseIds} holding, for each lease, null if it was cancelled or the
     *     exception that prevented it (typically {@code UnknownLeaseException})
     * @throws NullPointerException if the array is null
     * @throws RemoteException on a communication failure, in which case no result is known
     */
    Exception[] cancelAll(long[] leaseIds) throws RemoteException;
}
