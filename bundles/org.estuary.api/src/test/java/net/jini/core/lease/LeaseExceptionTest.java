package net.jini.core.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class LeaseExceptionTest {

    // LE.2.2: LeaseException is a checked exception with the usual two constructors.
    @Test
    void leaseException() {
        assertInstanceOf(Exception.class, new LeaseException());
        assertNull(new LeaseException().getMessage());
        assertEquals("why", new LeaseException("why").getMessage());
    }

    // LE.2.2: UnknownLeaseException extends LeaseException and keeps the reason.
    @Test
    void unknownLeaseException() {
        assertInstanceOf(LeaseException.class, new UnknownLeaseException());
        assertNull(new UnknownLeaseException().getMessage());
        assertEquals("gone", new UnknownLeaseException("gone").getMessage());
    }

    // LE.2.2: LeaseDeniedException extends LeaseException and keeps the reason.
    @Test
    void leaseDeniedException() {
        assertInstanceOf(LeaseException.class, new LeaseDeniedException());
        assertNull(new LeaseDeniedException().getMessage());
        assertEquals("no", new LeaseDeniedException("no").getMessage());
    }
}
