package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.estuary.core.concurrent.LaterAnswers;
import org.estuary.io.testing.LogCapture;
import org.estuary.store.api.testing.HeldStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link WritePath}: queue under the lock (S2), wait outside it, show once acknowledged (S3), undo on failure. */
class WritePathTest {

    private final Object lock = new Object();
    private final HeldStore store = new HeldStore();
    private final ExecutorService callers = Executors.newFixedThreadPool(3);
    private final WritePath path;
    /** The state the operations change, guarded by lock. */
    private final List<String> state = new ArrayList<>();
    private final List<String> shown = new ArrayList<>();

    WritePathTest() throws StoreException {
        path = pathOn(store, 10_000);
    }

    @AfterEach
    void stop() {
        callers.shutdownNow();
    }

    /** What a client's call failed with: a definite {@code ServerException} carrying the store's {@code cause}. */
    private static Throwable definiteFailureOf(Future<?> call, StoreException cause) {
        Exception thrown = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> call.get(10, TimeUnit.SECONDS));
        assertTrue(thrown.getCause() instanceof java.rmi.ServerException, "definite: " + thrown.getCause());
        assertSame(cause, thrown.getCause().getCause());
        return thrown.getCause();
    }

    /** A write path of the test's service on {@code store}, waiting {@code timeoutMillis} for acknowledgements. */
    private WritePath pathOn(Store store, long timeoutMillis) throws StoreException {
        BoundStore bound = new BoundStore("test service", "test/service", lock, Batch.builder()::build, 10_000, 0);
        bound.bind(store);
        bound.adopt();
        return new WritePath("test service", lock, bound, timeoutMillis);
    }

    /** A store that acknowledges inside apply, as the memory store does. */
    private static Store acknowledgingInApply() {
        return new EmptyStore("memory") {
            @Override
            public CompletionStage<Void> apply(Batch batch) {
                return CompletableFuture.completedFuture(null);
            }
        };
    }

    private static Batch put(String key) {
        return Batch.builder().put("test/space", key, new byte[] {1}).build();
    }

    /** An operation that adds {@code key} when decided, shows it once durable, takes it back when it fails. */
    private WritePath.Decide<String, RuntimeException> add(String key) {
        return () -> {
            state.add(key);
            return new WritePath.Change<>() {
                @Override
                public Batch batch() {
                    return put(key);
                }

                @Override
                public String acknowledged() {
                    shown.add(key);
                    return key;
                }

                @Override
                public void failed(StoreException cause) {
                    state.remove(key);
                }
            };
        };
    }

    private static void await(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "within 10 s: " + what);
            Thread.onSpinWait();
        }
    }

    @Test
    void s2BatchesReachTheStoreAsDecidedAndTheirCallersWaitWithoutTheLock() throws Exception {
        Future<String> first = callers.submit(() -> path.run(add("a")));
        await(() -> store.count() == 1, "the first batch is queued");
        // the first caller waits for its acknowledgement; the lock is free for the next decision
        Future<String> second = callers.submit(() -> path.run(add("b")));
        await(() -> store.count() == 2, "the second batch is queued behind it");
        assertEquals("a", store.batch(0).operations().get(0).key(), "S2: in the order decided");
        assertEquals("b", store.batch(1).operations().get(0).key());
        synchronized (lock) {
            assertEquals(List.of("a", "b"), state, "decided");
            assertEquals(List.of(), shown, "S3: nothing shown before it is durable");
        }
        store.stage(0).complete(null);
        store.stage(1).complete(null);
        assertEquals("a", first.get(10, TimeUnit.SECONDS));
        assertEquals("b", second.get(10, TimeUnit.SECONDS));
        synchronized (lock) {
            assertEquals(Set.of("a", "b"), Set.copyOf(shown), "shown once acknowledged");
        }
    }

    @Test
    void oneTurnAtTheLockFinishesEveryChangeAGroupCommitAnswered() throws Exception {
        List<String> finishers = new ArrayList<>();
        WritePath.Decide<String, RuntimeException> first = recordingFinisher("a", finishers);
        WritePath.Decide<String, RuntimeException> second = recordingFinisher("b", finishers);
        Future<String> a = callers.submit(() -> path.run(first));
        await(() -> store.count() == 1, "the first batch is queued");
        Future<String> b = callers.submit(() -> path.run(second));
        await(() -> store.count() == 2, "the second batch is queued");
        synchronized (lock) { // one sync answers both while neither caller can finish
            store.stage(0).complete(null);
            store.stage(1).complete(null);
        }
        assertEquals("a", a.get(10, TimeUnit.SECONDS));
        assertEquals("b", b.get(10, TimeUnit.SECONDS));
        synchronized (lock) {
            assertEquals(List.of("a", "b"), shown, "S3: shown in the order decided");
            assertEquals(2, finishers.size());
            assertEquals(finishers.get(0), finishers.get(1), "the caller first at the lock finished both");
        }
    }

    /** {@link #add} that also records which thread acknowledged it. */
    private WritePath.Decide<String, RuntimeException> recordingFinisher(String key, List<String> finishers) {
        WritePath.Decide<String, RuntimeException> add = add(key);
        return () -> {
            WritePath.Change<String> change = add.decide();
            return new WritePath.Change<>() {
                @Override
                public Batch batch() {
                    return change.batch();
                }

                @Override
                public String acknowledged() {
                    finishers.add(Thread.currentThread().getName());
                    return change.acknowledged();
                }
            };
        };
    }

    @Test
    void aFailedBatchIsUndoneAndItsCallerGetsTheStoreFailure() throws Exception {
        Future<String> call = callers.submit(() -> path.run(add("a")));
        await(() -> store.count() == 1, "queued");
        StoreException full = new StoreException(StoreException.Reason.FULL, "store full");
        store.stage(0).completeExceptionally(full);
        Exception thrown = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> call.get(10, TimeUnit.SECONDS));
        assertSame(full, thrown.getCause(), "the store's own failure");
        synchronized (lock) {
            assertEquals(List.of(), state, "undone");
            assertEquals(List.of(), shown, "never shown");
        }
    }

    @Test
    void aRecordLargerThanEveryStoreTakesIsRefusedBeforeTheStoreAndUndone() throws Exception {
        // Store S9: a value above Store.MAX_VALUE_BYTES never reaches the store; the caller gets an
        // IllegalArgumentException naming the limit, what was decided is taken back, and the path goes on
        WritePath.Decide<String, RuntimeException> oversized = () -> {
            state.add("big");
            return new WritePath.Change<>() {
                @Override
                public Batch batch() {
                    return Batch.builder().put("test/space", "big", new byte[Store.MAX_VALUE_BYTES + 1]).build();
                }

                @Override
                public String acknowledged() {
                    shown.add("big");
                    return "big";
                }

                @Override
                public void failed(StoreException cause) {
                    assertSame(StoreException.Reason.TOO_LARGE, cause.reason());
                    state.remove("big");
                }
            };
        };
        IllegalArgumentException refused;
        try (LogCapture log = LogCapture.warnings(WritePath.class.getName())) {
            refused = assertThrows(IllegalArgumentException.class, () -> path.call(oversized));
            assertEquals(List.of(refused.getMessage()), log.messages(), "the refusal is logged");
        }
        assertTrue(refused.getMessage().contains((Store.MAX_VALUE_BYTES + 1) + " bytes (test/space)")
                && refused.getMessage().contains("Store.MAX_VALUE_BYTES"), refused.getMessage());
        assertEquals(0, store.count(), "nothing reached the store");
        synchronized (lock) {
            assertEquals(List.of(), state, "undone");
            assertEquals(List.of(), shown, "never shown");
        }
        // a record of exactly the limit is queued as any other
        Future<String> atLimit = callers.submit(() -> path.run(() -> new WritePath.Change<String>() {
            @Override
            public Batch batch() {
                return Batch.builder().put("test/space", "limit", new byte[Store.MAX_VALUE_BYTES]).build();
            }

            @Override
            public String acknowledged() {
                return "limit";
            }
        }));
        await(() -> store.count() == 1, "the record of the limit's size is queued");
        store.stage(0).complete(null);
        assertEquals("limit", atLimit.get(10, TimeUnit.SECONDS));
    }

    @Test
    void aClientsCallGetsTheStoreFailureAsARemoteExceptionAndIsUndone() throws Exception {
        Future<String> call = callers.submit(() -> path.call(add("a")));
        await(() -> store.count() == 1, "queued");
        StoreException corrupt = new StoreException(StoreException.Reason.CORRUPT, "record r does not parse; restore");
        store.stage(0).completeExceptionally(corrupt);
        Throwable refused = definiteFailureOf(call, corrupt);
        assertTrue(refused.getMessage().startsWith("test service store refused the change: record r "
                + "does not parse; restore"), refused.getMessage());
        synchronized (lock) {
            assertEquals(List.of(), state, "undone");
        }
    }

    @Test
    void aChangeThatWritesNothingAnswersOnceTheBatchQueuedBeforeItIsDurable() throws Exception {
        Future<String> write = callers.submit(() -> path.run(add("a")));
        await(() -> store.count() == 1, "queued");
        boolean[] decided = new boolean[1];
        Future<List<String>> read = callers.submit(() -> path.run(() -> {
            decided[0] = true;
            return WritePath.Change.answer(List.copyOf(state));
        }));
        await(() -> {
            synchronized (lock) {
                return decided[0];
            }
        }, "the read decided");
        assertFalse(read.isDone(), "it has not answered while the change it saw is not durable");
        store.stage(0).complete(null);
        assertEquals(List.of("a"), read.get(10, TimeUnit.SECONDS));
        assertEquals("a", write.get(10, TimeUnit.SECONDS));
    }

    @Test
    void aStoreThatAcknowledgesInApplyFinishesAtOnce() throws Exception {
        assertEquals("a", pathOn(acknowledgingInApply(), 10_000).run(add("a")));
        synchronized (lock) {
            assertEquals(List.of("a"), shown);
        }
    }

    /**
     * Runs {@code reply} as the transport runs a client's call: in a slot for a later answer; the answer it claimed,
     * computed as the transport computes it (in a thread of its own once what it waits for completed), or null.
     */
    private CompletableFuture<Object> inSlot(ReplyCall reply, String expectedReturn) throws Exception {
        try (LaterAnswers.Slot slot = LaterAnswers.open()) {
            assertEquals(expectedReturn, reply.run(), "what the method returns meanwhile");
            if (slot.ready() == null) {
                return null;
            }
            CompletableFuture<Object> answer = new CompletableFuture<>();
            slot.ready().whenCompleteAsync((ready, failure) -> {
                try {
                    answer.complete(slot.answer().get());
                } catch (Exception e) {
                    answer.completeExceptionally(e);
                }
            }, callers);
            return answer;
        }
    }

    @FunctionalInterface
    private interface ReplyCall {
        String run() throws Exception;
    }

    @Test
    void s3AClientsCallAnsweredLaterReturnsAtOnceAndItsAnswerFollowsTheAcknowledgement() throws Exception {
        CompletableFuture<Object> answer = inSlot(() -> path.reply(add("a"), "unsent"), "unsent");
        assertFalse(answer.isDone(), "not answered before the batch is durable");
        synchronized (lock) {
            assertEquals(List.of("a"), state, "decided");
            assertEquals(List.of(), shown, "S3: nothing shown before it is durable");
        }
        assertEquals(1, store.count(), "queued at once");
        store.stage(0).complete(null);
        assertEquals("a", answer.get(10, TimeUnit.SECONDS));
        synchronized (lock) {
            assertEquals(List.of("a"), shown, "shown once acknowledged");
        }
    }

    @Test
    void whatTheCallMakesOfItsAnswerRunsOnceDurableAndWithoutTheLock() throws Exception {
        List<String> madeOf = new ArrayList<>();
        WritePath.Then<String, String> then = answer -> {
            assertFalse(Thread.holdsLock(lock), "without the owner's lock");
            synchronized (lock) {
                madeOf.add(answer + " (shown: " + shown + ")");
            }
            return "proxy of " + answer;
        };
        CompletableFuture<Object> answer = inSlot(() -> path.reply(add("a"), then, "unsent"), "unsent");
        assertEquals(List.of(), madeOf, "not before the batch is durable");
        store.stage(0).complete(null);
        assertEquals("proxy of a", answer.get(10, TimeUnit.SECONDS));
        assertEquals(List.of("a (shown: [a])"), madeOf, "once shown");

        Future<String> inProcess = callers.submit(() -> path.reply(add("b"), then, "unsent"));
        await(() -> store.count() == 2, "queued");
        store.stage(1).complete(null);
        assertEquals("proxy of b", inProcess.get(10, TimeUnit.SECONDS), "a caller without a slot gets it too");
    }

    @Test
    void theThreadThatAcknowledgesALaterAnswersBatchWaitsForNothingOfTheService() throws Exception {
        CompletableFuture<Object> answer = inSlot(() -> path.reply(add("a"), "unsent"), "unsent");
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        callers.submit(() -> {
            synchronized (lock) { // a caller holding the owner's lock, as one waiting for the store under it does
                held.countDown();
                release.await(10, TimeUnit.SECONDS);
            }
            return null;
        });
        assertTrue(held.await(10, TimeUnit.SECONDS));
        Thread storesThread = new Thread(() -> store.stage(0).complete(null), "the store's thread");
        storesThread.start();
        storesThread.join(10_000);
        assertFalse(storesThread.isAlive(), "the store's thread completed the stage without waiting for the lock");
        assertFalse(answer.isDone(), "finished only once the lock is free");
        release.countDown();
        assertEquals("a", answer.get(10, TimeUnit.SECONDS));
    }

    @Test
    void aLaterAnswerOfAFailedBatchIsTheClientsRemoteExceptionAndTheChangeIsUndone() throws Exception {
        CompletableFuture<Object> answer = inSlot(() -> path.reply(add("a"), "unsent"), "unsent");
        StoreException corrupt = new StoreException(StoreException.Reason.CORRUPT, "record r does not parse; restore");
        store.stage(0).completeExceptionally(corrupt);
        definiteFailureOf(answer, corrupt);
        synchronized (lock) {
            assertEquals(List.of(), state, "undone");
            assertEquals(List.of(), shown, "never shown");
        }
    }

    @Test
    void aLaterAnswerNotAcknowledgedInTimeIsIndefiniteAndTheChangeIsUndone() throws Exception {
        HeldStore held = new HeldStore();
        WritePath impatient = pathOn(held, 50);
        CompletableFuture<Object> answer = inSlot(() -> impatient.reply(add("a"), "unsent"), "unsent");
        Exception thrown = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> answer.get(10, TimeUnit.SECONDS));
        assertEquals(java.rmi.RemoteException.class, thrown.getCause().getClass(), "indefinite: the batch may still "
                + "become durable");
        assertTrue(((StoreException) thrown.getCause().getCause()).outcomeUnknown());
        synchronized (lock) {
            assertEquals(List.of(), state, "undone");
        }
        assertFalse(held.stage(0).isDone(), "the store's own stage is left to the store");
    }

    @Test
    void aRefusalInAClientsCallIsThrownAtOnceAndClaimsNothing() throws Exception {
        try (LaterAnswers.Slot slot = LaterAnswers.open()) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> path.reply(() -> {
                        throw new IllegalArgumentException("bad input");
                    }, "unsent"));
            assertEquals("bad input", refused.getMessage());
            assertEquals(null, slot.ready(), "the refusal is the call's answer, thrown by its method");
        }
        assertEquals(0, store.count(), "nothing written");
    }

    @Test
    void withoutASlotReplyWaitsForTheAcknowledgementAsCallDoes() throws Exception {
        Future<String> call = callers.submit(() -> path.reply(add("a"), "unsent"));
        await(() -> store.count() == 1, "queued");
        assertFalse(call.isDone(), "waits for durability");
        store.stage(0).complete(null);
        assertEquals("a", call.get(10, TimeUnit.SECONDS), "the answer itself, never the placeholder");
    }

    @Test
    void aReplyTheStoreAnswersAtOnceIsReturnedAndNotClaimed() throws Exception {
        WritePath atOnce = pathOn(acknowledgingInApply(), 10_000);
        assertEquals(null, inSlot(() -> atOnce.reply(add("a"), "unsent"), "a"));
    }

    @Test
    void aTicketShowsOnlyANewerChangeAndUndoesOnlyTheLatest() {
        WritePath.Ticket ticket = new WritePath.Ticket();
        long older = ticket.decide();
        long newer = ticket.decide();
        assertFalse(ticket.latest(older), "a later change builds on it: not undone");
        assertTrue(ticket.latest(newer));
        assertTrue(ticket.show(newer), "the newer one, acknowledged first, is shown");
        assertFalse(ticket.show(older), "the older one, acknowledged late, does not overwrite it");
    }
}
