package org.estuary.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.memory.testing.MemoryStores;
import org.junit.jupiter.api.Test;

/** EV.2.3.2 over a store: sequence numbers never repeat or decrease across a restart of the service. */
class StoredHighWaterMarkTest {

    private final Store store = MemoryStores.open();
    private boolean refuse;

    private StoredHighWaterMark marks() {
        return new StoredHighWaterMark("test/sequence", kind -> kind.source() + "." + kind.eventId(), batch -> {
            if (refuse) {
                throw new IOException("store refused the batch");
            }
            try {
                store.applyAndWait(batch, 10, TimeUnit.SECONDS);
            } catch (StoreException | InterruptedException e) {
                throw new IOException(e);
            }
        });
    }

    @Test
    void ev232NumbersContinueAboveEveryNumberHandedOutBeforeARestart() throws Exception {
        EventKind kind = EventKind.of("source-a", 7);
        StoredHighWaterMark first = marks();
        first.recover(store, (key, value) -> { });
        SequenceNumbers numbers = new SequenceNumbers(first, 10, 100);
        long last = 0;
        for (int i = 0; i < 25; i++) {
            long next = numbers.next(kind);
            assertTrue(next > last, "increasing");
            last = next;
        }

        StoredHighWaterMark second = marks(); // the service restarted on the same store
        second.recover(store, (key, value) -> { });
        long after = new SequenceNumbers(second, 10, 100).next(kind);
        assertTrue(after > last, "EV.2.3.2: " + after + " after " + last + " before the restart");
        assertTrue(after - last <= 10, "a restart skips at most one block");
    }

    @Test
    void ev232ANumberIsNotHandedOutBeyondAMarkThatWasNotRecorded() throws Exception {
        StoredHighWaterMark marks = marks();
        SequenceNumbers numbers = new SequenceNumbers(marks, 2, 100);
        EventKind kind = EventKind.of("source-b", 1);
        numbers.next(kind);
        numbers.next(kind);
        refuse = true; // the next block cannot be reserved
        assertThrows(IOException.class, () -> numbers.next(kind));
        refuse = false;
        StoredHighWaterMark restarted = marks();
        restarted.recover(store, (key, value) -> { });
        assertEquals(2, restarted.load(kind).getAsLong(), "the recorded mark, not the refused one");
    }

    @Test
    void aRecordThatDoesNotParseIsReportedNotSkippedSilently() throws Exception {
        store.applyAndWait(Batch.builder().put("test/sequence", "broken.1", new byte[] {9, 9}).build(), 10,
                TimeUnit.SECONDS);
        Map<String, byte[]> unreadable = new HashMap<>();
        StoredHighWaterMark marks = marks();
        marks.recover(store, unreadable::put);
        assertEquals(1, unreadable.size());
        assertTrue(marks.load(EventKind.of("broken", 1)).isEmpty());
        Batch.Builder snapshot = Batch.builder();
        marks.snapshotInto(snapshot);
        assertEquals(0, snapshot.size(), "only readable marks are copied by the mark itself");
    }

