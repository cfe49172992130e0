package net.jini.event;

import java.rmi.RemoteException;

import net.jini.core.lease.LeaseDeniedException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An event mailbox whose registrations also let clients pull stored events (EM.5). Not a remote interface.
 */
@ProviderType
public interface PullEventMailbox extends EventMailbox {

    /**
     * Creates a new registration supporting pull delivery, persistent until its lease ends (EM.6).
     *
     * @param leaseDuration requested initial lease duration in milliseconds: positive or
     *        {@link net.jini.core.lease.Lease#ANY}
     * @return the new registration
     * @throws IllegalArgumentException if {@code leaseDuration} is neither positive nor {@code Lease.ANY}
     * @throws LeaseDeniedException if the service will not grant the registration
     * @throws RemoteException on a communication failure; the registration may or may not exist
     */
    MailboxPullRegistration pullRegister(long leaseDuration) throws RemoteException, LeaseDeniedException;
}
