package org.estuary.mailbox.proxy;

import java.rmi.RemoteException;

import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.event.InvalidIteratorException;

import org.estuary.io.Marshalled;
import org.estuary.lease.client.Landlord;

/**
 * What the mailbox's proxies call, through an {@code org.estuary.remote.BackendRef}: in the service's JVM the
 * service itself, for a remote client an RMI stub resolved by the service's id. As a {@link Landlord} it also backs
 * the registration leases, whose lease ids are the registration ids. Every method naming a registration throws
 * {@code java.rmi.NoSuchObjectException} once the registration has ended (EM.4, EM.7).
 */
@org.osgi.annotation.versioning.ProviderType
public interface MailboxBackend extends Landlord {

    /** EM.3 {@code register} and EM.6 {@code pullRegister}: a new registration under the lease policy. */
    RegistrationProxy register(long leaseDuration) throws RemoteException, LeaseDeniedException;

    /**
     * The mailbox listener's {@code notify} (EM.4.1): stores the event, durable before it returns.
     *
     * @throws UnknownEventException if the registration's unknown-event list holds the event's (id, source)
     * @throws RemoteException indefinite when the registration or the mailbox is full (the message names the limit)
     */
    void store(long registrationId, EventEnvelope event) throws RemoteException, UnknownEventException;

    /** EM.4.1 {@code enableDelivery}; null disables. */
    void enableDelivery(long registrationId, RemoteEventListener target) throws RemoteException;

    /** EM.4.1 {@code disableDelivery}. */
    void disableDelivery(long registrationId) throws RemoteException;

    /** EM.7.1 {@code getRemoteEvents}: the id of the registration's new, only valid iterator. */
    long newIterator(long registrationId) throws RemoteException;

    /**
     * The pull iterator's transfer (EM.7.1): removes the events up to {@code receivedUpTo} (those the iterator has
     * received), then returns the stored events after it, in arrival order, at most one batch; waits up to
     * {@code waitMillis} for one when none is stored. With {@code joined} the batch's events are one stream that
     * shares their class descriptors ({@code MarshalledBatch.join}), else each is its own stream (for an iterator
     * whose previous joined batch broke at an event it could not read).
     *
     * @throws InvalidIteratorException if {@code iteratorId} is not the registration's valid iterator
     */
    EventBatch fetch(long registrationId, long iteratorId, long receivedUpTo, long waitMillis, boolean joined)
            throws RemoteException, InvalidIteratorException;

    /**
     * Closes the iterator (EM.7.1), removing the events up to {@code receivedUpTo}.
     *
     * @throws InvalidIteratorException if {@code iteratorId} is not the registration's valid iterator
     */
    void closeIterator(long registrationId, long iteratorId, long receivedUpTo)
            throws RemoteException, InvalidIteratorException;

    /**
     * EM.7.1 {@code addUnknownEvents}: the (event id, source) pairs, each source in the form the service compares
     * ({@link EventEnvelope#sourceForm}).
     */
    void addUnknownEvents(long registrationId, long[] eventIds, Marshalled<Object>[] sources) throws RemoteException;
}
