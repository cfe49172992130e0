package net.jini.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.rmi.MarshalledObject;

import net.jini.core.event.RemoteEvent;
import net.jini.core.lease.Lease;

import org.junit.jupiter.api.Test;

class LeaseRenewalEventsTest {

    /** A minimal concrete renewal failure event, as a service implementation would provide. */
    static final class TestFailure extends RenewalFailureEvent {
        private static final long serialVersionUID = 1L;
        private final Lease lease;
        private final Throwable throwable;

        TestFailure(LeaseRenewalSet source, long seqNum, MarshalledObject<?> handback, Lease lease, Throwable t) {
            super(source, seqNum, handback);
            this.lease = lease;
            this.throwable = t;
        }

        @Override public Lease getLease() { return lease; }
        @Override public Throwable getThrowable() { return throwable; }
    }

    // LR.2.1: an expiration warning event has the set as source and EXPIRATION_WARNING_EVENT_ID as identifier.
    @Test
    void expirationWarningState() throws IOException {
        Lease setLease = new TestSets.TestLease(99);
        LeaseRenewalSet set = new TestSets.TestSet(setLease);
        MarshalledObject<String> hb = new MarshalledObject<>("hb");
        ExpirationWarningEvent e = new ExpirationWarningEvent(set, 4L, hb);
        assertInstanceOf(RemoteEvent.class, e);
        assertSame(set, e.getSource());
        assertEquals(LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID, e.getID());
        assertEquals(4L, e.getSequenceNumber());
        assertSame(hb, e.getRegistrationObject());
    }

    // LR.2.1: getRenewalSetLease is the source set's getRenewalSetLease.
    @Test
    void expirationWarningLeaseComesFromSet() {
        Lease setLease = new TestSets.TestLease(99);
        ExpirationWarningEvent e = new ExpirationWarningEvent(new TestSets.TestSet(setLease), 1L, null);
        assertSame(setLease, e.getRenewalSetLease());
    }

    // LR.2.1 / EV.2.3.2: the source is required.
    @Test
    void nullSourceRejected() {
        assertThrows(IllegalArgumentException.class, () -> new ExpirationWarningEvent(null, 1L, null));
        assertThrows(IllegalArgumentException.class, () -> new TestFailure(null, 1L, null, null, null));
    }

    // LR.2.2: ExpirationWarningEvent adds no serialized state; the set, and so its lease, travel as source.
    @Test
    void expirationWarningSerialForm() throws Exception {
        ExpirationWarningEvent copy = (ExpirationWarningEvent) TestSets.roundTrip(
                new ExpirationWarningEvent(new TestSets.TestSet(new TestSets.TestLease(42)), 8L, null));
        assertEquals(LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID, copy.getID());
        assertEquals(8L, copy.getSequenceNumber());
        assertNull(copy.getRegistrationObject());
        assertEquals(new TestSets.TestLease(42), copy.getRenewalSetLease());
    }

    // LR.2.1: a renewal failure event has the set as source and RENEWAL_FAILURE_EVENT_ID as identifier.
    @Test
    void renewalFailureState() throws Exception {
        LeaseRenewalSet set = new TestSets.TestSet(new TestSets.TestLease(1));
        Lease client = new TestSets.TestLease(2);
        Throwable why = new Exception("why");
        RenewalFailureEvent e = new TestFailure(set, 6L, null, client, why);
        assertSame(set, e.getSource());
        assertEquals(LeaseRenewalSet.RENEWAL_FAILURE_EVENT_ID, e.getID());
        assertEquals(6L, e.getSequenceNumber());
        assertSame(client, e.getLease());
        assertSame(why, e.getThrowable());
    }

    // LR.2.1: the accessors may defer unmarshalling, so they declare IOException and ClassNotFoundException.
    @Test
    void renewalFailureAccessorsDeclareUnmarshallingExceptions() throws Exception {
        for (String name : new String[] {"getLease", "getThrowable"}) {
            Class<?>[] declared = RenewalFailureEvent.class.getMethod(name).getExceptionTypes();
            assertEquals(java.util.Set.of(IOException.class, ClassNotFoundException.class),
                    java.util.Set.of(declared), name);
        }
    }
}
