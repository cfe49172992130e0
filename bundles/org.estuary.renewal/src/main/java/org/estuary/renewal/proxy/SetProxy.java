package org.estuary.renewal.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.rmi.MarshalledObject;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;
import net.jini.lease.LeaseUnmarshalException;

import org.estuary.io.Marshalled;
import org.estuary.remote.ServiceObjectProxy;

/**
 * The {@link LeaseRenewalSet} a client holds: (service id, set id), the backend and the set's lease. Proxies are
 * equal exactly when they denote the same set of the same service (LR.2); the lease is not part of equality, so
 * the copies in events and registrations equal the client's.
 */
@org.osgi.annotation.versioning.ProviderType
public final class SetProxy extends ServiceObjectProxy<RenewalBackend> implements LeaseRenewalSet {

    private static final long serialVersionUID = 1L;

    /** @serial the lease on the set, as of when this proxy was made */
    private final Lease lease;

    /** Set {@code setId} of renewal service {@code serviceId}, with its lease as of now. */
    public SetProxy(UUID serviceId, long setId, RenewalBackend backend, Lease lease) {
        super(serviceId, setId, backend);
        this.lease = Objects.requireNonNull(lease, "lease");
    }

    /** The set's id, which is also its lease's id. */
    public long setId() {
        return objectId();
    }

    @Override
    public void renewFor(Lease leaseToRenew, long desiredDuration, long renewDuration) throws RemoteException {
        Objects.requireNonNull(leaseToRenew, "leaseToRenew"); // LR.2
        backend().renewFor(objectId(), leaseToRenew, desiredDuration, renewDuration);
    }

    @Override
    public void renewFor(Lease leaseToRenew, long desiredDuration) throws RemoteException {
        renewFor(leaseToRenew, desiredDuration, Lease.FOREVER); // LR.2: the two-argument form
    }

    @Override
    public EventRegistration setExpirationWarningListener(RemoteEventListener listener, long minWarning,
            MarshalledObject handback) throws RemoteException {
        Objects.requireNonNull(listener, "listener"); // LR.2.1
        if (minWarning < 0) {
            throw new IllegalArgumentException("minWarning must be zero or positive: " + minWarning);
        }
        return backend().setListener(objectId(), EXPIRATION_WARNING_EVENT_ID, listener, minWarning, handback);
    }

    @Override
    public void clearExpirationWarningListener() throws RemoteException {
        backend().clearListener(objectId(), EXPIRATION_WARNING_EVENT_ID);
    }

    @Override
    public EventRegistration setRenewalFailureListener(RemoteEventListener listener, MarshalledObject handback)
            throws RemoteException {
        Objects.requireNonNull(listener, "listener"); // LR.2.1
        return backend().setListener(objectId(), RENEWAL_FAILURE_EVENT_ID, listener, 0, handback);
    }

    @Override
    public void clearRenewalFailureListener() throws RemoteException {
        backend().clearListener(objectId(), RENEWAL_FAILURE_EVENT_ID);
    }

    @Override
    public Lease remove(Lease leaseToRemove) throws RemoteException {
        Objects.requireNonNull(leaseToRemove, "leaseToRemove");
        return backend().remove(objectId(), leaseToRemove);
    }

    /**
     * LR.2: the leases that can be unmarshalled here; if any cannot, a {@link LeaseUnmarshalException} carrying
     * them and the rest, each as a {@code MarshalledObject} of the lease itself ({@link Marshalled#toMarshalledObject}:
     * a client that later has the lease's classes gets the lease from it).
     */
    @Override
    public Lease[] getLeases() throws LeaseUnmarshalException, RemoteException {
        Marshalled<Lease>[] held = backend().getLeases(objectId());
        List<Lease> leases = new ArrayList<>(held.length);
        List<MarshalledObject<?>> stillMarshalled = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (Marshalled<Lease> one : held) {
            try {
                leases.add(one.get());
            } catch (IOException | ClassNotFoundException | RuntimeException | LinkageError e) {
                try {
                    stillMarshalled.add(one.toMarshalledObject());
                } catch (IOException cannot) {
                    e.addSuppressed(cannot);
                    stillMarshalled.add(null);
                }
                failures.add(e);
            }
        }
        Lease[] result = leases.toArray(new Lease[0]);
        if (!failures.isEmpty()) {
            throw new LeaseUnmarshalException(failures.size() + " of " + held.length
                    + " client leases could not be unmarshalled", result,
                    stillMarshalled.toArray(new MarshalledObject<?>[0]), failures.toArray(new Throwable[0]));
        }
        return result;
    }

    /** LR.2: no remote call. */
    @Override
    public Lease getRenewalSetLease() {
        return lease;
    }

    /** Shown and typed as "LeaseRenewalSet[service id, set id]" in the shell and the console. */
    @Override
    protected String kind() {
        return "LeaseRenewalSet";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (lease == null) {
            throw new InvalidObjectException("SetProxy without its lease");
        }
    }
}
