package org.estuary.renewal.internal;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.concurrent.atomic.AtomicBoolean;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.LeaseMap;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.lease.client.LandlordLease;

/**
 * A client lease of a class other than Estuary's: it delegates to a {@link LandlordLease}, whose serial data its
 * own form ends with ({@link RecordedForm} must not take it for one). While {@link #failReads} is set its copies
 * cannot be read: a lease whose classes a client lacks, inside one JVM (LR.2, {@code LeaseUnmarshalException}).
 */
final class OtherLease implements Lease, Serializable {

    private static final long serialVersionUID = 1L;
    private static final AtomicBoolean FAIL_READS = new AtomicBoolean();

    private final LandlordLease inner;

    OtherLease(LandlordLease inner) {
        this.inner = inner;
    }

    static void failReads(boolean fail) {
        FAIL_READS.set(fail);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        if (FAIL_READS.get()) {
            throw new InvalidObjectException("this lease cannot be read here (test)");
        }
        in.defaultReadObject();
    }

    @Override
    public long getExpiration() {
        return inner.getExpiration();
    }

    @Override
    public void cancel() throws UnknownLeaseException, RemoteException {
        inner.cancel();
    }

    @Override
    public void renew(long duration) throws LeaseDeniedException, UnknownLeaseException, RemoteException {
        inner.renew(duration);
    }

    @Override
    public void setSerialFormat(int format) {
        inner.setSerialFormat(format);
    }

    @Override
    public int getSerialFormat() {
        return inner.getSerialFormat();
    }

    @Override
    public LeaseMap createLeaseMap(long duration) {
        throw new UnsupportedOperationException("batches with no other lease");
    }

    @Override
    public boolean canBatch(Lease lease) {
        return false;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OtherLease && ((OtherLease) other).inner.equals(inner);
    }

    @Override
    public int hashCode() {
        return inner.hashCode() + 1;
    }
}
