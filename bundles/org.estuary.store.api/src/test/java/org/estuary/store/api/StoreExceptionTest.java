package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.EnumSet;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;

class StoreExceptionTest {

    @Test
    void onlyCorruptionAndOversizedBatchesAreFinal() {
        // Store S6: a service maps retryable reasons to indefinite failures, the others to definite ones
        EnumSet<Reason> finalReasons = EnumSet.noneOf(Reason.class);
        for (Reason reason : Reason.values()) {
            if (!reason.isRetryable()) {
                finalReasons.add(reason);
            }
        }
        assertEquals(EnumSet.of(Reason.CORRUPT, Reason.TOO_LARGE), finalReasons);
    }

    @Test
    void carriesReasonMessageCauseAndOutcome() {
        // Store S6: reason and message for the operator, outcome for the service
        StoreException plain = new StoreException(Reason.FULL, "memory store full");
        assertSame(Reason.FULL, plain.reason());
        assertEquals("memory store full", plain.getMessage());
        assertFalse(plain.outcomeUnknown());
        IOException io = new IOException("fsync failed");
        StoreException unknown = new StoreException(Reason.UNAVAILABLE, "sync failed", io, true);
        assertSame(io, unknown.getCause());
        assertTrue(unknown.outcomeUnknown());
        assertThrows(NullPointerException.class, () -> new StoreException(null, "m"));
        assertThrows(NullPointerException.class, () -> new StoreException(Reason.FULL, null));
    }

    @Test
    void fromUnwrapsWhatFuturesWrap() {
        // Store S3: failures arrive through the stage, wrapped by CompletableFuture.join/get
        StoreException closed = new StoreException(Reason.CLOSED, "closed");
        assertSame(closed, StoreException.from(closed));
        assertSame(closed, StoreException.from(new CompletionException(closed)));
        assertSame(closed, StoreException.from(new ExecutionException(new CompletionException(closed))));
        IllegalStateException bug = new IllegalStateException("backend bug");
        StoreException wrapped = StoreException.from(new CompletionException(bug));
        assertSame(Reason.UNAVAILABLE, wrapped.reason());
        assertTrue(wrapped.outcomeUnknown());
        assertSame(bug, wrapped.getCause());
        assertTrue(wrapped.getMessage().contains("backend bug"));
        StoreException bare = StoreException.from(new CompletionException(null));
        assertSame(Reason.UNAVAILABLE, bare.reason());
        assertThrows(NullPointerException.class, () -> StoreException.from(null));
    }
}
