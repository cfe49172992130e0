package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.rmi.ServerException;

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
            StoreException failure = new StoreException(reason, "journal store full: no space left on device in "
                    + "/var/estuary; free disk space");
            RemoteException seen = StoreFailures.toClient("event mailbox", failure);
            assertFalse(seen instanceof ServerException, reason + ": the client may retry");
            assertEquals("event mailbox store: journal store full: no space left on device in /var/estuary; free "
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
}
