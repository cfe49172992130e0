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
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.RocksDBException;

/**
 * The group commit of WAL syncs (Store S3, S5): batches written while a sync runs share the next one, a leader that
 * holds its sync holds every later acknowledgement, batches queued with {@code apply} are synced by the store's own
 * thread, and a full queue refuses with OVERLOADED after the admission time.
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
