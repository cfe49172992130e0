package org.estuary.store.rocksdb.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.estuary.store.api.Batch;
import org.estuary.store.api.LatencyWindow;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksDBException;

/**
 * The group commit of WAL syncs (Store S3, S5): batches written while a sync runs share the next one, a leader that
 * holds its sync holds every later acknowledgement, the leadership goes to the oldest caller still waiting, a caller
 * whose stage another thread completes is woken by it, batches queued with {@code apply} are synced by the store's
 * own thread (at once when released, else after a delay), and a full queue refuses with OVERLOADED after the
 * admission time.
 */
class WalSyncTest {

    @TempDir
    Path dir;

    /** A probe whose first sync waits until released, and which counts syncs. */
    static final class HeldSync extends HeldSyncBase {
        @Override
        void after(int sync) {
        }
    }

    /** A probe whose first sync waits until released and which tells when the second sync starts. */
    static final class TwoSyncs extends HeldSyncBase {
        final CountDownLatch second = new CountDownLatch(1);

        @Override
        void after(int sync) {
            if (sync == 1) {
                second.countDown();
            }
        }
    }

    /** Holds the first sync until released, counts syncs, and passes each later sync's number to {@link #after}. */
    abstract static class HeldSyncBase implements RocksProbe {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger syncs = new AtomicInteger();

        @Override
        public void beforeSync() throws RocksDBException {
            int sync = syncs.getAndIncrement();
            if (sync == 0) {
                entered.countDown();
                try {
                    if (!release.await(10, TimeUnit.SECONDS)) {
                        throw new RocksDBException("the test never released the held sync");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new RocksDBException("interrupted");
                }
            } else {
                after(sync);
            }
        }

        abstract void after(int sync);
    }

    /** A probe that holds the first sync, names the thread of each sync and tells when the second one returned. */
    static final class Leaders extends HeldSyncBase {
        final List<Thread> threads = new CopyOnWriteArrayList<>();
        final CountDownLatch secondReturned = new CountDownLatch(1);

        @Override
        public void beforeSync() throws RocksDBException {
            threads.add(Thread.currentThread());
            super.beforeSync();
        }

        @Override
        void after(int sync) {
        }

        @Override
        public void synced(long nanos) {
            if (threads.size() == 2) {
                secondReturned.countDown();
            }
        }
    }

    private static Batch put(String key) {
        return Batch.builder().put("sync/t", key, new byte[16]).build();
    }

