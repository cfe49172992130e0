package org.estuary.store.journal.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.estuary.store.api.testing.TornTail.ack;
import static org.estuary.store.api.testing.TornTail.assertAfter;
import static org.estuary.store.api.testing.TornTail.assertFirstTenBatches;
import static org.estuary.store.api.testing.TornTail.contents;
import static org.estuary.store.api.testing.TornTail.writeAfter;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.testing.TornTail;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records are checked on read; a torn or bit-flipped tail is cut back to the last valid batch and what was dropped is
 * reported; a damaged record in the middle is CORRUPT, never skipped.
 */
class RecoveryTest {

    private static final String FILES = "." + ArtemisJournal.EXTENSION;

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

    /** {@link TornTail#write}, then the store is closed. */
    private void writeThenClose(String marker) throws Exception {
        store = new JournalStore(settings(), JournalProbe.NONE);
        TornTail.write(store, marker);
        store.close();
        store = null;
    }

    @Test
    void aZeroedTailDropsTheIncompleteBatchAndSaysSo() throws Exception {
        // A torn write (the tail of a pre-allocated file never reached the disk) is cut back
        writeThenClose("TORNMARK");
        TornTail.zeroTail(TornTail.find(dir, FILES, "TORNMARK"), 100);
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertFirstTenBatches(store);
        List<String> dropped = store.recovered();
        assertFalse(dropped.isEmpty(), "recovery reports what it dropped");
        assertTrue(dropped.get(0).contains("tail"), dropped.toString());
        // the store writes on after the cut, and a second restart finds both
        writeAfter(store);
        store.close();
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertFirstTenBatches(store);
        assertAfter(store);
    }

    @Test
    void aTruncatedFileIsCutBackToTheLastValidBatch() throws Exception {
        // Truncate the data file inside the last batch
        writeThenClose("CUTMARK");
        TornTail.cut(TornTail.find(dir, FILES, "CUTMARK"), 200);
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertFirstTenBatches(store);
        writeAfter(store);
        store.close();
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertAfter(store);
        assertEquals(10, contents(store, "rec/a").size());
    }

    @Test
    void aBitFlipInTheNewestRecordIsATornTail() throws Exception {
        // A record failing its checksum among the newest is dropped, reported, and stays dropped
        writeThenClose("FLIPMARK");
        TornTail.flip(TornTail.find(dir, FILES, "FLIPMARK"), 700);
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertEquals(Map.of(), contents(store, "rec/last"), "the damaged record is not served");
        assertTrue(store.recovered().stream().anyMatch(line -> line.contains("checksum")), store.recovered()
                .toString());
        writeAfter(store);
        store.close();
        // the dropped record is deleted for good: not a corrupt middle now
        store = new JournalStore(settings(), JournalProbe.NONE);
        assertAfter(store);
        assertEquals(Map.of(), contents(store, "rec/last"));
    }

    @Test
    void aBitFlipInTheMiddleIsReportedAsCorrupt() throws Exception {
        // A corrupt record with newer records after it is reported, never silently skipped
        store = new JournalStore(settings(), JournalProbe.NONE);
        ack(store, Batch.builder().put("rec/m", "early", "MIDMARK-early-value".getBytes(UTF_8)).build());
        for (int i = 0; i < 10; i++) {
            ack(store, Batch.builder().put("rec/m", "k" + i, ("v" + i).getBytes(UTF_8)).build());
        }
        store.close();
        TornTail.flip(TornTail.find(dir, FILES, "MIDMARK"), 10);
        store = new JournalStore(settings(), JournalProbe.NONE);
        StoreException scan = assertThrows(StoreException.class, () -> contents(store, "rec/m"));
        assertSame(Reason.CORRUPT, scan.reason());
        assertTrue(scan.getMessage().contains(dir.toString()), scan.getMessage());
        StoreException write = assertThrows(StoreException.class, () -> ack(store, Batch.builder()
                .put("rec/m", "new", new byte[1]).build()));
        assertSame(Reason.CORRUPT, write.reason());
        assertFalse(write.reason().isRetryable());
        assertEquals(write.getMessage(), store.stats().lastFailure());
    }
}
