package org.estuary.core.failure;

import static org.estuary.core.failure.Failure.DEFINITE;
import static org.estuary.core.failure.Failure.INDEFINITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.StreamCorruptedException;
import java.net.SocketTimeoutException;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.rmi.UnknownHostException;
import java.rmi.UnmarshalException;

import net.jini.core.event.UnknownEventException;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.junit.jupiter.api.Test;

/** US.2.6 as ARCHITECTURE.md "Exceptions" states it. */
class FailureTest {

    @Test
    void goneObjectsAndTheCalleesOwnAnswersAreDefinite() {
        assertEquals(DEFINITE, Failure.of(new NoSuchObjectException("gone")));
        assertEquals(DEFINITE, Failure.of(new UnknownLeaseException()));
        assertEquals(DEFINITE, Failure.of(new LeaseDeniedException()));
        assertEquals(DEFINITE, Failure.of(new UnknownEventException()));
        assertEquals(DEFINITE, Failure.of(new IllegalStateException()));
        assertEquals(DEFINITE, Failure.of(new ServerException("callee", new NoSuchObjectException("x"))));
        assertEquals(DEFINITE, Failure.of(new ServerError("callee", new AssertionError())));
    }

    @Test
    void objectsThatCannotBeDecodedAreDefinite() {
        // unmarshalling failures of the object itself (a client lease whose class is gone)
        assertEquals(DEFINITE, Failure.of(new ClassNotFoundException("x.Y")));
        assertEquals(DEFINITE, Failure.of(new IOException("bad stream")));
        assertEquals(DEFINITE, Failure.of(new UnmarshalException("result", new ClassNotFoundException("x.Y"))));
        assertEquals(DEFINITE, Failure.of(new UnmarshalException("result", new InvalidClassException("x.Y"))));
        assertEquals(DEFINITE, Failure.of(new MarshalException("args", new NotSerializableException("x.Y"))));
        assertEquals(DEFINITE, Failure.of(new LinkageError("x")));
    }

    @Test
    void communicationFailuresAreIndefinite() {
        assertEquals(INDEFINITE, Failure.of(new ConnectException("refused")));
        assertEquals(INDEFINITE, Failure.of(new ConnectIOException("reset")));
        assertEquals(INDEFINITE, Failure.of(new UnknownHostException("dns")));
        assertEquals(INDEFINITE, Failure.of(new RemoteException("timeout", new SocketTimeoutException())));
        assertEquals(INDEFINITE, Failure.of(new UnmarshalException("cut", new IOException("eof"))));
        assertEquals(INDEFINITE, Failure.of(new UnmarshalException("cut", new StreamCorruptedException())));
        assertEquals(INDEFINITE, Failure.of(new ServerException("callee's own call", new ConnectException("x"))));
        assertEquals(INDEFINITE, Failure.of(new OutOfMemoryError()));
    }

    @Test
    void nullIsRefused() {
        assertThrows(NullPointerException.class, () -> Failure.of(null));
    }
}
