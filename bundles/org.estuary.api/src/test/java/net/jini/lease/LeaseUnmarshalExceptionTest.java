package net.jini.lease;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.rmi.MarshalledObject;

import net.jini.core.lease.Lease;

import org.junit.jupiter.api.Test;

class LeaseUnmarshalExceptionTest {

    private static MarshalledObject<?>[] marshalled() throws IOException {
        return new MarshalledObject<?>[] {new MarshalledObject<>(new TestSets.TestLease(5))};
    }

    // LR.2: the accessors return the arrays given (same array each time, not a copy).
    @Test
    void accessorsReturnGivenArrays() throws IOException {
        Lease[] leases = {new TestSets.TestLease(1)};
        MarshalledObject<?>[] mos = marshalled();
        Throwable[] ts = {new ClassNotFoundException("x")};
        LeaseUnmarshalException e = new LeaseUnmarshalException(leases, mos, ts);
        assertSame(leases, e.getLeases());
        assertSame(mos, e.getMarshalledLeases());
        assertSame(ts, e.getExceptions());
        assertSame(e.getLeases(), e.getLeases());
        assertNull(e.getMessage());
        assertInstanceOf(Exception.class, e);
    }

    // LR.2: both message-carrying constructors keep the message and the arrays.
    @Test
    void messageConstructors() throws IOException {
        MarshalledObject<?>[] mos = marshalled();
        Throwable[] ts = {new IOException()};
        LeaseUnmarshalException a = new LeaseUnmarshalException("published order", new Lease[0], mos, ts);
        assertEquals("published order", a.getMessage());
        assertSame(mos, a.getMarshalledLeases());
        LeaseUnmarshalException b = new LeaseUnmarshalException(new Lease[0], mos, ts, "spec order");
        assertEquals("spec order", b.getMessage());
        assertSame(ts, b.getExceptions());
    }

    // LR.2: if no lease could be deserialized, getLeases returns a zero-length array.
    @Test
    void nullLeasesGiveEmptyArray() throws IOException {
        LeaseUnmarshalException e = new LeaseUnmarshalException(null, marshalled(), new Throwable[1]);
        assertNotNull(e.getLeases());
        assertEquals(0, e.getLeases().length);
    }

    // LR.2: the marshalled leases and their exceptions are required.
    @Test
    void nullArraysRejected() throws IOException {
        MarshalledObject<?>[] mos = marshalled();
        assertThrows(NullPointerException.class, () -> new LeaseUnmarshalException(new Lease[0], null, new Throwable[1]));
        assertThrows(NullPointerException.class, () -> new LeaseUnmarshalException(new Lease[0], mos, null));
        assertThrows(NullPointerException.class, () -> new LeaseUnmarshalException("m", new Lease[0], mos, null));
        assertThrows(NullPointerException.class, () -> new LeaseUnmarshalException(new Lease[0], null, null, "m"));
    }

    // LR.2: each marshalled lease has its corresponding exception, so the lengths must match.
    @Test
    void lengthMismatchRejected() throws IOException {
        MarshalledObject<?>[] mos = marshalled();
        assertThrows(IllegalArgumentException.class, () -> new LeaseUnmarshalException(null, mos, new Throwable[0]));
        assertThrows(IllegalArgumentException.class,
                () -> new LeaseUnmarshalException("m", null, mos, new Throwable[2]));
        assertThrows(IllegalArgumentException.class,
                () -> new LeaseUnmarshalException(null, mos, new Throwable[2], "m"));
    }

    // LR.2.2: unmarshalledLeases, stillMarshalledLeases and exceptions are serialized.
    @Test
    void serialForm() throws Exception {
        Lease[] leases = {new TestSets.TestLease(1)};
        MarshalledObject<?>[] mos = marshalled();
        Throwable[] ts = {new ClassNotFoundException("cnf")};
        LeaseUnmarshalException copy = (LeaseUnmarshalException) TestSets.roundTrip(
                new LeaseUnmarshalException("msg", leases, mos, ts));
        assertEquals("msg", copy.getMessage());
        assertArrayEquals(leases, copy.getLeases());
        assertArrayEquals(mos, copy.getMarshalledLeases());
        assertEquals(1, copy.getExceptions().length);
        assertInstanceOf(ClassNotFoundException.class, copy.getExceptions()[0]);
        assertEquals(new TestSets.TestLease(5), copy.getMarshalledLeases()[0].get());
    }
}
