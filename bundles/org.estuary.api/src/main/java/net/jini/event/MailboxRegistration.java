package net.jini.event;

import java.rmi.RemoteException;

import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A client's registration with an {@link EventMailbox}, through which it manages the lease, obtains the
 * mailbox listener and switches push delivery on and off (EM.4). Not a remote interface; remote methods throw
 * {@link java.rmi.NoSuchObjectException} once the registration has ended.
 */
@ProviderType
public interface MailboxRegistration {

    /**
     * Returns the lease on this registration; makes no remote call (EM.4.1).
     *
     * @return the registration lease
     */
    Lease getLease();

    /**
     * Returns the mailbox listener that stores notifications for this registration, to be handed to event
     * generators; repeated calls return equal objects, and listeners of different registrations are never
     * equal (EM.4.1). Makes no remote call.
     *
     * @return the mailbox listener
     */
    RemoteEventListener getListener();

    /**
     * Starts, or redirects, delivery of stored and future notifications to {@code target}; null has the same
     * effect as {@link #disableDelivery()} (EM.4.1). Clears the registration's unknown-event list.
     *
     * @param target the target listener, or null
     * @throws IllegalArgumentException if {@code target} is a mailbox listener of the same service
     * @throws RemoteException on a communication failure
     */
    void enableDelivery(RemoteEventListener target) throws RemoteException;

    /**
     * Stops delivery to the current target listener, if any (EM.4.1).
     *
     * @throws RemoteException on a communication failure
     */
    void disableDelivery() throws RemoteException;
}
