package org.estuary.bench.rpc;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The backend both sides call: a 1 KB echo. */
public interface RpcEcho extends Remote {
    byte[] echo(byte[] data) throws RemoteException;
}
