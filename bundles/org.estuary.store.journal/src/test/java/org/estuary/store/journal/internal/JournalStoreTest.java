package org.estuary.store.journal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.annotation.Annotation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal store: group commit, back-pressure, compaction, failures and recovery from them, configuration. */
class JournalStoreTest {

    @TempDir
    Path dir;

    @Test
    void concurrentBatchesShareOneSync() throws Exception {
        // Group commit; each stage completes only after the sync that covers its batch. Artemis's buffer flushes
        // again at the earliest its timeout after a flush: a second here, so every batch appended once the held
        // sync is let go, however slowly the machine appends them, shares the one sync after it.
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).withBufferTimeout(1_000_000).get(),
                probe);
        CountDownLatch held = new CountDownLatch(1);
        try {
            probe.holdSyncs(held);
            List<CompletableFuture<Void>> stages = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                stages.add(store.apply(Batch.builder().put("gc/a", "k" + i, new byte[1024]).build())
                        .toCompletableFuture());
            }
            assertFalse(stages.get(0).isDone(), "nothing is acknowledged before its sync");
            long before = probe.syncs();
            long timedBefore = probe.syncNanos();
            held.countDown();
            CompletableFuture.allOf(stages.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
            assertTrue(probe.syncs() - before <= 2, "200 queued batches took " + (probe.syncs() - before)
                    + " syncs");
            // the time inside fdatasync is counted with the syncs (the store benchmark's sync_busy)
            assertTrue(probe.syncs() > before && probe.syncNanos() > timedBefore, "syncs "
                    + (probe.syncs() - before) + ", time in them " + (probe.syncNanos() - timedBefore) + " ns");
        } finally {
            held.countDown();
            store.close();
        }
    }

    @Test
    void batchesThatReplaceAndDeleteEachOthersRecordsInOneSyncRecoverAsAcknowledged() throws Exception {
        // Store S2/S3: batches sharing one sync replace and delete records the batches before them added, each in
        // its own Artemis transaction; after reopening, the store holds what was acknowledged
        Path data = dir.resolve("j");
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(data).get(), probe);
        CountDownLatch held = new CountDownLatch(1);
        try {
            probe.holdSyncs(held);
            List<CompletableFuture<Void>> stages = new ArrayList<>();
            stages.add(store.apply(Batch.builder().put("tx/a", "k", "1".getBytes()).build()).toCompletableFuture());
            stages.add(store.apply(Batch.builder().put("tx/a", "gone", "x".getBytes()).build())
                    .toCompletableFuture());
            stages.add(store.apply(Batch.builder().put("tx/a", "k", "2".getBytes()).build()).toCompletableFuture());
            stages.add(store.apply(Batch.builder().delete("tx/a", "gone").put("tx/a", "other", "o".getBytes())
                    .build()).toCompletableFuture());
            stages.add(store.apply(Batch.builder().put("tx/a", "k", "3".getBytes()).build()).toCompletableFuture());
            long before = probe.syncs();
            held.countDown();
            CompletableFuture.allOf(stages.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
            assertTrue(probe.syncs() - before <= 2, "five queued batches took " + (probe.syncs() - before)
                    + " syncs");
        } finally {
            held.countDown();
            store.close();
        }
        JournalStore again = new JournalStore(TestSettings.of(data).get(), JournalProbe.NONE);
        try {
            java.util.Map<String, String> records = new java.util.TreeMap<>();
            again.scan("tx/a", (k, v) -> records.put(k, new String(v)));
            assertEquals(java.util.Map.of("k", "3", "other", "o"), records);
            assertEquals(List.of(), again.recovered());
        } finally {
            again.close();
        }
    }

    @Test
    void aDeleteThenAReplacedRecordInOneSyncSurviveChurnAndARestart() throws Exception {
        // Store S2/S3: a batch that only deletes, then a record that the next batch replaces, all in one sync. Churn
        // afterwards lets Artemis compact the files, and the reopened store holds what was acknowledged.
        Path data = dir.resolve("j");
        JournalSettings settings = TestSettings.of(data).withFiles(128 * 1024, 30, 2).get();
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(settings, probe);
        CountDownLatch held = new CountDownLatch(1);
        try {
            store.applyAndWait(Batch.builder().put("tx/b", "old", "o".getBytes()).build(), 10, TimeUnit.SECONDS);
            probe.holdSyncs(held);
            List<CompletableFuture<Void>> stages = new ArrayList<>();
            stages.add(store.apply(Batch.builder().delete("tx/b", "old").build()).toCompletableFuture());
            stages.add(store.apply(Batch.builder().put("tx/b", "k", "1".getBytes()).build()).toCompletableFuture());
            stages.add(store.apply(Batch.builder().put("tx/b", "k", "2".getBytes()).build()).toCompletableFuture());
            held.countDown();
            CompletableFuture.allOf(stages.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
            byte[] value = new byte[1024];
            for (int round = 0; round < 100; round++) {
                Batch.Builder put = Batch.builder();
                for (int k = 0; k < 20; k++) {
                    put.put("tx/churn", "r" + k, value);
                }
                store.applyAndWait(put.build(), 10, TimeUnit.SECONDS);
            }
        } finally {
            held.countDown();
            store.close();
        }
        JournalStore again = new JournalStore(settings, JournalProbe.NONE);
        try {
            java.util.Map<String, String> records = new java.util.TreeMap<>();
            again.scan("tx/b", (k, v) -> records.put(k, new String(v)));
            assertEquals(java.util.Map.of("k", "2"), records);
            assertEquals(List.of(), again.recovered());
        } finally {
            again.close();
        }
    }

    @Test
    void aFullQueueRefusesWithOverloadedAfterTheAdmissionTime() throws Exception {
        // Store S5: bounded queue, bounded wait, then OVERLOADED
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).withQueue(4, 50).get(), probe);
        CountDownLatch held = new CountDownLatch(1);
        try {
            CountDownLatch holding = probe.holdSyncs(held);
            List<CompletableFuture<Void>> accepted = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                accepted.add(store.apply(Batch.builder().put("bp/a", "k" + i, new byte[1]).build())
                        .toCompletableFuture());
            }
            assertTrue(holding.await(10, TimeUnit.SECONDS), "the first batch's sync waits on the hold");
            long start = System.nanoTime();
            CompletableFuture<Void> refused = store.apply(Batch.builder().put("bp/a", "over", new byte[1]).build())
                    .toCompletableFuture();
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            ExecutionException e = assertThrows(ExecutionException.class, () -> refused.get(1, TimeUnit.SECONDS));
            StoreException overloaded = StoreException.from(e);
            assertSame(Reason.OVERLOADED, overloaded.reason());
            assertTrue(overloaded.getMessage().contains("queue.bound"), overloaded.getMessage());
            assertTrue(waited >= 40 && waited < 5_000, "waited " + waited + " ms");
            held.countDown();
            CompletableFuture.allOf(accepted.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
        } finally {
            held.countDown();
            store.close();
        }
    }

    @Test
    void churnKeepsTheDirectoryBoundedAndReusesItsFiles() throws Exception {
        // Compaction; rounds of puts and deletes do not grow the data directory without bound, and the files compaction
        // frees are written over (journal.pool.files), not deleted and laid out anew
        Set<String> pooled = churnFiles(TestSettings.of(dir.resolve("j")).withFiles(128 * 1024, 30, 2).get());
        assertTrue(pooled.size() <= 12, "the journal kept writing over the same few files: " + pooled);
        // the same churn with a pool of 2 (Artemis's minimum) deletes freed files and lays out new ones
        Set<String> unpooled = churnFiles(TestSettings.of(dir.resolve("unpooled")).withFiles(128 * 1024, 30,
                2).withPool(2).get());
        assertTrue(unpooled.size() > 2 * pooled.size(), "without a pool the journal lays out new files: " + unpooled);
    }

    /**
     * Runs 300 rounds of puts and deletes of 20 KB on a store of {@code settings} and returns every journal file
     * name seen from round 100 on; checks that the directory stayed within 24 files and that only the last round's
     * record is left after a restart.
     */
    private static Set<String> churnFiles(JournalSettings settings) throws Exception {
        Path data = settings.directory();
        JournalStore store = new JournalStore(settings, JournalProbe.NONE);
        long largest = 0;
        Set<String> names = new TreeSet<>();
        try {
            byte[] value = new byte[1024];
            for (int round = 0; round < 300; round++) {
                Batch.Builder put = Batch.builder();
                for (int k = 0; k < 20; k++) {
                    put.put("churn/a", "r" + round + "-" + k, value);
                }
                put.put("churn/keep", "round", Integer.toString(round).getBytes());
                store.applyAndWait(put.build(), 10, TimeUnit.SECONDS);
                Batch.Builder delete = Batch.builder();
                for (int k = 0; k < 20; k++) {
                    delete.delete("churn/a", "r" + round + "-" + k);
                }
                store.applyAndWait(delete.build(), 10, TimeUnit.SECONDS);
                if (round >= 100) {
                    largest = Math.max(largest, JournalFiles.directorySize(data));
                    try (Stream<Path> files = Files.list(data)) {
                        files.map(f -> f.getFileName().toString())
                                .filter(n -> n.endsWith("." + ArtemisJournal.EXTENSION)).forEach(names::add);
                    }
                }
            }
        } finally {
            store.close();
        }
        // 300 rounds wrote about 6 MB; live data is one small record
        assertTrue(largest <= 24 * 128 * 1024, "directory grew to " + largest + " bytes");
        JournalStore again = new JournalStore(settings, JournalProbe.NONE);
        try {
            List<String> rounds = new ArrayList<>();
            again.scan("churn/keep", (k, v) -> rounds.add(new String(v)));
            assertEquals(List.of("299"), rounds);
            assertEquals(1, again.stats().records());
        } finally {
            again.close();
        }
        return names;
    }

    @Test
    void anUnusableDirectoryIsUnavailableAndTheStoreResumesWhenItIsFixed() throws Exception {
        // Store S6: the failure names the cause; the store resumes once the cause is gone
        Path blocked = dir.resolve("blocked");
        Files.writeString(blocked, "a file where the directory should be");
        JournalStore store = new JournalStore(TestSettings.of(blocked.resolve("journal")).get(), JournalProbe.NONE);
        try {
            StoreException failed = assertThrows(StoreException.class, () -> store.applyAndWait(Batch.builder()
                    .put("un/a", "k", new byte[1]).build(), 10, TimeUnit.SECONDS));
            assertSame(Reason.UNAVAILABLE, failed.reason());
            assertTrue(failed.getMessage().contains(blocked.toString()), failed.getMessage());
            assertSame(Reason.UNAVAILABLE, assertThrows(StoreException.class, () -> store.spaces()).reason());
            Files.delete(blocked);
            store.applyAndWait(Batch.builder().put("un/a", "k", new byte[1]).build(), 10, TimeUnit.SECONDS);
            assertEquals(1, store.stats().records());
        } finally {
            store.close();
        }
    }

    @Test
    void aFailedSyncLeavesItsBatchUnknownAndTheStoreReopensWithWhatWasAcknowledged() throws Exception {
        // Store S1/S6: fdatasync reports a write-back error: the batch's outcome is unknown, the message names the
        // cause, and the next batch reopens the journal from what is on disk
        TestProbe probe = new TestProbe();
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).get(), probe);
        try {
            store.applyAndWait(Batch.builder().put("sf/a", "kept", "1".getBytes()).build(), 10, TimeUnit.SECONDS);
            probe.failNextSync();
            StoreException failed = assertThrows(StoreException.class, () -> store.applyAndWait(Batch.builder()
                    .put("sf/a", "maybe", "2".getBytes()).build(), 10, TimeUnit.SECONDS));
            assertSame(Reason.UNAVAILABLE, failed.reason());
            assertTrue(failed.outcomeUnknown(), "written, then the sync failed: " + failed);
            assertTrue(failed.getMessage().contains("injected sync failure"), failed.getMessage());
            store.applyAndWait(Batch.builder().put("sf/a", "after", "3".getBytes()).build(), 10, TimeUnit.SECONDS);
            java.util.Map<String, String> records = new java.util.TreeMap<>();
            store.scan("sf/a", (k, v) -> records.put(k, new String(v)));
            assertEquals("1", records.get("kept"));
            assertEquals("3", records.get("after"));
        } finally {
            store.close();
        }
    }

    @Test
    void aRecordLargerThanAJournalFileIsTooLarge() throws Exception {
        // A batch the store can never hold fails as TOO_LARGE with the setting to raise
        JournalStore store = new JournalStore(TestSettings.of(dir.resolve("j")).withFiles(64 * 1024, 30,
                4).get(), JournalProbe.NONE);
        try {
            StoreException failed = assertThrows(StoreException.class, () -> store.applyAndWait(Batch.builder()
                    .put("big/a", "k", new byte[70_000]).build(), 10, TimeUnit.SECONDS));
            assertSame(Reason.TOO_LARGE, failed.reason());
            assertTrue(failed.getMessage().contains("journal.file.size"), failed.getMessage());
        } finally {
            store.close();
        }
    }

    @Test
    void configurationDefaultsAndBadValues() {
        // the configured data directory (StoreComponentTest: ${karaf.data} in it); bad values refused
        assertEquals(dir.toAbsolutePath().normalize(),
                JournalStoreComponent.settingsOf(config("fsync", 16), null).directory());
        assertThrows(IllegalArgumentException.class, () -> JournalStoreComponent.settingsOf(config("sometimes",
                4096), null));
        assertThrows(IllegalArgumentException.class, () -> JournalStoreComponent.settingsOf(config("fsync", 0),
                null));
        assertFalse(JournalStoreComponent.settingsOf(config("none", 16), null).sync());
        assertEquals(8, JournalStoreComponent.settingsOf(config("fsync", 16), null).poolFiles());
        IllegalArgumentException pool = assertThrows(IllegalArgumentException.class,
                () -> TestSettings.of(dir).withPool(1).get());
        assertTrue(pool.getMessage().contains("journal.pool.files"), pool.getMessage());
    }

    private JournalStoreComponent.Config config(String syncMode, int queueBound) {
        Path data = dir;
        return new JournalStoreComponent.Config() {
            @Override
            public Class<? extends Annotation> annotationType() {
                return JournalStoreComponent.Config.class;
            }

            @Override
            public String data_directory() {
                return data.toString();
            }

            @Override
            public String sync_mode() {
                return syncMode;
            }

            @Override
            public int queue_bound() {
                return queueBound;
            }

            @Override
            public long admission_timeout_ms() {
                return 1000;
            }

            @Override
            public int compaction_threshold() {
                return 30;
            }

            @Override
            public int compaction_min_files() {
                return 4;
            }

            @Override
            public int journal_file_size() {
                return 1024 * 1024;
            }

            @Override
            public int journal_buffer_timeout_us() {
                return 100;
            }

            @Override
            public int journal_pool_files() {
                return 8;
            }

            @Override
            public long max_records() {
                return 1000;
            }

            @Override
            public long max_bytes() {
                return 1_000_000;
            }
        };
    }
}
