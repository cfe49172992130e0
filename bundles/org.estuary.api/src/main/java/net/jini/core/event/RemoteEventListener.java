package net.jini.core.event;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.EventListener;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Implemented by any object that receives remote event notifications; it need not be the object that
 * registered interest (EV.2.3.1).
 */
@ConsumerType
public interface RemoteEventListener extends Remote, EventListener {

    /**
     * Delivers one notification. Recipients should note the event and return quickly (EV.2.3.2).
     *
     * @param theEvent the event that occurred
     * @throws UnknownEventException if the recipient has no interest in this kind of event from this source;
     *         the sender may then cancel the registration
     * @throws RemoteException on a communication failure
     */
    void notify(RemoteEvent theEvent) throws UnknownEventException, RemoteException;
}