    @Test
    void s8AReservationAheadStillInFlightGoesIntoACopyAndAForgottenOneIsNotRevived() throws Exception {
        java.util.List<Runnable> inFlight = new java.util.ArrayList<>();
        StoredHighWaterMark marks = new StoredHighWaterMark("test/sequence", kind -> kind.source() + "."
                + kind.eventId(), batch -> {
                    try {
                        store.applyAndWait(batch, 10, TimeUnit.SECONDS);
                    } catch (StoreException | InterruptedException e) {
                        throw new IOException(e);
                    }
                }, (batch, onDurable) -> inFlight.add(onDurable));
        EventKind kept = EventKind.of("source-c", 1);
        EventKind forgotten = EventKind.of("source-d", 1);
        marks.reserve(kept, 10);
        marks.reserveAhead(kept, 20, () -> { });
        marks.reserveAhead(forgotten, 20, () -> { });
        marks.forget("source-d.1");

        Batch.Builder copy = Batch.builder();
        marks.snapshotInto(copy);
        Store next = MemoryStores.open();
        next.applyAndWait(copy.build(), 10, TimeUnit.SECONDS);
        Map<String, byte[]> records = new HashMap<>();
        next.scan("test/sequence", records::put);
        assertEquals(java.util.Set.of("source-c.1"), records.keySet());
        assertEquals(20, java.nio.ByteBuffer.wrap(records.get("source-c.1"), 1, 8).getLong(),
                "EV.2.3.2: numbers of the block ahead may be handed out once it is durable in the store left");

        inFlight.forEach(Runnable::run);
        assertEquals(20, marks.load(kept).getAsLong());
        assertTrue(marks.load(forgotten).isEmpty(), "a kind forgotten meanwhile stays forgotten");
    }

    // EV.2.3.2, S1: a new kind's first block recorded in the service's own batch counts once that batch is durable;
    // its first event then waits for no write of its own, and numbering continues above the block after a restart.
    @Test
    void ev232AFirstBlockJoinedToTheServicesBatchCountsOnceThatBatchIsDurable() throws Exception {
        java.util.concurrent.atomic.AtomicInteger ownWrites = new java.util.concurrent.atomic.AtomicInteger();
        StoredHighWaterMark marks = new StoredHighWaterMark("test/sequence", kind -> kind.source() + "."
                + kind.eventId(), batch -> {
                    ownWrites.incrementAndGet();
                    try {
                        store.applyAndWait(batch, 10, TimeUnit.SECONDS);
                    } catch (StoreException | InterruptedException e) {
                        throw new IOException(e);
                    }
                }, (batch, onDurable) -> ownWrites.incrementAndGet());
        SequenceNumbers numbers = new SequenceNumbers(marks, 10, 100);
        EventKind kind = EventKind.of("source-e", 1);
        Batch.Builder registration = Batch.builder().put("test/registrations", "1", new byte[] {1});
        StoredHighWaterMark.Joined first = marks.joining(registration);
        numbers.prepare(kind, first);
        Batch batch = registration.build();
        assertEquals(2, batch.size(), "the registration's record and its first mark, one batch");
        assertTrue(marks.load(kind).isEmpty(), "not counted before the batch is durable");

        store.applyAndWait(batch, 10, TimeUnit.SECONDS);
        first.acknowledged();
        assertEquals(10, marks.load(kind).getAsLong());
        for (int i = 1; i <= 5; i++) {
            assertEquals(i, numbers.next(kind));
        }
        assertEquals(0, ownWrites.get(), "the first numbers wait for no write of their own");

        StoredHighWaterMark restarted = marks();
        restarted.recover(store, (key, value) -> { });
        assertEquals(11, new SequenceNumbers(restarted, 10, 100).next(kind), "EV.2.3.2: above the joined block");
    }

    // S8: a joined block whose batch failed is not carried into a copy of the state; one still in flight is.
    @Test
    void s8AJoinedBlockGoesIntoACopyWhileInFlightAndNotOnceItsBatchFailed() throws Exception {
        StoredHighWaterMark marks = marks();
        SequenceNumbers numbers = new SequenceNumbers(marks, 10, 100);
        EventKind kind = EventKind.of("source-f", 1);
        StoredHighWaterMark.Joined first = marks.joining(Batch.builder());
        numbers.prepare(kind, first);
        Batch.Builder inFlight = Batch.builder();
        marks.snapshotInto(inFlight);
        assertEquals(1, inFlight.size(), "the block may be handed out once durable in the store left");

        first.failed();
        numbers.forget(kind);
        Batch.Builder afterFailure = Batch.builder();
        marks.snapshotInto(afterFailure);
        assertEquals(0, afterFailure.size());
    }
}
