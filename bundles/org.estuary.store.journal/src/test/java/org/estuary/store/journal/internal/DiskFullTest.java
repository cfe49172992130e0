package org.estuary.store.journal.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.testing.DiskFullWorkload;
import org.estuary.store.api.testing.SmallTmpfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Store S6: the disk under the journal fills up (a small tmpfs, filled by a ballast file). The store refuses batches
 * with {@code FULL} and a message naming the cause and the directory, every batch it acknowledged before stays intact,
 * and once space returns it resumes by itself, without a restart; what it acknowledged before and after is there when
 * the journal is opened again.
 */
class DiskFullTest {

    /** Journal files of 128 KB on a 2 MB file system: a few files fit, then the ballast takes the rest. */
    private static final int FILE_SIZE = 128 * 1024;
    private static final long FS_SIZE = 2L * 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void aFullDiskRefusesWithFullKeepsWhatWasAcknowledgedAndResumesWhenSpaceReturns() throws Exception {
        try (SmallTmpfs tmpfs = SmallTmpfs.mount(dir.resolve("mnt"), FS_SIZE)) {
            Path data = tmpfs.path().resolve("journal");
            JournalSettings settings = TestSettings.of(data).withFiles(FILE_SIZE, 30, 2).get();
            DiskFullWorkload work = new DiskFullWorkload(key -> valueOf(key, 4_000));
            JournalStore store = new JournalStore(settings, JournalProbe.NONE);
            try {
                for (int i = 0; i < 20; i++) {
                    work.put(store, "before-" + i);
                }
                Path ballast = tmpfs.fill();

                // The journal writes into its pre-allocated files until it needs a new one the disk cannot hold.
                StoreException full = work.writeUntilRefused(store, "filling-");
                assertSame(Reason.FULL, full.reason(), full.getMessage());
                assertTrue(full.getMessage().contains("no space left on device in " + data), full.getMessage());
                assertTrue(full.getMessage().contains("free disk space"), "names the remedy: " + full.getMessage());
                assertTrue(full.reason().isRetryable());

                // While the disk stays full, batches are refused the same way (a batch that still fits into a
                // pre-allocated file may be acknowledged first), and reads still work.
                StoreException again = work.writeUntilRefused(store, "while-full-");
                assertSame(Reason.FULL, again.reason(), again.getMessage());
                work.assertIntact(store, "while the disk is full");
                assertTrue(store.stats().failures() >= 2);

                // Space returns: the next batch is acknowledged, without a restart.
                Files.delete(ballast);
                work.put(store, "after-space-returns");
                for (int i = 0; i < 10; i++) {
                    work.put(store, "resumed-" + i);
                }
                work.assertIntact(store, "after space returned");
            } finally {
                store.close();
            }
            JournalStore reopened = new JournalStore(settings, JournalProbe.NONE);
            try {
                work.assertIntact(reopened, "after reopening the journal");
            } finally {
                reopened.close();
            }
        }
    }

    private static byte[] valueOf(String key, int length) {
        StringBuilder text = new StringBuilder();
        while (text.length() < length) {
            text.append(key).append(';');
        }
        return text.substring(0, length).getBytes(UTF_8);
    }
}
