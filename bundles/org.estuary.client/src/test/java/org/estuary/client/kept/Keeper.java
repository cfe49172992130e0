package org.estuary.client.kept;

import java.rmi.Remote;
import java.rmi.RemoteException;

import net.jini.core.event.RemoteEventListener;

import org.estuary.io.Marshalled;

/** A service that only keeps a client's objects and hands them back, as the renewal service keeps leases. */
public interface Keeper extends Remote {

    /** What it keeps, as {@code getLeases} hands leases back. */
    Marshalled<?>[] held() throws RemoteException;

    /** Sends what it keeps to a listener in an event, as a renewal failure event carries a lease. */
    void send(RemoteEventListener listener) throws RemoteException;
}
