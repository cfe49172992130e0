package org.estuary.store.journal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leader/follower group commit: a caller of applyAndWait may write the queued group itself while round threads write
 * what apply queued; the Store guarantees must not depend on who writes.
 */
class LeaderCommitTest {

    @TempDir
    Path dir;

    @Test
    void stagesCompleteInAcceptanceOrderWhenAWaitingCallerWritesTheGroup() throws Exception {
        // Store S2 and S3: batches applied before an applyAndWait are acknowledged before it returns, and the
        // later batch wins per key, whether a round thread or the waiting caller wrote them
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).get(), JournalProbe.NONE);
        try {
            for (int round = 0; round < 200; round++) {
                List<CompletableFuture<Void>> earlier = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    earlier.add(store.apply(Batch.builder().put("order/a", "k", bytes(round * 10 + i)).build())
                            .toCompletableFuture());
                }
                store.applyAndWait(Batch.builder().put("order/a", "k", bytes(round * 10 + 9)).build(), 10,
                        TimeUnit.SECONDS);
                for (CompletableFuture<Void> stage : earlier) {
                    assertTrue(stage.isDone() && !stage.isCompletedExceptionally(), "round " + round
                            + ": a batch accepted earlier was not acknowledged first");
                }
                assertEquals(Map.of("k", Integer.toString(round * 10 + 9)), contents(store, "order/a"));
            }
        } finally {
            store.close();
        }
    }

    @Test
    void closingWhileCallersWriteKeepsEveryAcknowledgedBatch() throws Exception {
        // Store S3 and S7: with callers writing groups in their own threads, closing acknowledges or refuses every
        // batch with CLOSED, and what was acknowledged is there after a restart
        JournalSettings settings = TestSettings.of(dir.resolve("j")).get();
        JournalStore store = new JournalStore(settings, JournalProbe.NONE);
        Map<String, Integer> acknowledged = new ConcurrentHashMap<>();
        ExecutorService writers = Executors.newFixedThreadPool(4);
        List<Future<StoreException>> ends = new ArrayList<>();
        try {
            for (int w = 0; w < 4; w++) {
                String key = "w" + w;
                ends.add(writers.submit(() -> {
                    for (int i = 0; i < 100_000; i++) {
                        try {
                            store.applyAndWait(Batch.builder().put("close/a", key, bytes(i)).build(), 10,
                                    TimeUnit.SECONDS);
                        } catch (StoreException e) {
                            return e;
                        }
                        acknowledged.put(key, i);
                        if (i == 200 && key.equals("w0")) {
                            store.close();
                        }
                    }
                    return null;
                }));
            }
            for (Future<StoreException> end : ends) {
                StoreException refused = end.get(30, TimeUnit.SECONDS);
                assertTrue(refused != null, "a writer got no refusal after the store closed");
                assertSame(Reason.CLOSED, refused.reason(), refused.getMessage());
            }
        } finally {
            writers.shutdownNow();
            store.close();
        }
        JournalStore again = new JournalStore(settings, JournalProbe.NONE);
        try {
            Map<String, Integer> stored = new HashMap<>();
            again.scan("close/a", (k, v) -> stored.put(k, Integer.parseInt(new String(v))));
            for (Map.Entry<String, Integer> ack : acknowledged.entrySet()) {
                Integer value = stored.get(ack.getKey());
                assertTrue(value != null && value >= ack.getValue(), ack.getKey() + " was acknowledged at "
                        + ack.getValue() + " but holds " + value + " after the restart");
            }
        } finally {
            again.close();
        }
    }

    @Test
    void moreBatchesThanOneGroupTakesCompleteInAcceptanceOrder() throws Exception {
        // Store S3: more batches queued than one group takes (1,024), so a round thread writes the first group and
        // the rest go into a second one, written beside its sync; every stage still completes after the one
        // accepted before it, and the last put of the key wins (S2)
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).get(), probe);
        try {
            java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
            assertTrue(probe.holdCommits(held).await(10, TimeUnit.SECONDS), "a round thread waits on the hold");
            List<CompletableFuture<Void>> stages = new ArrayList<>();
            List<String> violations = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int i = 0; i < 1_500; i++) {
                CompletableFuture<Void> previous = i == 0 ? CompletableFuture.completedFuture(null)
                        : stages.get(i - 1);
                stages.add(afterPrevious(store.apply(Batch.builder().put("ack/h", "k", bytes(i)).build()), previous,
                        violations, "batch " + i));
            }
            long before = probe.groups();
            held.countDown();
            CompletableFuture.allOf(stages.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
            assertEquals(List.of(), violations);
            assertEquals(before + 2, probe.groups(), "1,500 queued batches in groups of at most 1,024");
            assertEquals(Map.of("k", "1499"), contents(store, "ack/h"));
        } finally {
            store.close();
        }
    }

    @Test
    void acknowledgementsKeepAcceptanceOrderWhileTheNextGroupIsWritten() throws Exception {
        // Store S3 with leaders, round threads and the acknowledging thread all completing groups: writers that
        // wait (and so write groups themselves) mixed with writers that queue 16 batches at a time. Completions come
        // in acceptance order, here checked per writer (each writer's batches are accepted in the order it applies
        // them), and the last value of each writer's key is the one stored, also after a restart.
        JournalSettings settings = TestSettings.of(dir.resolve("j")).get();
        JournalStore store = new JournalStore(settings, JournalProbe.NONE);
        List<String> violations = java.util.Collections.synchronizedList(new ArrayList<>());
        int writers = 8;
        int perWriter = 3_000;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> ends = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                String key = "w" + w;
                boolean waits = w % 2 == 0; // half lead groups as waiting callers, half queue for the round threads
                ends.add(pool.submit(() -> {
                    CompletableFuture<Void> before = CompletableFuture.completedFuture(null);
                    for (int i = 0; i < perWriter; i++) {
                        Batch batch = Batch.builder().put("ack/a", key, bytes(i)).build();
                        if (waits) {
                            store.applyAndWait(batch, 10, TimeUnit.SECONDS);
                            continue;
                        }
                        before = afterPrevious(store.apply(batch), before, violations, key + ": batch " + i);
                        if (i % 16 == 15) {
                            before.get(10, TimeUnit.SECONDS); // a bounded window, as a client with 16 in flight
                        }
                    }
                    before.get(10, TimeUnit.SECONDS);
                    return null;
                }));
            }
            for (Future<?> end : ends) {
                end.get(60, TimeUnit.SECONDS);
            }
            assertEquals(List.of(), violations);
        } finally {
            pool.shutdownNow();
            store.close();
        }
        JournalStore again = new JournalStore(settings, JournalProbe.NONE);
        try {
            Map<String, String> stored = contents(again, "ack/a");
            for (int w = 0; w < writers; w++) {
                assertEquals(Integer.toString(perWriter - 1), stored.get("w" + w), "w" + w + " after the restart");
            }
        } finally {
            again.close();
        }
    }

    /** Store S3's check: records a violation if {@code stage} completes while {@code previous} has not. */
    private static CompletableFuture<Void> afterPrevious(java.util.concurrent.CompletionStage<Void> stage,
            CompletableFuture<Void> previous, List<String> violations, String batch) {
        return stage.toCompletableFuture().whenComplete((ok, failed) -> {
            if (!previous.isDone()) {
                violations.add(batch + " completed before the batch accepted before it");
            }
        });
    }

    private static Map<String, String> contents(JournalStore store, String space) throws StoreException {
        Map<String, String> values = new HashMap<>();
        store.scan(space, (k, v) -> values.put(k, new String(v)));
        return values;
    }

    private static byte[] bytes(int value) {
        return Integer.toString(value).getBytes();
    }
}
