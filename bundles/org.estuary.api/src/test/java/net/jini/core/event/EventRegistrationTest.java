package net.jini.core.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.Serializable;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseMap;

import org.junit.jupiter.api.Test;

class EventRegistrationTest {

    /** Minimal serializable lease. */
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
    }

    // EV.2.3.5: the accessors return the identifier, source, lease and sequence number given.
    @Test
    void accessors() {
        Object source = new Object();
        Lease lease = new TestLease(5);
        EventRegistration r = new EventRegistration(11L, source, lease, 22L);
        assertEquals(11L, r.getID());
        assertSame(source, r.getSource());
        assertSame(lease, r.getLease());
        assertEquals(22L, r.getSequenceNumber());
    }

    // EV.2.3.5: no argument constraints are specified, so null source and lease are kept as given.
    @Test
    void nullsAllowed() {
        EventRegistration r = new EventRegistration(1, null, null, 0);
        assertNull(r.getSource());
        assertNull(r.getLease());
    }

    // EV.2.5: source, eventID, lease and seqNum are serialized.
    @Test
    void serialForm() throws Exception {
        EventRegistration copy = (EventRegistration) RemoteEventTest.roundTrip(
                new EventRegistration(11L, "gen", new TestLease(123L), 22L));
        assertEquals(11L, copy.getID());
        assertEquals("gen", copy.getSource());
        assertInstanceOf(TestLease.class, copy.getLease());
        assertEquals(123L, copy.getLease().getExpiration());
        assertEquals(22L, copy.getSequenceNumber());
    }
}
