package org.estuary.store.journal.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;

/**
 * The journal store's acknowledge stage on its own: stages complete oldest first whoever completes them (Store S3), a
 * thread that writes groups completes only its budget and leaves the rest to the stage's thread, and a batch that
 * reached the stage without an outcome still completes (S3: every accepted stage does).
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

    // ---- callers woken as a chain (WakeChain)

    /** A batch a caller of applyAndWait waits for, decided as durable. */
    private static JournalStore.Pending caller(int i) {
        JournalStore.Pending p = decided(i);
        p.caller = true;
        return p;
    }

    /** Completes the stage as the store does; the chain, not the completer, wakes the callers. */
    private static AckStage stageCompletingStages() {
        return new AckStage((p, outcome) -> {
            if (outcome == null) {
                p.stage.complete(null);
            } else {
                p.stage.completeExceptionally(outcome);
            }
        }, () -> true);
    }

    /** Starts a thread per pending that waits for it (WakeChain.await, {@code nanos}); each result lands in results. */
    private static List<Thread> waitFor(List<JournalStore.Pending> pending, long nanos, Boolean[] results) {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < pending.size(); i++) {
            int index = i;
            Thread t = new Thread(() -> {
                try {
                    results[index] = WakeChain.await(pending.get(index), nanos);
                } catch (InterruptedException e) {
                    results[index] = null;
                }
            }, "wake-chain-test-" + i);
            t.start();
            threads.add(t);
        }
        return threads;
    }

    /** Waits (bounded) until every thread parks in its wait. */
    private static void awaitParked(List<Thread> threads, List<JournalStore.Pending> pending) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (int i = 0; i < threads.size(); i++) {
            while (pending.get(i).waiter == null || threads.get(i).getState() != Thread.State.TIMED_WAITING) {
                assertTrue(System.nanoTime() < deadline, "caller " + i + " did not park");
                Thread.sleep(1);
            }
        }
    }

    /**
     * Starts a parked caller for each of {@code waiting}, acknowledges {@code pass} in this thread, and checks that
     * every caller returned true (woken, its stage complete) within the bound.
     */
    private static void acknowledgeWhileTheyWait(List<JournalStore.Pending> pass,
            List<JournalStore.Pending> waiting) throws Exception {
        Boolean[] results = new Boolean[waiting.size()];
        List<Thread> threads = waitFor(waiting, TimeUnit.SECONDS.toNanos(30), results);
        awaitParked(threads, waiting);
        AckStage stage = stageCompletingStages();
        stage.add(pass);
        stage.acknowledge();
        for (int i = 0; i < threads.size(); i++) {
            threads.get(i).join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(threads.get(i).isAlive(), threads.get(i).getName() + " was not woken");
            assertEquals(Boolean.TRUE, results[i], threads.get(i).getName());
        }
    }

    @Test
    void everyCallerOfAPassIsWokenThroughTheChainOnceItsStageIsComplete() throws Exception {
        // Store S3: each caller returns once its own batch is acknowledged; the pass wakes the first caller only,
        // each of the others by the caller before it in the chain
        List<JournalStore.Pending> pass = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            pass.add(caller(i));
        }
        acknowledgeWhileTheyWait(pass, pass);
        for (int i = 0; i < pass.size(); i++) {
            assertTrue(pass.get(i).stage.isDone());
            assertEquals(WakeChain.LINKED, pass.get(i).wakeState);
            assertEquals(i, pass.get(i).chainIndex, "linked in pass order");
        }
    }

    @Test
    void aCallerThatGaveUpIsLeftOutOfTheChainAndTheOthersStillWake() throws Exception {
        // A caller whose wait timed out before the pass must not stand in the chain: nobody would wake the
        // caller after it. It is completed like an apply() stage; the others form the chain without it.
        List<JournalStore.Pending> pass = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            pass.add(caller(i));
        }
        assertFalse(WakeChain.await(pass.get(0), TimeUnit.MILLISECONDS.toNanos(1)), "the first caller gives up");
        assertEquals(WakeChain.GONE, pass.get(0).wakeState);
        acknowledgeWhileTheyWait(pass, pass.subList(1, pass.size()));
        assertTrue(pass.get(0).stage.isDone(), "the batch of the caller that gave up is still acknowledged");
        assertNull(pass.get(0).chain);
        assertEquals(0, pass.get(1).chainIndex, "the chain starts with the first caller still waiting");
    }

    @Test
    void anInterruptedCallerThrowsUnlessItsBatchWasLinkedAlready() throws Exception {
        // Store applyAndWait: interrupted while waiting, the outcome unknown. A caller linked into a chain has its
        // batch acknowledged: it stays for the chain, does its part, and returns with its interrupt flag set.
        JournalStore.Pending free = caller(0);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> WakeChain.await(free, TimeUnit.SECONDS.toNanos(10)));
        assertEquals(WakeChain.GONE, free.wakeState);

        List<JournalStore.Pending> pass = List.of(caller(1), caller(2), caller(3));
        WakeChain chain = WakeChain.link(pass); // linked, not armed yet: as in the middle of a pass
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> {
            try {
                boolean returned = WakeChain.await(pass.get(0), TimeUnit.SECONDS.toNanos(10));
                return returned && Thread.currentThread().isInterrupted();
            } catch (InterruptedException e) {
                return false;
            }
        }, runnable -> {
            Thread t = new Thread(runnable);
            t.start();
            t.interrupt();
        });
        Boolean[] results = new Boolean[2];
        List<Thread> others = waitFor(pass.subList(1, 3), TimeUnit.SECONDS.toNanos(30), results);
        awaitParked(others, pass.subList(1, 3));
        assertFalse(first.isDone(), "a linked caller stays for its chain, interrupted or not");
        for (JournalStore.Pending p : pass) {
            p.stage.complete(null);
        }
        chain.arm(); // no wakeFirst: the first is awake already (interrupted) and finds the chain armed
        assertTrue(first.get(10, TimeUnit.SECONDS), "returned normally, interrupt flag kept");
        for (int i = 0; i < others.size(); i++) {
            others.get(i).join(TimeUnit.SECONDS.toMillis(10));
            assertEquals(Boolean.TRUE, results[i],
                    "caller " + (i + 1) + " was woken along the chain the interrupted first caller started");
        }
    }
}
