package net.jini.lease;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.rmi.MarshalledObject;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseMap;

/** Serializable stand-ins for a lease and a renewal set, shared by the tests of this package. */
final class TestSets {

    private TestSets() {
    }

    static final class TestLease implements Lease, Serializable {
        private static final long serialVersionUID = 1L;
        final long expiration;

        TestLease(long expiration) {
            this.expiration = expiration;
        }

        @Override public long getExpiration() { return expiration; }
        @Override public void cancel() { }
        @Override public void renew(long duration) { }
        @Override public void setSerialFormat(int format) { }
        @Override public int getSerialFormat() { return DURATION; }
        @Override public LeaseMap createLeaseMap(long duration) { return null; }
        @Override public boolean canBatch(Lease lease) { return false; }
        @Override public boolean equals(Object o) { return o instanceof TestLease t && t.expiration == expiration; }
        @Override public int hashCode() { return Long.hashCode(expiration); }
    }

    static final class TestSet implements LeaseRenewalSet, Serializable {
        private static final long serialVersionUID = 1L;
        final Lease lease;

        TestSet(Lease lease) {
            this.lease = lease;
        }

        @Override public void renewFor(Lease l, long d, long r) { }
        @Override public void renewFor(Lease l, long d) { }
        @Override public Lease remove(Lease l) { return null; }
        @Override public Lease[] getLeases() { return new Lease[0]; }
        @Override public EventRegistration setExpirationWarningListener(RemoteEventListener l, long w,
                MarshalledObject<?> h) { return null; }
        @Override public void clearExpirationWarningListener() { }
        @Override public EventRegistration setRenewalFailureListener(RemoteEventListener l,
                MarshalledObject<?> h) { return null; }
        @Override public void clearRenewalFailureListener() { }
        @Override public Lease getRenewalSetLease() { return lease; }
    }

    static Object roundTrip(Object o) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
