package org.estuary.renewal.internal;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicBoolean;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseMap;

/**
 * A client lease whose copies cannot be read while {@link #failReads} is set: a lease whose classes a client lacks,
 * inside one JVM (LR.2, {@code LeaseUnmarshalException}). Renewals only move its own expiration.
 */
final class FlakyLease implements Lease, Serializable {

    private static final long serialVersionUID = 1L;
    private static final AtomicBoolean FAIL_READS = new AtomicBoolean();

    private final long id;
    private long expiration;

    FlakyLease(long id, long expiration) {
        this.id = id;
        this.expiration = expiration;
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
        return expiration;
    }

    @Override
    public void cancel() {
    }

    @Override
    public void renew(long duration) {
        expiration = System.currentTimeMillis() + duration;
    }

    @Override
    public void setSerialFormat(int format) {
    }

    @Override
    public int getSerialFormat() {
        return Lease.DURATION;
    }

    @Override
    public LeaseMap createLeaseMap(long duration) {
        throw new UnsupportedOperationException("does not batch");
    }

    @Override
    public boolean canBatch(Lease lease) {
        return false;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FlakyLease && ((FlakyLease) other).id == id;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }
}
