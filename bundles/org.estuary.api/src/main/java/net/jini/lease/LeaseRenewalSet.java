package net.jini.lease;

import java.rmi.MarshalledObject;
import java.rmi.RemoteException;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A set of client leases that a {@link LeaseRenewalService} keeps renewed until each lease's desired
 * expiration, for as long as the set's own lease lasts (LR.2). Not a remote interface; methods that reach the
 * server throw {@link java.rmi.NoSuchObjectException} once the set no longer exists.
 */
@ProviderType
public interface LeaseRenewalSet {

    /** LR.2.1: event identifier of every {@link RenewalFailureEvent}. */
    long RENEWAL_FAILURE_EVENT_ID = 0;

    /** LR.2.1: event identifier of every {@link ExpirationWarningEvent}. */
    long EXPIRATION_WARNING_EVENT_ID = 1;

    /**
     * Adds a client lease to the set, or updates the durations of an equivalent lease already in it (LR.2).
     *
     * @param leaseToRenew the client lease
     * @param desiredDuration how long, in milliseconds, the lease should stay in the set; overflow saturates to
     *        {@code Long.MAX_VALUE} and a negative value drops the lease at once
     * @param renewDuration the duration asked for on each renewal: positive, or also
     *        {@link Lease#ANY} when {@code desiredDuration} is {@code Long.MAX_VALUE}
     * @throws NullPointerException if {@code leaseToRenew} is null
     * @throws IllegalArgumentException if the lease is an unexpired lease of this service, belongs to another
     *         set of this service, or {@code renewDuration} is not allowed
     * @throws RemoteException on a communication failure
     */
    void renewFor(Lease leaseToRenew, long desiredDuration, long renewDuration) throws RemoteException;

    /**
     * Same as {@code renewFor(leaseToRenew, desiredDuration, Lease.FOREVER)} (LR.2).
     *
     * @param leaseToRenew the client lease
     * @param desiredDuration how long, in milliseconds, the lease should stay in the set
     * @throws NullPointerException if {@code leaseToRenew} is null
     * @throws IllegalArgumentException as for the three-argument form
     * @throws RemoteException on a communication failure
     */
    void renewFor(Lease leaseToRenew, long desiredDuration) throws RemoteException;

    /**
     * Removes a client lease from the set without cancelling it (LR.2).
     *
     * @param leaseToRemove the lease to remove
     * @return the removed lease, or null if it was not in the set
     * @throws RemoteException on a communication failure
     */
    Lease remove(Lease leaseToRemove) throws RemoteException;

    /**
     * Returns the client leases currently in the set (LR.2).
     *
     * @return the leases in the set
     * @throws LeaseUnmarshalException if some leases could not be unmarshalled
     * @throws RemoteException on a communication failure
     */
    Lease[] getLeases() throws LeaseUnmarshalException, RemoteException;

    /**
     * Registers the single listener warned before the set's own lease expires, replacing any previous one
     * (LR.2.1). The registration is covered by the set's lease.
     *
     * @param listener the listener to notify
     * @param minWarning minimum milliseconds before the set's expiration at which to send the event; zero or
     *        positive
     * @param handback object returned in each event, or null
     * @return the registration, with event identifier {@link #EXPIRATION_WARNING_EVENT_ID} and the set as
     *         source
     * @throws NullPointerException if {@code listener} is null
     * @throws IllegalArgumentException if {@code minWarning} is negative
     * @throws RemoteException on a communication failure
     */
    EventRegistration setExpirationWarningListener(RemoteEventListener listener, long minWarning,
            MarshalledObject<?> handback) throws RemoteException;

    /**
     * Removes the expiration warning registration, if any (LR.2.1).
     *
     * @throws RemoteException on a communication failure
     */
    void clearExpirationWarningListener() throws RemoteException;

    /**
     * Registers the single listener told when a client lease could not be renewed, replacing any previous one
     * (LR.2.1). The registration is covered by the set's lease.
     *
     * @param listener the listener to notify
     * @param handback object returned in each event, or null
     * @return the registration, with event identifier {@link #RENEWAL_FAILURE_EVENT_ID} and the set as source
     * @throws NullPointerException if {@code listener} is null
     * @throws RemoteException on a communication failure
     */
    EventRegistration setRenewalFailureListener(RemoteEventListener listener, MarshalledObject<?> handback)
            throws RemoteException;

    /**
     * Removes the renewal failure registration, if any (LR.2.1).
     *
     * @throws RemoteException on a communication failure
     */
    void clearRenewalFailureListener() throws RemoteException;

    /**
     * Returns the lease on this set; makes no remote call (LR.2).
     *
     * @return the set's lease
     */
    Lease getRenewalSetLease();
}
