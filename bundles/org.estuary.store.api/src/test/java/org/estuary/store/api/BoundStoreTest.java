package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** S8: how a service switches stores through {@link BoundStore}. */
class BoundStoreTest {

    /** Records the batches it acknowledges, or refuses every batch with {@link #refusal}. */
    private static final class RecordingStore extends EmptyStore {
        final List<Batch> applied = new ArrayList<>();
        volatile StoreException refusal;

        RecordingStore(String type) {
            super(type);
        }

        @Override
        public synchronized CompletionStage<Void> apply(Batch batch) {
            if (refusal != null) {
                return CompletableFuture.failedFuture(refusal);
            }
            applied.add(batch);
            return CompletableFuture.completedFuture(null);
        }

        synchronized List<Batch> applied() {
            return new ArrayList<>(applied);
        }
    }

    private final Object lock = new Object();
    private int snapshots;
    private final BoundStore bound = new BoundStore("test service", lock, () -> {
        snapshots++;
        return Batch.builder().clear("test/a").put("test/a", "k", new byte[] {(byte) snapshots}).build();
    }, 5_000, 60_000);

    @Test
    void s8TheFirstStoreIsAdoptedWithoutACopy() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        assertSame(first, bound.adopt());
        assertSame(first, bound.current());
        assertEquals(0, snapshots, "recovery reads the first store; nothing is copied into it");
        assertTrue(first.applied().isEmpty());
        assertTrue(bound.settled());
    }

    @Test
    void s8ANewStoreGetsTheWholeStateBeforeItTakesWrites() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.adopt();
        RecordingStore second = new RecordingStore("journal");
        bound.bind(second);
        bound.unbind(first);
        synchronized (lock) {
            assertSame(second, bound.current());
        }
        List<Batch> copied = second.applied();
        assertEquals(1, copied.size(), "exactly one copy, whether the bind's thread or current() made it");
        assertEquals(Operation.Kind.CLEAR, copied.get(0).operations().get(0).kind(), "the copy clears first");
        assertTrue(bound.settled());
        assertTrue(first.applied().isEmpty(), "the old store is not written by the switch");
    }

    @Test
    void s8ABindStartsTheCopyWithoutWaitingForAWrite() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.adopt();
        RecordingStore second = new RecordingStore("journal");
        bound.bind(second);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (second.applied().isEmpty() && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(1, second.applied().size(), "the state reached the new store with no write to carry it");
    }

    @Test
    void s8AFailedCopyRefusesWritesUntilAStoreAcceptsIt() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.adopt();
        RecordingStore tooSmall = new RecordingStore("memory");
        tooSmall.refusal = new StoreException(StoreException.Reason.FULL, "memory store full: max.records=1");
        synchronized (lock) {
            bound.bind(tooSmall);
            StoreException refused = assertThrows(StoreException.class, bound::current);
            assertEquals(StoreException.Reason.FULL, refused.reason(), "the copy's reason when retryable");
            assertTrue(refused.getMessage().contains("refuses changes until the copy succeeds"),
                    refused.getMessage());
            assertTrue(refused.getMessage().contains("max.records=1"), refused.getMessage());
            int tried = snapshots;
            assertThrows(StoreException.class, bound::current);
            assertEquals(tried, snapshots, "no second copy into the same store within the retry interval");
            assertFalse(bound.settled());
        }
        RecordingStore roomy = new RecordingStore("journal");
        bound.bind(roomy);
        synchronized (lock) {
            assertSame(roomy, bound.current());
        }
        assertEquals(1, roomy.applied().size());
        assertTrue(bound.settled());
    }

    @Test
    void s8ACopyThatCanNeverFitIsReportedRetryableWithTheStoresReasonAsCause() throws Exception {
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.adopt();
        RecordingStore tiny = new RecordingStore("memory");
        StoreException tooLarge = new StoreException(StoreException.Reason.TOO_LARGE, "batch exceeds max.bytes");
        tiny.refusal = tooLarge;
        synchronized (lock) {
            bound.bind(tiny);
            StoreException refused = assertThrows(StoreException.class, bound::current);
            assertEquals(StoreException.Reason.UNAVAILABLE, refused.reason());
            assertSame(tooLarge, refused.getCause());
        }
    }

    @Test
    void s8WithoutAStoreWritesAreRefusedWithTheRemedy() {
        StoreException none = assertThrows(StoreException.class, bound::current);
        assertEquals(StoreException.Reason.UNAVAILABLE, none.reason());
        assertTrue(none.getMessage().contains("store.target"), none.getMessage());
        RecordingStore first = new RecordingStore("memory");
        bound.bind(first);
        bound.unbind(new RecordingStore("other"));
        assertSame(first, bound.bound(), "unbinding a store that is not bound changes nothing");
    }
}
