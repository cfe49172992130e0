package org.estuary.store.journal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.journal.internal.JournalStore.Pending;
import org.junit.jupiter.api.Test;

/** Outcomes decided in any order complete in acceptance order (Store S3). */
class AckQueueTest {

    @Test
    void aBatchDecidedBeforeAnEarlierOneWaitsForIt() {
        // S3: when a batch is acknowledged, every batch accepted before it has completed
        List<Pending> completed = new ArrayList<>();
        AckQueue acks = new AckQueue(completed::add);
        Pending first = pending();
        Pending second = pending();
        Pending third = pending();
        acks.add(first);
        acks.add(second);
        acks.add(third);
        third.decide(null);
        second.decide(new StoreException(Reason.FULL, "refused"));
        acks.drain();
        assertEquals(List.of(), completed, "the first batch is not decided yet");
        first.decide(null);
        acks.drain();
        assertEquals(List.of(first, second, third), completed);
        assertEquals(0, acks.size());
    }

    @Test
    void failingTheUndecidedLeavesDecidedOutcomesAlone() {
        // a reopen or close fails what its journal did not decide, not what it did
        List<Pending> completed = new ArrayList<>();
        AckQueue acks = new AckQueue(completed::add);
        Pending durable = pending();
        Pending waiting = pending();
        acks.add(durable);
        acks.add(waiting);
        durable.decide(null);
        acks.failUndecided(new StoreException(Reason.CLOSED, "closed", null, true));
        acks.drain();
        assertEquals(List.of(durable, waiting), completed);
        assertEquals(null, durable.outcome());
        assertEquals(Reason.CLOSED, waiting.outcome().reason());
    }

    private static Pending pending() {
        return new Pending(Batch.builder().put("ack/a", "k", new byte[1]).build());
    }
}
