package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.sql.SQLException;

import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A store failure behind a client's call (S6): indefinite, with the store's remedy in the message, when time or an
 * operator can clear it or the batch may still be durable; definite (a ServerException) when every retry fails the
 * same way.
 */
class StoreFailuresTest {

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    @Test
    void aRetryableFailureIsIndefiniteAndNamesTheRemedy() {
        for (Reason reason : Reason.values()) {
            if (!reason.isRetryable()) {
                continue;
            }
            StoreException failure = new StoreException(reason, "rocksdb store full: no space left on device in "
                    + "/var/estuary; free disk space");
            RemoteException seen = StoreFailures.toClient("event mailbox", failure);
            assertFalse(seen instanceof ServerException, reason + ": the client may retry");
            assertEquals("event mailbox store: rocksdb store full: no space left on device in /var/estuary; free "
                    + "disk space", seen.getMessage().substring(0, seen.getMessage().indexOf("free disk space") + 15));
            assertSame(failure, seen.getCause());
        }
    }

    @Test
    void aFailureThatRecursOnEveryRetryIsAServerException() {
        for (Reason reason : Reason.values()) {
            if (reason.isRetryable()) {
                continue;
            }
            StoreException failure = new StoreException(reason, "batch of 9 MB exceeds max.batch.bytes; raise it");
            RemoteException seen = StoreFailures.toClient("lease renewal service", failure);
            assertTrue(seen instanceof ServerException, reason + ": definite");
            assertTrue(seen.getMessage().startsWith("lease renewal service store refused the change: batch of 9 MB "
                    + "exceeds max.batch.bytes; raise it"), seen.getMessage());
            assertSame(failure, seen.getCause());
        }
    }

    @Test
    void anUnknownOutcomeIsIndefiniteWhateverTheReason() {
        // S3: the batch may still become durable, so the answer cannot be a refusal
        StoreException failure = new StoreException(Reason.TOO_LARGE, "sync failed after the write", null, true);
        assertFalse(StoreFailures.toClient("event mailbox", failure) instanceof ServerException);
    }

    @Test
    void anInterruptIsIndefiniteAndKeepsTheFlag() {
        InterruptedException interrupt = new InterruptedException();
        RemoteException seen = StoreFailures.interrupted("transaction manager", interrupt);
        assertFalse(seen instanceof ServerException);
        assertEquals("interrupted while waiting for the transaction manager store; outcome unknown",
                seen.getMessage().substring(0, seen.getMessage().indexOf("unknown") + 7));
        assertSame(interrupt, seen.getCause());
        assertTrue(Thread.currentThread().isInterrupted(), "the interrupt is not swallowed");
    }

    @Test
    void anotherJvmReceivesTheFailureAsAnIOExceptionItCanReadWithTheReasonAndMessage() throws Exception {
        // S6: what reaches a client is made of classes it has, keeps the message and stays (in)definite
        StoreException full = new StoreException(Reason.FULL, "rocksdb store full: free disk space");
        RemoteException retry = (RemoteException) sent(StoreFailures.toClient("event mailbox", full));
        assertFalse(retry instanceof ServerException, "still indefinite");
        assertEquals(IOException.class, retry.getCause().getClass());
        assertEquals("store failure (FULL): rocksdb store full: free disk space", retry.getCause().getMessage());

        StoreException corrupt = new StoreException(Reason.CORRUPT, "record 7 fails its checksum; restore it",
                new SQLException("the driver's own exception"), false);
        RemoteException refused = (RemoteException) sent(StoreFailures.toClient("event mailbox", corrupt));
        assertTrue(refused instanceof ServerException, "still definite");
        IOException cause = (IOException) refused.getCause();
        assertEquals("store failure (CORRUPT): record 7 fails its checksum; restore it "
                + "[cause: java.sql.SQLException: the driver's own exception]", cause.getMessage());
        assertNull(cause.getCause(), "the store's own exception classes stay here");
        assertEquals(corrupt.getStackTrace().length, cause.getStackTrace().length);

        StoreException unknown = new StoreException(Reason.TOO_LARGE, "sync failed after the write", null, true);
        assertTrue(sent(unknown).getMessage().startsWith("store failure (TOO_LARGE, outcome unknown): "));
    }

    /** {@code thrown} as another JVM reads it: serialized and read back. */
    private static Throwable sent(Throwable thrown) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(thrown);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (Throwable) in.readObject();
        }
    }
}
