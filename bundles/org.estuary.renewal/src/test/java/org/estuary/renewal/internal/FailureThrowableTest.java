package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.SocketTimeoutException;
import java.rmi.ConnectException;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;

import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.failure.Failure;
import org.estuary.core.time.ManualClock;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.junit.jupiter.api.Test;

/**
 * LR.2.1: the throwable a renewal failure event carries is one a client reads with the default allowlist, keeps
 * the failure's text and stays indefinite or definite as the failure was.
 */
class FailureThrowableTest {

    private final Marshaller service = Marshallers.builder().build();
    /** What a client reads events with: the default allowlist. */
    private final Marshaller client = Marshallers.builder().build();
    private final Admission admission = new Admission(service, new ManualClock(0), this);

    @Test
    void aFailureWithAClassOutsideTheAllowlistArrivesAsAStandInThatKeepsItsTextAndIsIndefinite() throws Exception {
        // java.net.SocketTimeoutException is not on the default allowlist: the event would not be readable
        RemoteException timedOut = new ConnectException("landlord did not answer",
                new SocketTimeoutException("Read timed out"));
        Throwable read = client.unmarshal(admission.throwable(timedOut));
        assertInstanceOf(RemoteException.class, read);
        assertTrue(read.getMessage().contains("java.rmi.ConnectException: landlord did not answer")
                && read.getMessage().contains("java.net.SocketTimeoutException: Read timed out"), read.getMessage());
        assertSame(Failure.INDEFINITE, Failure.of(read));
    }

    @Test
    void aDefiniteFailureWithAClassOutsideTheAllowlistStaysDefinite() throws Exception {
        // a stream the landlord's answer broke with a class the allowlist refuses: decoding fails the same way again
        UnmarshalException undecodable = new UnmarshalException("error unmarshalling return",
                new IllegalStateException("bad answer", new SocketTimeoutException("late")));
        assertSame(Failure.DEFINITE, Failure.of(undecodable));
        Throwable read = client.unmarshal(admission.throwable(undecodable));
        assertSame(Failure.DEFINITE, Failure.of(read));
        assertTrue(read.getMessage().contains("java.net.SocketTimeoutException: late"), read.getMessage());
    }

    @Test
    void aFailureOfAllowedClassesArrivesAsItself() throws Exception {
        Throwable read = client.unmarshal(admission.throwable(new UnknownLeaseException("gone")));
        assertEquals(UnknownLeaseException.class, read.getClass());
        assertEquals("gone", read.getMessage());
    }
}
