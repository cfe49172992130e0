package org.estuary.renewal.proxy;

import java.io.IOException;
import java.rmi.MarshalledObject;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;
import net.jini.lease.RenewalFailureEvent;

import org.estuary.io.Marshalled;

/**
 * LR.2.1 renewal failure event: the client lease as last recorded and the throwable of the last recorded renewal
 * attempt (or null), both kept marshalled and read only when asked; once a getter returns normally it returns
 * that same object ever after.
 */
@org.osgi.annotation.versioning.ProviderType
public final class FailureEvent extends RenewalFailureEvent {

    private static final long serialVersionUID = 1L;

    /** @serial the client lease, marshalled (null only if it could never be marshalled, see {@link #lease}) */
    private final Marshalled<Lease> marshalledLease;
    /** @serial the last renewal failure, marshalled, or null */
    private final Marshalled<Throwable> marshalledThrowable;

    private transient Lease lease;
    private transient Throwable throwable;
    private transient boolean throwableRead;

    /**
     * @param readyLease the lease itself when it exists only as an object (a lease of this service's own that
     *        cannot be marshalled in its JVM); null otherwise
     */
    public FailureEvent(LeaseRenewalSet source, long seqNum, MarshalledObject<?> handback,
            Marshalled<Lease> marshalledLease, Lease readyLease, Marshalled<Throwable> marshalledThrowable) {
        super(source, seqNum, handback);
        this.marshalledLease = marshalledLease;
        this.marshalledThrowable = marshalledThrowable;
        this.lease = readyLease;
    }

    @Override
    public synchronized Lease getLease() throws IOException, ClassNotFoundException {
        if (lease == null && marshalledLease != null) {
            lease = marshalledLease.get(); // LR.2.1: cached once read
        }
        return lease;
    }

    @Override
    public synchronized Throwable getThrowable() throws IOException, ClassNotFoundException {
        if (!throwableRead) {
            throwable = marshalledThrowable == null ? null : marshalledThrowable.get();
            throwableRead = true;
        }
        return throwable;
    }
}
