package net.jini.event;

import java.rmi.RemoteException;

import net.jini.core.event.RemoteEvent;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Pulls the events stored by a {@link MailboxPullRegistration} (EM.7.1). An event returned once is never
 * returned again by the same iterator. Not a remote interface.
 */
@ProviderType
public interface RemoteEventIterator {

    /**
     * Returns the next stored event, waiting up to {@code timeout} milliseconds for one (EM.7.1).
     *
     * @param timeout the maximum wait in milliseconds; not negative
     * @return the next event, or null if none became available
     * @throws IllegalArgumentException if {@code timeout} is negative
     * @throws InvalidIteratorException if the iterator was closed or replaced, or delivery was enabled; once
     *         thrown, every later call throws it too
     * @throws RemoteException on a communication failure
     */
    RemoteEvent next(long timeout) throws RemoteException, InvalidIteratorException;

    /**
     * Ends the iterator's processing and invalidates it (EM.7.1).
     *
     * @throws InvalidIteratorException if the iterator was already invalid
     */
    void close() throws InvalidIteratorException;
}
