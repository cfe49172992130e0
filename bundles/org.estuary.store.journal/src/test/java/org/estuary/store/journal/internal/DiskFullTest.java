package org.estuary.store.journal.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.testing.SmallTmpfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 4 items 3 and 7, Store S6: the disk under the journal fills up (a small tmpfs, filled by a ballast file).
 * The store refuses batches with {@code FULL} and a message naming the cause and the directory, every batch it
 * acknowledged before stays intact, and once space returns it resumes by itself, without a restart; what it
 * acknowledged before and after is there when the journal is opened again.
 */
class DiskFullTest {

    /** Journal files of 128 KB on a 2 MB file system: a few files fit, then the ballast takes the rest. */
    private static final int FILE_SIZE = 128 * 1024;
    private static final long FS_SIZE = 2L * 1024 * 1024;
    /** Bounds of the write loop that runs into the full disk. */
    private static final int MAX_BATCHES = 5_000;
    private static final long MAX_SECONDS = 60;

    @TempDir
    Path dir;

    @Test
    void aFullDiskRefusesWithFullKeepsWhatWasAcknowledgedAndResumesWhenSpaceReturns() throws Exception {
        try (SmallTmpfs tmpfs = SmallTmpfs.mount(dir.resolve("mnt"), FS_SIZE)) {
            Path data = tmpfs.path().resolve("journal");
            JournalSettings settings = JournalSettings.defaults(data).withFiles(FILE_SIZE, 30, 2);
            Map<String, byte[]> acknowledged = new LinkedHashMap<>();
            JournalStore store = new JournalStore(settings);
            try {
                for (int i = 0; i < 20; i++) {
                    put(store, acknowledged, "before-" + i, 2_000);
                }
                Path ballast = tmpfs.fill();

                // The journal writes into its pre-allocated files until it needs a new one the disk cannot hold.
                StoreException full = writeUntilRefused(store, acknowledged, "filling-");
                assertSame(Reason.FULL, full.reason(), full.getMessage());
                assertTrue(full.getMessage().contains("no space left on device in " + data), full.getMessage());
                assertTrue(full.getMessage().contains("free disk space"), "names the remedy: " + full.getMessage());
                assertTrue(full.reason().isRetryable());

                // While the disk stays full, batches are refused the same way (a batch that still fits into a
                // pre-allocated file may be acknowledged first), and reads still work.
                StoreException again = writeUntilRefused(store, acknowledged, "while-full-");
                assertSame(Reason.FULL, again.reason(), again.getMessage());
                assertAcknowledgedIntact(store, acknowledged, "while the disk is full");
                assertTrue(store.stats().failures() >= 2);

                // Space returns: the next batch is acknowledged, without a restart.
                Files.delete(ballast);
                put(store, acknowledged, "after-space-returns", 4_000);
                for (int i = 0; i < 10; i++) {
                    put(store, acknowledged, "resumed-" + i, 4_000);
                }
                assertAcknowledgedIntact(store, acknowledged, "after space returned");
            } finally {
                store.close();
            }
            JournalStore reopened = new JournalStore(settings);
            try {
                assertAcknowledgedIntact(reopened, acknowledged, "after reopening the journal");
            } finally {
                reopened.close();
            }
        }
    }

    private static void put(JournalStore store, Map<String, byte[]> acknowledged, String key, int length)
            throws Exception {
        byte[] value = valueOf(key, length);
        store.applyAndWait(Batch.builder().put("full/a", key, value).put("full/b", key, valueOf(key, 10)).build(),
                30, TimeUnit.SECONDS);
        acknowledged.put(key, value);
    }

    /** Writes batches until one is refused (bounded in count and time) and returns the refusal. */
    private static StoreException writeUntilRefused(JournalStore store, Map<String, byte[]> acknowledged,
            String prefix) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MAX_SECONDS);
        for (int i = 0; i < MAX_BATCHES && System.nanoTime() < deadline; i++) {
            try {
                put(store, acknowledged, prefix + i, 4_000);
            } catch (StoreException e) {
                return e;
            }
        }
        throw new AssertionError("no batch was refused although the disk was full");
    }

    /** Every acknowledged batch is there whole (both of its records, byte for byte). */
    private static void assertAcknowledgedIntact(JournalStore store, Map<String, byte[]> acknowledged, String when)
            throws StoreException {
        Map<String, byte[]> a = new HashMap<>();
        store.scan("full/a", a::put);
        Map<String, byte[]> b = new HashMap<>();
        store.scan("full/b", b::put);
        for (Map.Entry<String, byte[]> record : acknowledged.entrySet()) {
            assertArrayEquals(record.getValue(), a.get(record.getKey()), when + ": " + record.getKey());
            assertArrayEquals(valueOf(record.getKey(), 10), b.get(record.getKey()), when + ": " + record.getKey());
        }
        assertEquals(a.keySet(), b.keySet(), when + ": every batch is there entirely or not at all");
    }

    private static byte[] valueOf(String key, int length) {
        StringBuilder text = new StringBuilder();
        while (text.length() < length) {
            text.append(key).append(';');
        }
        return text.substring(0, length).getBytes(UTF_8);
    }
}
