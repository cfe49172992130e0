package net.jini.event;

import java.rmi.RemoteException;
import java.util.Collection;

import net.jini.core.event.RemoteEvent;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A mailbox registration from which the client can also pull stored events through an iterator (EM.7). Not a
 * remote interface.
 */
@ProviderType
public interface MailboxPullRegistration extends MailboxRegistration {

    /**
     * Returns a new iterator over the registration's events (EM.7.1). It invalidates every earlier iterator of
     * this registration, disables push delivery and clears the unknown-event list.
     *
     * @return the new iterator
     * @throws RemoteException on a communication failure
     */
    RemoteEventIterator getRemoteEvents() throws RemoteException;

    /**
     * Adds the identifier and source of each given event to the registration's unknown-event list, so that
     * generators of such events receive {@link net.jini.core.event.UnknownEventException} and stored ones are
     * skipped (EM.7.1). Changing the collection during the call has undefined effects.
     *
     * @param unknownEvents the events the client does not want
     * @throws RemoteException on a communication failure
     */
    void addUnknownEvents(Collection<? extends RemoteEvent> unknownEvents) throws RemoteException;
}
