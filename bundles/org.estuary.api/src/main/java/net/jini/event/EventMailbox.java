package net.jini.event;

import java.rmi.RemoteException;

import net.jini.core.lease.LeaseDeniedException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The event mailbox service (EM.2). Not a remote interface: implementations hand out proxies; two proxies are
 * equal when they stand for the same service.
 */
@ProviderType
public interface EventMailbox {

    /**
     * Creates a new registration, persistent until its lease ends (EM.3).
     *
     * @param leaseDuration requested initial lease duration in milliseconds: positive or
     *        {@link net.jini.core.lease.Lease#ANY}
     * @return the new registration
     * @throws IllegalArgumentException if {@code leaseDuration} is neither positive nor {@code Lease.ANY}
     * @throws LeaseDeniedException if the service will not grant the registration
     * @throws RemoteException on a communication failure; the registration may or may not exist
     */
    MailboxRegistration register(long leaseDuration) throws RemoteException, LeaseDeniedException;
}
