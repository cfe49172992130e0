package org.estuary.renewal.proxy;

import java.rmi.MarshalledObject;
import java.rmi.RemoteException;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.io.Marshalled;
import org.estuary.lease.client.Landlord;

/**
 * What the renewal service's proxies call, through an {@code org.estuary.remote.BackendRef}: in the service's JVM
 * the service itself, for a remote client an RMI stub resolved by the service's id. As a {@link Landlord} it also
 * backs the leases on the sets, whose lease ids are the set ids. Every method naming a set throws
 * {@code java.rmi.NoSuchObjectException} when the set is gone (LR.2).
 */
@org.osgi.annotation.versioning.ProviderType
public interface RenewalBackend extends Landlord {

    /** LR.2 {@code createLeaseRenewalSet}: the proxy of a new set, whose lease is granted by the set policy. */
    LeaseRenewalSet createSet(long leaseDuration) throws RemoteException;

    /** LR.2 {@code renewFor} (three-argument form). */
    void renewFor(long setId, Lease lease, long desiredDuration, long renewDuration) throws RemoteException;

    /** LR.2 {@code remove}: a copy of the removed lease as last recorded, or null. */
    Lease remove(long setId, Lease lease) throws RemoteException;

    /** LR.2 {@code getLeases}: each client lease as last recorded, still marshalled; the proxy unmarshals. */
    Marshalled<Lease>[] getLeases(long setId) throws RemoteException;

    /**
     * LR.2.1 {@code setExpirationWarningListener} ({@code eventId} 1) or {@code setRenewalFailureListener}
     * ({@code eventId} 0; {@code minWarning} ignored).
     */
    EventRegistration setListener(long setId, long eventId, RemoteEventListener listener, long minWarning,
            MarshalledObject<?> handback) throws RemoteException;

    /** LR.2.1 {@code clear...Listener}: removes the registration of that kind, if any. */
    void clearListener(long setId, long eventId) throws RemoteException;
}
