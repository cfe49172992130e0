package org.estuary.lease.client;

import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;


/** A serializable stand-in for an RMI stub: it finds its landlord by name, as a stub finds its remote object. */
final class SerializableLandlord implements Landlord, Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, Landlord> REGISTRY = new ConcurrentHashMap<>();

    private final String name;

    SerializableLandlord(String name, Landlord target) {
        this.name = name;
        REGISTRY.put(name, target);
    }

    private Landlord target() throws RemoteException {
        Landlord target = REGISTRY.get(name);
        if (target == null) {
            throw new java.rmi.NoSuchObjectException(name);
        }
        return target;
    }

    @Override
    public long renew(long leaseId, long duration)
            throws LeaseDeniedException, UnknownLeaseException, RemoteException {
        return target().renew(leaseId, duration);
    }

    @Override
    public void cancel(long leaseId) throws UnknownLeaseException, RemoteException {
        target().cancel(leaseId);
    }

    @Override
    public RenewResults renewAll(long[] leaseIds, long[] durations) throws RemoteException {
        return target().renewAll(leaseIds, durations);
    }

    @Override
    public Exception[] cancelAll(long[] leaseIds) throws RemoteException {
        return target().cancelAll(leaseIds);
    }
}
