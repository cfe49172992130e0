package org.estuary.store.journal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.estuary.store.api.Batch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stores page shows the journal's size on disk, the sum of its files. */
class JournalDiskSizeTest {

    @TempDir
    Path dir;

    @Test
    void diskSizeIsTheSumOfTheJournalFiles() throws Exception {
        Path journal = dir.resolve("j");
        JournalStore store = new JournalStore(TestSettings.of(journal).get(), JournalProbe.NONE);
        try {
            store.applyAndWait(Batch.builder().put("disk/a", "k", new byte[4096]).build(), 10, TimeUnit.SECONDS);
            long files;
            try (Stream<Path> list = Files.list(journal)) {
                files = list.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
            }
            assertTrue(files > 4096, "the journal holds the record: " + files);
            assertEquals(files, store.stats().diskBytes());
        } finally {
            store.close();
        }
    }
}
