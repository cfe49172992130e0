package org.estuary.store.journal.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records are checked on read; a torn or bit-flipped tail is cut back to the last valid batch and what was dropped is
 * reported; a damaged record in the middle is CORRUPT, never skipped.
 */
class RecoveryTest {

    @TempDir
    Path dir;

    private JournalStore store;

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    private JournalSettings settings() {
        return TestSettings.of(dir).withFiles(1024 * 1024, 30, 4).get();
    }

    /** Ten small batches, then a last batch whose value carries {@code marker}; the store is closed after. */
    private void writeThenClose(String marker) throws Exception {
        store = new JournalStore(settings(), JournalProbe.NONE);
        for (int i = 0; i < 10; i++) {
            ack(Batch.builder().put("rec/a", "k" + i, ("v" + i).getBytes(UTF_8)).build());
        }
        ack(Batch.builder().put("rec/a", "k0", "replaced".getBytes(UTF_8))
                .put("rec/last", "big", (marker + "-".repeat(1500)).getBytes(UTF_8)).build());
        store.close();
        store = null;
    }

    private void ack(Batch batch) throws Exception {
        store.applyAndWait(batch, 10, TimeUnit.SECONDS);
    }

    private Map<String, String> contents(String space) throws StoreException {
        Map<String, String> records = new HashMap<>();
        store.scan(space, (k, v) -> records.put(k, new String(v, UTF_8)));
        return records;
    }

    private void assertFirstTenBatches() throws StoreException {
        Map<String, String> a = contents("rec/a");
        assertEquals(10, a.size());
        assertEquals("v0", a.get("k0"), "the dropped last batch's replacement of k0 is gone as a whole");
        assertEquals(Map.of(), contents("rec/last"));
    }

    @Test
    void aZeroedTailDropsTheIncompleteBatchAndSaysSo() throws Exception {
        // A torn write (the tail of a pre-allocated file never reached the disk) is cut back
        writeThenClose("TORNMARK");
        JournalFiles.Spot spot = JournalFiles.find(dir, "TORNMARK".getBytes(UTF_8));
        int end = JournalFiles.end(spot.file());
        try (RandomAccessFile file = new RandomAccessFile(spot.file().toFile(), "rw")) {
            file.seek(spot.offset() + 100);
            file.write(new byte[end - spot.offset() - 100]);
        }
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertFirstTenBatches();
        List<String> dropped = store.recovered();
        assertFalse(dropped.isEmpty(), "recovery reports what it dropped");
        assertTrue(dropped.get(0).contains("tail"), dropped.toString());
        // the store writes on after the cut, and a second restart finds both
        ack(Batch.builder().put("rec/after", "k", "x".getBytes(UTF_8)).build());
        store.close();
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertFirstTenBatches();
        assertEquals(Map.of("k", "x"), contents("rec/after"));
    }

    @Test
    void aTruncatedFileIsCutBackToTheLastValidBatch() throws Exception {
        // Truncate the data file inside the last batch
        writeThenClose("CUTMARK");
        JournalFiles.Spot spot = JournalFiles.find(dir, "CUTMARK".getBytes(UTF_8));
        try (RandomAccessFile file = new RandomAccessFile(spot.file().toFile(), "rw")) {
            file.setLength(spot.offset() + 200);
        }
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertFirstTenBatches();
        ack(Batch.builder().put("rec/after", "k", "x".getBytes(UTF_8)).build());
        store.close();
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertEquals(Map.of("k", "x"), contents("rec/after"));
        assertEquals(10, contents("rec/a").size());
    }

    @Test
    void aBitFlipInTheNewestRecordIsATornTail() throws Exception {
        // A record failing its checksum among the newest is dropped, reported, and stays dropped
        writeThenClose("FLIPMARK");
        JournalFiles.Spot spot = JournalFiles.find(dir, "FLIPMARK".getBytes(UTF_8));
        flip(spot, 700);
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertEquals(Map.of(), contents("rec/last"), "the damaged record is not served");
        assertTrue(store.recovered().stream().anyMatch(line -> line.contains("checksum")), store.recovered()
                .toString());
        ack(Batch.builder().put("rec/after", "k", "x".getBytes(UTF_8)).build());
        store.close();
        // the dropped record is deleted for good: not a corrupt middle now
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertEquals(Map.of("k", "x"), contents("rec/after"));
        assertEquals(Map.of(), contents("rec/last"));
    }

    @Test
    void aBitFlipInTheMiddleIsReportedAsCorrupt() throws Exception {
        // A corrupt record with newer records after it is reported, never silently skipped
        store = new JournalStore(settings(), JournalProbe.NONE);
        ack(Batch.builder().put("rec/m", "early", "MIDMARK-early-value".getBytes(UTF_8)).build());
        for (int i = 0; i < 10; i++) {
            ack(Batch.builder().put("rec/m", "k" + i, ("v" + i).getBytes(UTF_8)).build());
        }
        store.close();
        flip(JournalFiles.find(dir, "MIDMARK".getBytes(UTF_8)), 10);
        store = new JournalStore(settings(), JournalProbe.NONE);
        StoreException scan = assertThrows(StoreException.class, () -> contents("rec/m"));
        assertSame(Reason.CORRUPT, scan.reason());
        assertTrue(scan.getMessage().contains(dir.toString()), scan.getMessage());
        StoreException write = assertThrows(StoreException.class, () -> ack(Batch.builder()
                .put("rec/m", "new", new byte[1]).build()));
        assertSame(Reason.CORRUPT, write.reason());
        assertFalse(write.reason().isRetryable());
        assertEquals(write.getMessage(), store.stats().lastFailure());
    }

    private static void flip(JournalFiles.Spot spot, int delta) throws Exception {
        try (RandomAccessFile file = new RandomAccessFile(spot.file().toFile(), "rw")) {
            file.seek(spot.offset() + delta);
            int b = file.read();
            file.seek(spot.offset() + delta);
            file.write(b ^ 0x10);
        }
    }
}