    @Test
    void batchesWrittenWhileASyncRunsShareTheNextSync() throws Exception {
        HeldSync probe = new HeldSync();
        RocksStore store = new RocksStore(TestSettings.of(dir), probe);
        ExecutorService writers = Executors.newFixedThreadPool(9);
        try {
            Future<?> first = writers.submit(() -> {
                store.applyAndWait(put("first"), 10, TimeUnit.SECONDS);
                return null;
            });
            assertTrue(probe.entered.await(10, TimeUnit.SECONDS), "the first writer leads a sync");
            List<Future<?>> others = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String key = "k" + i;
                others.add(writers.submit(() -> {
                    store.applyAndWait(put(key), 10, TimeUnit.SECONDS);
                    return null;
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (store.stats().queued() < 9 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(9, store.stats().queued(), "all nine wait: the first for its held sync, eight behind it");
            for (Future<?> other : others) {
                assertTrue(!other.isDone(), "nothing is acknowledged before the sync that covers it");
            }
            probe.release.countDown();
            first.get(10, TimeUnit.SECONDS);
            for (Future<?> other : others) {
                other.get(10, TimeUnit.SECONDS);
            }
            assertEquals(2, probe.syncs.get(), "the eight written during the first sync share one more");
            assertEquals(9, store.stats().commits());
        } finally {
            probe.release.countDown();
            writers.shutdownNow();
            store.close();
        }
    }

    @Test
    void theNextSyncRunsWhileTheStagesOfTheLastOneComplete() throws Exception {
        // the leader hands the leadership to a waiting caller before it completes the stages its sync covered: a
        // stage's callback that waits for the next sync to start sees it start
        TwoSyncs probe = new TwoSyncs();
        RocksStore store = new RocksStore(TestSettings.of(dir), probe);
        ExecutorService writers = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Boolean> sawNextSync = store.apply(put("x")).toCompletableFuture().thenApply(done -> {
                try {
                    return probe.second.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            });
            assertTrue(probe.entered.await(10, TimeUnit.SECONDS), "a leader syncs x");
            Future<?> waiting = writers.submit(() -> {
                store.applyAndWait(put("b"), 10, TimeUnit.SECONDS);
                return null;
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (store.stats().queued() < 2 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(2, store.stats().queued(), "b is written while the first sync is held");
            probe.release.countDown();
            assertTrue(sawNextSync.get(10, TimeUnit.SECONDS), "the sync for b started while x's stage completed");
            waiting.get(10, TimeUnit.SECONDS);
        } finally {
            probe.release.countDown();
            writers.shutdownNow();
            store.close();
        }
    }

    /** Starts a thread that writes {@code key} and waits for it; its outcome, once it has one. */
    private static CompletableFuture<Void> waitingWriter(RocksStore store, String key, List<Thread> started) {
        CompletableFuture<Void> outcome = new CompletableFuture<>();
        Thread writer = new Thread(() -> {
            try {
                store.applyAndWait(put(key), 10, TimeUnit.SECONDS);
                outcome.complete(null);
            } catch (Throwable e) {
                outcome.completeExceptionally(e);
            }
        }, "writer-" + key);
        writer.setDaemon(true);
        started.add(writer);
        writer.start();
        return outcome;
    }

    /** Waits at most 10 s until {@code thread} is parked (waiting for its batch). */
    private static void awaitParked(Thread thread) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (thread.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(Thread.State.TIMED_WAITING, thread.getState(), thread.getName() + " waits for its batch");
    }

    @Test
    void theLeadershipGoesToTheOldestCallerWhoseBatchTheLastSyncDidNotCover() throws Exception {
        // S3: the first writer's sync covers its batch only; b and c, written while it runs, wait; the leader hands
        // the leadership to b (the older), whose sync in its own thread covers c too
        Leaders probe = new Leaders();
        RocksStore store = new RocksStore(TestSettings.of(dir), probe);
        List<Thread> writers = new ArrayList<>();
        try {
            CompletableFuture<Void> a = waitingWriter(store, "a", writers);
            assertTrue(probe.entered.await(10, TimeUnit.SECONDS), "a leads the first sync");
            CompletableFuture<Void> b = waitingWriter(store, "b", writers);
            awaitParked(writers.get(1));
            CompletableFuture<Void> c = waitingWriter(store, "c", writers);
            awaitParked(writers.get(2));
            assertEquals(3, store.stats().queued());
            probe.release.countDown();
            CompletableFuture.allOf(a, b, c).get(10, TimeUnit.SECONDS);
            assertEquals(List.of(writers.get(0), writers.get(1)), probe.threads,
                    "the first sync in a's thread, the second, for b and c, in b's");
            assertEquals(3, store.stats().commits());
        } finally {
            probe.release.countDown();
            store.close();
        }
    }

    @Test
    void aCallerWhoseStageAnotherThreadCompletesIsWokenByIt() throws Exception {
        // S3: x's stage (synced by the store's thread) completes first, its callback held; b leads the second sync
        // itself, but its stage completes only after x's, in the thread completing x's: that thread wakes b
        Leaders probe = new Leaders();
        RocksStore store = new RocksStore(TestSettings.of(dir), probe);
        CountDownLatch callbackEntered = new CountDownLatch(1);
        CountDownLatch callbackRelease = new CountDownLatch(1);
        List<Thread> writers = new ArrayList<>();
        try {
            store.apply(put("x")).thenRun(() -> {
                callbackEntered.countDown();
                try {
                    callbackRelease.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertTrue(probe.entered.await(10, TimeUnit.SECONDS), "the store's thread syncs x");
            CompletableFuture<Void> b = waitingWriter(store, "b", writers);
            awaitParked(writers.get(0));
            probe.release.countDown();
            assertTrue(callbackEntered.await(10, TimeUnit.SECONDS), "x's stage completes");
            assertTrue(probe.secondReturned.await(10, TimeUnit.SECONDS), "b's sync returns");
            assertEquals(writers.get(0), probe.threads.get(1), "b led the second sync");
            awaitParked(writers.get(0));
            assertTrue(!b.isDone(), "S3: b is not acknowledged before x's stage has completed");
            callbackRelease.countDown();
            b.get(10, TimeUnit.SECONDS);
            assertEquals(2, store.stats().commits());
        } finally {
            probe.release.countDown();
            callbackRelease.countDown();
            store.close();
        }
    }

    @Test
    void manyCallersEachGetTheirAcknowledgement() throws Exception {
        // no wake-up is lost: with syncs that return at once (sync.mode=none) the leadership and the completing
        // change hands as often as they can; every caller returns within its timeout, acknowledged
        RocksSettings noSync = new RocksSettings(dir, false, 4096, 1000, 1024 * 1024, 2, 1_000_000, 268_435_456);
        RocksStore store = new RocksStore(noSync, RocksProbe.NONE);
        int threads = 16;
        int batches = 300;
        ExecutorService writers = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String prefix = "w" + t + "-";
                done.add(writers.submit(() -> {
                    for (int i = 0; i < batches; i++) {
                        store.applyAndWait(put(prefix + (i % 10)), 10, TimeUnit.SECONDS);
                    }
                    return null;
                }));
            }
            for (Future<?> writer : done) {
                writer.get(60, TimeUnit.SECONDS);
            }
            assertEquals(threads * batches, store.stats().commits());
            assertEquals(0, store.stats().queued());
        } finally {
            writers.shutdownNow();
            store.close();
        }
    }

    @Test
    void batchesQueuedWithApplyAreSyncedByTheStoresThreadInOrder() throws Exception {
        RocksStore store = new RocksStore(TestSettings.of(dir), RocksProbe.NONE);
        try {
            List<CompletableFuture<Void>> stages = new ArrayList<>();
            List<Integer> completed = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                int n = i;
                CompletableFuture<Void> stage = store.apply(put("a" + i)).toCompletableFuture();
                stage.thenRun(() -> {
                    synchronized (completed) {
                        completed.add(n);
                    }
                });
                stages.add(stage);
            }
            stages.get(49).get(10, TimeUnit.SECONDS);
            for (CompletableFuture<Void> stage : stages) {
                assertTrue(stage.isDone(), "S3: every batch accepted before an acknowledged one has completed");
            }
            synchronized (completed) {
                for (int i = 0; i < completed.size(); i++) {
                    assertEquals(i, completed.get(i), "S3: acknowledged in acceptance order");
                }
            }
        } finally {
            store.close();
        }
    }

    @Test
    void aBackgroundBatchQueuedJustBeforeACallersRidesOnTheCallersSync() throws Exception {
        AtomicInteger syncs = new AtomicInteger();
        // a delay no test outlives: only the caller's sync can cover the background batch
        WalSync wal = new WalSync(syncs::incrementAndGet, 16, new LatencyWindow(), TimeUnit.HOURS.toNanos(1));
        try {
            WalSync.Pending background = wal.written(System.nanoTime());
            wal.background(background);
            WalSync.Pending caller = wal.written(System.nanoTime());
            wal.await(caller, TimeUnit.SECONDS.toNanos(10));
            assertEquals(1, syncs.get(), "S3: the caller's one sync acknowledges both, so the caller waits for one");
            assertTrue(background.stage.isDone(), "S3: the batch written before the caller's is acknowledged with it");
        } finally {
            wal.close();
        }
    }

    @Test
    void aReleasedBatchIsSyncedByTheStoresThreadWithoutTheBackgroundDelay() throws Exception {
        AtomicInteger syncs = new AtomicInteger();
        // a delay no test outlives: only a prompt sync acknowledges the batch while the test runs
        WalSync wal = new WalSync(syncs::incrementAndGet, 16, new LatencyWindow(), TimeUnit.HOURS.toNanos(1));
        try {
            WalSync.Pending released = wal.written(System.nanoTime());
            wal.prompt(released);
            released.stage.get(10, TimeUnit.SECONDS);
            assertEquals(1, syncs.get(), "S3: acknowledged by one sync that no caller's thread led");
        } finally {
            wal.close();
        }
    }

    @Test
    void closingSyncsABackgroundBatchStillWithinItsDelay() throws Exception {
        AtomicInteger syncs = new AtomicInteger();
        WalSync wal = new WalSync(syncs::incrementAndGet, 16, new LatencyWindow(), TimeUnit.HOURS.toNanos(1));
        WalSync.Pending background = wal.written(System.nanoTime());
        wal.background(background);
        wal.close();
        assertTrue(background.stage.isDone(), "S7: closing acknowledges every batch written before");
        assertEquals(1, syncs.get());
    }

    @Test
    void aFullQueueRefusesWithOverloadedAfterTheAdmissionTime() throws Exception {
        HeldSync probe = new HeldSync();
        RocksSettings one = new RocksSettings(dir, true, 1, 50, 1024 * 1024, 2, 1_000, 1_000_000);
        RocksStore store = new RocksStore(one, probe);
        try {
            CompletableFuture<Void> held = store.apply(put("held")).toCompletableFuture();
            assertTrue(probe.entered.await(10, TimeUnit.SECONDS));
            CompletableFuture<Void> refused = store.apply(put("refused")).toCompletableFuture();
            ExecutionException e = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> refused.get(10, TimeUnit.SECONDS));
            StoreException overloaded = StoreException.from(e);
            assertSame(Reason.OVERLOADED, overloaded.reason());
            assertTrue(overloaded.getMessage().contains("queue.bound=1"), overloaded.getMessage());
            probe.release.countDown();
            held.get(10, TimeUnit.SECONDS);
            store.applyAndWait(put("after"), 10, TimeUnit.SECONDS);
        } finally {
            probe.release.countDown();
            store.close();
        }
    }
}
