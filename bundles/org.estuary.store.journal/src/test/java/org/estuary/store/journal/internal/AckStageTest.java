package org.estuary.store.journal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;

/**
 * Issue 4 item 3, the journal store's acknowledge stage on its own: stages complete oldest first whoever completes
 * them (Store S3), a thread that writes groups completes only its budget and leaves the rest to the stage's
 * thread, and a batch that reached the stage without an outcome still completes (S3: every accepted stage does).
 */
class AckStageTest {

    private static JournalStore.Pending decided(int i) {
        JournalStore.Pending p = new JournalStore.Pending(Batch.builder().put("s", "k" + i, new byte[1]).build());
        p.decided = true;
        return p;
    }

    @Test
    void aBudgetCompletesTheOldestAndTheStageThreadTheRestInOrder() throws Exception {
        // Store S3: acknowledgements in acceptance order, also when two threads share the work
        List<JournalStore.Pending> completed = Collections.synchronizedList(new ArrayList<>());
        List<Thread> by = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch all = new CountDownLatch(20);
        AtomicBoolean ended = new AtomicBoolean();
        AckStage stage = new AckStage((p, outcome) -> {
            assertNull(outcome, "a batch decided as durable completes normally");
            completed.add(p);
            by.add(Thread.currentThread());
            all.countDown();
        }, ended::get);
        List<JournalStore.Pending> group = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            group.add(decided(i));
        }
        stage.add(group);

        stage.acknowledge(8); // as a thread that writes groups does (JournalStore.INLINE_ACKS)
        assertEquals(group.subList(0, 8), completed, "the budget completes the oldest stages only");
        assertFalse(stage.isEmpty());

        stage.start(); // the wake-up the budget left pending starts the stage's thread on the rest
        assertTrue(all.await(10, TimeUnit.SECONDS), "the stage's thread completes what the budget left");
        assertEquals(group, completed, "oldest first across both threads");
        for (int i = 0; i < 8; i++) {
            assertSame(Thread.currentThread(), by.get(i));
        }
        for (int i = 8; i < 20; i++) {
            assertNotSame(Thread.currentThread(), by.get(i));
        }
        ended.set(true);
        stage.join(TimeUnit.SECONDS.toMillis(10));
    }

    @Test
    void aBatchWithoutAnOutcomeCompletesAsUnavailable() throws Exception {
        // Store S3: every accepted stage completes; one the commit ended without deciding fails, retryable
        List<StoreException> outcomes = new ArrayList<>();
        AckStage stage = new AckStage((p, outcome) -> outcomes.add(outcome), () -> true);
        JournalStore.Pending undecided = new JournalStore.Pending(Batch.builder().put("s", "k", new byte[1]).build());
        stage.add(List.of(decided(0), undecided));

        stage.acknowledge();

        assertEquals(2, outcomes.size());
        assertNull(outcomes.get(0));
        assertEquals(Reason.UNAVAILABLE, outcomes.get(1).reason());
        assertTrue(outcomes.get(1).outcomeUnknown(), "it may have been written");
        assertTrue(stage.isEmpty());
    }

    @Test
    void wakeUpsDoNotPileUp() throws Exception {
        // A woken stage thread takes all waiting work, so two signals before it waits make one wake-up
        Wake wake = new Wake();
        wake.signal();
        wake.signal();
        assertTrue(wake.await(), "a signal before the wait wakes it");
        assertFalse(wake.await(), "the second signal was the same wake-up: the next wait times out");
    }
}
