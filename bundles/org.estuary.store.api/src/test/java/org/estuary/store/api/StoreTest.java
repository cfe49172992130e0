package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;

class StoreTest {

    /** A store whose acknowledgements the test completes by hand. */
    private static final class HandStore extends EmptyStore {
        HandStore() {
            super("hand");
        }

        CompletableFuture<Void> next = new CompletableFuture<>();

        @Override
        public CompletionStage<Void> apply(Batch batch) {
            return next;
        }
    }

    @Test
    void propertyNamesMatchTheArchitecture() {
        // STYLE 6: backends publish store.type, services expose store.target
        assertEquals("store.type", Store.TYPE);
        assertEquals("store", Store.REFERENCE);
        assertEquals("store.target", Store.TARGET);
        assertEquals(Set.of("memory", "rocksdb", "jdbc"),
                Set.of(Store.TYPE_MEMORY, Store.TYPE_ROCKSDB, Store.TYPE_JDBC));
    }

    @Test
    void applyAndWaitTimesOutWithAnUnknownOutcome() {
        // Store S3: no acknowledgement in time means the batch may still become durable
        HandStore store = new HandStore();
        StoreException e = assertThrows(StoreException.class,
                () -> store.applyAndWait(Batch.builder().build(), 1, TimeUnit.MILLISECONDS));
        assertSame(Reason.UNAVAILABLE, e.reason());
        assertTrue(e.outcomeUnknown());
        assertTrue(e.getMessage().startsWith("hand store did not acknowledge"), e.getMessage());
    }

    @Test
    void applyAndWaitRethrowsTheStoreFailure() {
        // Store S6: the failure of the stage comes out as it was
        HandStore store = new HandStore();
        StoreException full = new StoreException(Reason.FULL, "full");
        store.next.completeExceptionally(full);
        assertSame(full, assertThrows(StoreException.class,
                () -> store.applyAndWait(Batch.builder().build(), 1, TimeUnit.SECONDS)));
    }

    @Test
    void applyAndWaitReturnsOnAcknowledgement() throws Exception {
        // Store S3
        HandStore store = new HandStore();
        store.next.complete(null);
        store.applyAndWait(Batch.builder().build(), 0, TimeUnit.SECONDS);
    }
}
