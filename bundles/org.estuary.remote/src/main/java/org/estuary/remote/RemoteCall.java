package org.estuary.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * One call on a backend, as {@link BackendRef#call(RemoteCall)} runs it (a lambda: {@code b -> b.renew(id, d)}).
 *
 * @param <B> the backend interface
 * @param <T> what the call returns
 * @param <X> the checked exception the call may throw besides {@link RemoteException} (inferred; a lambda that
 *     throws none gets {@code RuntimeException})
 */
@ConsumerType
@FunctionalInterface
public interface RemoteCall<B extends Remote, T, X extends Exception> {

    /** Calls the backend. */
    T call(B backend) throws RemoteException, X;
}
