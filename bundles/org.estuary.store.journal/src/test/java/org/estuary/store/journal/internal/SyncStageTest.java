package org.estuary.store.journal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group commit in two stages: a group is written (and planned over the groups before it) while the group before it
 * syncs; the Store guarantees hold across the two stages, also when a sync fails.
 */
class SyncStageTest {

    @TempDir
    Path dir;

    @Test
    void theNextGroupIsWrittenWhileOneSyncsAndBothCompleteInOrder() throws Exception {
        // Store S2, S3, S4: while the first group's sync is held, a round thread writes the second group (planned
        // over the first: it replaces the first's value); neither is acknowledged before its sync, the second not
        // before the first, and a scan may already see the second (S4 only asks for every acknowledged batch)
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).get(), probe);
        CountDownLatch release = new CountDownLatch(1);
        try {
            List<CompletableFuture<Void>> both = writeTheSecondWhileTheFirstSyncs(store, probe, release);
            CompletableFuture<Void> first = both.get(0);
            CompletableFuture<Void> second = both.get(1);
            assertFalse(first.isDone(), "acknowledged before its sync");
            assertFalse(second.isDone(), "acknowledged before its sync");
            release.countDown();
            second.get(10, TimeUnit.SECONDS);
            assertTrue(first.isDone(), "S3: the second batch was acknowledged before the first");
            first.get();
        } finally {
            release.countDown();
            store.close();
        }
        assertEquals("2", valueAfterRestart());
    }

    @Test
    void aSecondSyncRunsBesideAHeldOneAndItsBatchesWaitForTheFirst() throws Exception {
        // Store S3 with two rounds in flight: while the first group's sync is held, MIN_BATCHES batches written as
        // the next group start a second round beside it, whose fdatasync completes; its batches are still not
        // acknowledged before the first group's, and all complete in acceptance order once the first is released
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).get(), probe);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch commits = new CountDownLatch(1);
        try {
            CountDownLatch syncing = probe.holdSyncs(release);
            CompletableFuture<Void> first = store.apply(put("1")).toCompletableFuture();
            assertTrue(syncing.await(10, TimeUnit.SECONDS), "the first group's sync waits on the hold");
            long synced = probe.syncs();
            assertTrue(probe.holdCommits(commits).await(10, TimeUnit.SECONDS), "a round thread waits");
            List<String> completed = Collections.synchronizedList(new ArrayList<>());
            first.whenComplete((ok, failed) -> completed.add("first"));
            List<CompletableFuture<Void>> next = new ArrayList<>();
            for (int i = 0; i < SyncStage.MIN_BATCHES; i++) {
                int n = i;
                next.add(store.apply(Batch.builder().put("sync/n", "k" + i, new byte[1]).build())
                        .toCompletableFuture().whenComplete((ok, failed) -> completed.add("next " + n)));
            }
            commits.countDown(); // a round thread writes them as one group and syncs it beside the held round
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (probe.syncs() == synced && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(synced + 1, probe.syncs(), "no second sync ran beside the held one");
            assertFalse(first.isDone(), "acknowledged before its sync");
            assertTrue(next.stream().noneMatch(CompletableFuture::isDone),
                    "S3: the second group was acknowledged before the first: " + completed);
            release.countDown();
            CompletableFuture.allOf(next.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
            first.get(10, TimeUnit.SECONDS);
            assertEquals("first", completed.get(0), "S3: acceptance order: " + completed);
            for (int i = 0; i < next.size(); i++) {
                assertEquals("next " + i, completed.get(i + 1), "S3: acceptance order: " + completed);
            }
        } finally {
            release.countDown();
            commits.countDown();
            store.close();
        }
        assertEquals("1", valueAfterRestart());
    }

    @Test
    void aRoundThreadWritesQueuedBatchesAsOneGroupSyncsItOnceAndCompletesThemInOrder() throws Exception {
        // Store S3: 20 batches queued with apply (no caller waits to lead them) are written by a round thread as one
        // group, covered by one fdatasync in that thread, and completed oldest first
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).get(), probe);
        CountDownLatch held = new CountDownLatch(1);
        try {
            assertTrue(probe.holdCommits(held).await(10, TimeUnit.SECONDS), "a round thread waits on the hold");
            int batches = 20;
            List<String> completedIn = Collections.synchronizedList(new ArrayList<>());
            List<CompletableFuture<Void>> stages = new ArrayList<>();
            for (int i = 0; i < batches; i++) {
                int n = i;
                CompletableFuture<Void> stage = store.apply(Batch.builder().put("sync/a", "k" + i, new byte[1])
                        .build()).toCompletableFuture();
                stages.add(stage.whenComplete((ok, failed) -> completedIn.add(n + " " + Thread.currentThread()
                        .getName())));
            }
            long synced = probe.syncs();
            long groups = probe.groups();
            held.countDown(); // a round thread now writes the 20 as one group and syncs it
            CompletableFuture.allOf(stages.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
            assertEquals(batches, completedIn.size());
            assertEquals(groups + 1, probe.groups(), "the 20 queued batches were written as one group");
            assertEquals(synced + 1, probe.syncs(), "one fdatasync covered the group");
            assertTrue(completedIn.stream().allMatch(c -> c.contains("estuary-journal-")), completedIn.toString());
            for (int i = 0; i < batches; i++) {
                assertTrue(completedIn.get(i).startsWith(i + " "), "S3: acceptance order: " + completedIn);
            }
        } finally {
            held.countDown();
            store.close();
        }
    }

    @Test
    void aFailedSyncLeavesTheOutcomeUnknownAndTheStoreResumes() throws Exception {
        // Store S1, S6: a batch whose sync fails was written, so its outcome is unknown (it may show up, but whole);
        // the failure names the cause; the next batch reopens the journal and succeeds; acknowledged data stays
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).get(), probe);
        try {
            store.applyAndWait(Batch.builder().put("sync/f", "before", "a".getBytes()).build(), 10,
                    TimeUnit.SECONDS);
            probe.failNextSync();
            StoreException failed = assertThrows(StoreException.class, () -> store.applyAndWait(Batch.builder()
                    .put("sync/f", "during", "b".getBytes()).put("sync/f", "during2", "b".getBytes()).build(), 10,
                    TimeUnit.SECONDS));
            assertEquals(Reason.UNAVAILABLE, failed.reason());
            assertTrue(failed.outcomeUnknown(), "the batch was written before its sync failed");
            assertTrue(failed.getMessage().contains("injected sync failure"), failed.getMessage());
            store.applyAndWait(Batch.builder().put("sync/f", "after", "c".getBytes()).build(), 10, TimeUnit.SECONDS);
        } finally {
            store.close();
        }
        JournalStore again = new JournalStore(TestSettings.of(dir.resolve("j")).get(), JournalProbe.NONE);
        try {
            Map<String, String> stored = contents(again);
            assertEquals("a", stored.get("before"));
            assertEquals("c", stored.get("after"));
            assertEquals(stored.containsKey("during"), stored.containsKey("during2"), "S1: whole or not at all: "
                    + stored);
        } finally {
            again.close();
        }
    }

    @Test
    void groupsWrittenOverAFailedSyncFailToo() throws Exception {
        // Store S1, S2: a group planned over a group whose sync then fails is not acknowledged either, even though
        // its own sync succeeded: were it durable without the group it was planned over, the journal could hold
        // both the old and the new record of a key
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).get(), probe);
        CountDownLatch release = new CountDownLatch(1);
        try {
            store.applyAndWait(put("0"), 10, TimeUnit.SECONDS);
            long synced = probe.syncs();
            List<CompletableFuture<Void>> both = writeTheSecondWhileTheFirstSyncs(store, probe, release);
            CompletableFuture<Void> first = both.get(0);
            CompletableFuture<Void> second = both.get(1);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (probe.syncs() == synced && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // the second group's round syncs beside the held one
            }
            assertEquals(synced + 1, probe.syncs(), "the second group's own sync succeeded");
            assertFalse(second.isDone(), "S3: acknowledged before the group it was planned over");
            probe.failNextSync(); // the held sync, of the group the second was planned over, fails once released
            release.countDown();
            ExecutionException firstFailed = assertThrows(ExecutionException.class,
                    () -> first.get(10, TimeUnit.SECONDS));
            assertTrue(((StoreException) firstFailed.getCause()).outcomeUnknown());
            ExecutionException secondFailed = assertThrows(ExecutionException.class,
                    () -> second.get(10, TimeUnit.SECONDS));
            StoreException cause = (StoreException) secondFailed.getCause();
            assertTrue(cause.outcomeUnknown(), cause.getMessage());
            assertTrue(cause.getMessage().contains("injected sync failure"), cause.getMessage());
            store.applyAndWait(put("3"), 10, TimeUnit.SECONDS); // S6: resumes after reopening the journal
        } finally {
            release.countDown();
            store.close();
        }
        assertEquals("3", valueAfterRestart());
    }

    @Test
    void callersThatTimeOutOrAreInterruptedLeaveNoOtherCallerWaiting() throws Exception {
        // Store applyAndWait: a caller whose batch is not acknowledged in time gets UNAVAILABLE with an unknown
        // outcome, an interrupted one InterruptedException; the callers acknowledged in the same pass after them
        // are still woken (they are woken as a chain: WakeChain), and every batch becomes durable
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).get(), probe);
        CountDownLatch release = new CountDownLatch(1);
        try {
            CountDownLatch syncing = probe.holdSyncs(release);
            CompletableFuture<Void> first = new CompletableFuture<>();
            applyAndWaitInThread(store, "1", first);
            assertTrue(syncing.await(10, TimeUnit.SECONDS), "the first group's sync waits on the hold");

            StoreException late = assertThrows(StoreException.class,
                    () -> store.applyAndWait(put("2"), 200, TimeUnit.MILLISECONDS));
            assertEquals(Reason.UNAVAILABLE, late.reason());
            assertTrue(late.outcomeUnknown(), late.getMessage());
            StoreException notWaiting = assertThrows(StoreException.class,
                    () -> store.applyAndWait(put("2"), 0, TimeUnit.SECONDS)); // a zero timeout: not acknowledged yet
            assertEquals(Reason.UNAVAILABLE, notWaiting.reason());
            assertTrue(notWaiting.outcomeUnknown(), notWaiting.getMessage());

            CompletableFuture<Void> interrupted = new CompletableFuture<>();
            Thread interruptedCaller = applyAndWaitInThread(store, "3", interrupted);
            CompletableFuture<Void> patient = new CompletableFuture<>();
            Thread patientCaller = applyAndWaitInThread(store, "4", patient);
            awaitParked(interruptedCaller);
            awaitParked(patientCaller);
            interruptedCaller.interrupt();
            ExecutionException thrown = assertThrows(ExecutionException.class,
                    () -> interrupted.get(10, TimeUnit.SECONDS));
            assertTrue(thrown.getCause() instanceof InterruptedException, String.valueOf(thrown.getCause()));

            release.countDown();
            first.get(10, TimeUnit.SECONDS);
            patient.get(10, TimeUnit.SECONDS); // woken although the two callers before it in the pass left
            assertEquals(5, store.stats().commits(), "every batch acknowledged, also those nobody waited for");
            store.applyAndWait(put("5"), Long.MAX_VALUE, TimeUnit.DAYS); // the longest timeout does not overflow
        } finally {
            release.countDown();
            store.close();
        }
        assertEquals("5", valueAfterRestart());
    }

    /** Waits (bounded) until a caller parks waiting for its acknowledgement. */
    private static void awaitParked(Thread caller) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (caller.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(System.nanoTime() < deadline, caller.getName() + " did not park");
            Thread.sleep(1);
        }
    }

    /**
     * Holds the next sync until {@code release}; "1" is applied (a round thread writes its group and syncs it, where
     * the sync then waits); then {@link SyncStage#MIN_BATCHES} batches are queued, the last one "2", and the test
     * checks that another round thread wrote them as the second group (planned over the first: the scan shows "2")
     * while the first group's sync was held. Returns the stages of "1" and "2".
     */
    private static List<CompletableFuture<Void>> writeTheSecondWhileTheFirstSyncs(JournalStore store,
            TestProbe probe, CountDownLatch release) throws Exception {
        CountDownLatch syncing = probe.holdSyncs(release);
        CompletableFuture<Void> first = store.apply(put("1")).toCompletableFuture();
        assertTrue(syncing.await(10, TimeUnit.SECONDS), "the first group's sync waits on the hold");
        for (int i = 1; i < SyncStage.MIN_BATCHES; i++) {
            store.apply(Batch.builder().put("sync/s", "other" + i, new byte[1]).build()); // a round beside needs them
        }
        CompletableFuture<Void> second = store.apply(put("2")).toCompletableFuture();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!"2".equals(value(store)) && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals("2", value(store), "the second group was written while the first one's sync was held");
        return List.of(first, second);
    }

    /** Starts a thread that applies {@code value} with applyAndWait; {@code done} completes as that call returns. */
    private static Thread applyAndWaitInThread(JournalStore store, String value, CompletableFuture<Void> done) {
        Thread caller = new Thread(() -> {
            try {
                store.applyAndWait(put(value), 10, TimeUnit.SECONDS);
                done.complete(null);
            } catch (StoreException | InterruptedException | RuntimeException e) {
                done.completeExceptionally(e);
            }
        }, "sync-stage-test-caller-" + value);
        caller.start();
        return caller;
    }

    /** The stored value of the test key, read by a store opened anew on the same directory. */
    private String valueAfterRestart() throws StoreException {
        JournalStore again = new JournalStore(TestSettings.of(dir.resolve("j")).get(), JournalProbe.NONE);
        try {
            return value(again);
        } finally {
            again.close();
        }
    }

    private static Batch put(String value) {
        return Batch.builder().put("sync/s", "k", value.getBytes()).build();
    }

    private static String value(JournalStore store) throws StoreException {
        return contents(store, "sync/s").get("k");
    }

    private static Map<String, String> contents(JournalStore store) throws StoreException {
        return contents(store, "sync/f");
    }

    private static Map<String, String> contents(JournalStore store, String space) throws StoreException {
        Map<String, String> values = new HashMap<>();
        store.scan(space, (k, v) -> values.put(k, new String(v)));
        return values;
    }
}
