package org.estuary.store.journal.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.testing.DiskFullWorkload;
import org.estuary.store.api.testing.SmallTmpfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Store S6 on the journal ({@link DiskFullWorkload#fillAndRecover}): the journal writes into its pre-allocated files
 * until it needs a new one the disk cannot hold; the refusal names the cause, the directory and the remedy.
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
            StoreException full = new DiskFullWorkload(DiskFullWorkload.repeatingKey(4_000)).fillAndRecover(tmpfs,
                    () -> new JournalStore(settings, JournalProbe.NONE), store -> ((JournalStore) store).close());
            assertTrue(full.getMessage().contains("no space left on device in " + data), full.getMessage());
            assertTrue(full.getMessage().contains("free disk space"), "names the remedy: " + full.getMessage());
        }
    }
}
