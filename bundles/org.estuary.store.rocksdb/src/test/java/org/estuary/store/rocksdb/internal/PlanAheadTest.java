package org.estuary.store.rocksdb.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batches planned before the write lock (Store S2, S5): a plan is used only if no batch written since it began
 * reading touched its keys or cleared their spaces, so the store's record and byte counts stay those of the
 * database.
 */
class PlanAheadTest {

    /** Batches each of the eight writers applies. */
    private static final int BATCHES = 400;

    @TempDir
    Path dir;

    private static Batch put(String space, String key, int length) {
        return Batch.builder().put(space, key, new byte[length]).build();
    }

    @Test
    void aPlanIsCurrentUnlessALaterBatchTouchedWhatItRead() throws Exception {
        try (Engine engine = Engine.open(TestSettings.of(dir))) {
            RecentWrites recent = new RecentWrites(4);
            try (BatchPlan plan = BatchPlan.plan(put("a/x", "k", 10), engine.db, recent.count());
                    BatchPlan otherKey = BatchPlan.plan(put("a/x", "other", 10), engine.db, recent.count());
                    BatchPlan otherSpace = BatchPlan.plan(put("a/y", "k", 10), engine.db, recent.count())) {
                recent.add(otherKey);
                recent.add(otherSpace);
                assertTrue(recent.current(plan), "batches of other keys leave what the plan read as it was");
                try (BatchPlan sameKey = BatchPlan.plan(
                        Batch.builder().delete("a/x", "k").build(), engine.db, recent.count())) {
                    recent.add(sameKey);
                }
                assertFalse(recent.current(plan), "S5: a batch of the same key changed the size the plan read");
            }
            try (BatchPlan plan = BatchPlan.plan(put("a/x", "k", 10), engine.db, recent.count());
                    BatchPlan clear = BatchPlan.plan(Batch.builder().clear("a/x").build(), engine.db, recent.count())) {
                recent.add(clear);
                assertFalse(recent.current(plan), "a clear of the plan's space changed what it read");
            }
            try (BatchPlan plan = BatchPlan.plan(put("a/z", "k", 10), engine.db, recent.count());
                    BatchPlan other = BatchPlan.plan(put("a/w", "k", 10), engine.db, recent.count())) {
                for (int i = 0; i < 5; i++) {
                    recent.add(other);
                }
                assertFalse(recent.current(plan), "more batches written since the plan than are remembered");
            }
        }
    }

    @Test
    void countsKeptWhileWritersRaceOnTheSameKeysAreTheDatabasesCounts() throws Exception {
        // Store S5: eight writers put and delete the same twenty keys with values of changing sizes: each batch's
        // effect on the counts must be measured against the batch before it, as a recount after a restart finds them
        StoreStats kept = keptWhileWriting((writer, i) -> {
            String key = "k" + ((i * 7 + writer) % 20);
            return (i + writer) % 5 == 0 ? Batch.builder().delete("race/t", key).build()
                    : put("race/t", key, 1 + (i * 31 + writer * 17) % 300);
        });
        assertCountedAgainOnOpen(kept);
    }

    @Test
    void aPutOfANewKeyIsNotLookedUpAndCountsAsANewRecord() throws Exception {
        // Store S5 with Batch.Builder.putNew: the plan takes the caller's word that the store holds no record at
        // the key, so a new key costs no point read; the batch's own earlier operations on the key still count
        try (Engine engine = Engine.open(TestSettings.of(dir))) {
            engine.db.put(engine.writes, Keys.of("a/x", "k"), new byte[10]);
            try (BatchPlan looked = BatchPlan.plan(put("a/x", "k", 4), engine.db, 0);
                    BatchPlan trusted = BatchPlan.plan(Batch.builder().putNew("a/x", "k", new byte[4]).build(),
                            engine.db, 0);
                    BatchPlan inBatch = BatchPlan.plan(Batch.builder().put("a/x", "n", new byte[3])
                            .putNew("a/x", "n", new byte[4]).build(), engine.db, 0)) {
                assertEquals(new BatchPlan.Effect(0, -6, 1, 5), looked.effect, "a put measures what it replaces");
                assertEquals(new BatchPlan.Effect(1, 5, 1, 5), trusted.effect,
                        "a new key's put is not looked up: one more record of 1 + 4 bytes");
                assertEquals(new BatchPlan.Effect(1, 5, 1, 5), inBatch.effect,
                        "the batch's own earlier put of the key is still measured");
            }
        }
    }

    @Test
    void newKeysPutByConcurrentWritersAreCountedAsARecountFindsThem() throws Exception {
        // Store S5 with Batch.Builder.putNew: the mailbox's events, keys no one wrote before, put by many writers
        // at once, each dropping the one it put ten batches before
        StoreStats kept = keptWhileWriting((writer, i) -> {
            Batch.Builder batch = Batch.builder().putNew("new/t", writer + "." + i, new byte[1 + i % 50]);
            if (i >= 10) {
                batch.delete("new/t", writer + "." + (i - 10));
            }
            return batch.build();
        });
        assertEquals(80, kept.records(), "ten records left by each writer");
        assertCountedAgainOnOpen(kept);
    }

    /** The {@code i}th batch of writer {@code writer}. */
    private interface Writes {
        Batch batch(int writer, int i);
    }

    /** Eight writers apply {@value #BATCHES} batches each to a fresh store; its stats once all are acknowledged. */
    private StoreStats keptWhileWriting(Writes writes) throws Exception {
        RocksStore store = new RocksStore(TestSettings.of(dir), RocksProbe.NONE);
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int writer = t;
                done.add(writers.submit(() -> {
                    for (int i = 0; i < BATCHES; i++) {
                        store.applyAndWait(writes.batch(writer, i), 10, TimeUnit.SECONDS);
                    }
                    return null;
                }));
            }
            for (Future<?> writer : done) {
                writer.get(60, TimeUnit.SECONDS);
            }
            return store.stats();
        } finally {
            writers.shutdownNow();
            store.close();
        }
    }

    /** The counts a store kept while written equal those it counts when it opens the same directory again. */
    private void assertCountedAgainOnOpen(StoreStats kept) {
        RocksStore reopened = new RocksStore(TestSettings.of(dir), RocksProbe.NONE);
        try {
            StoreStats counted = reopened.stats();
            assertEquals(counted.records(), kept.records(), "records kept while writing = records recounted");
            assertEquals(counted.bytes(), kept.bytes(), "bytes kept while writing = bytes recounted");
        } finally {
            reopened.close();
        }
    }
}
