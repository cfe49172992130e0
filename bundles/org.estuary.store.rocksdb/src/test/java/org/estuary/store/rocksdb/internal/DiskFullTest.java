package org.estuary.store.rocksdb.internal;

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
 * Store S6: the disk under the database fills up (a small tmpfs, filled by a ballast file). The store refuses batches
 * with {@code FULL} and a message naming the cause and the directory, every batch it acknowledged before stays intact,
 * and once space returns it resumes by itself, without a restart; what it acknowledged before and after is there when
 * the database is opened again.
 */
class DiskFullTest {

    private static final long FS_SIZE = 4L * 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void aFullDiskRefusesWithFullKeepsWhatWasAcknowledgedAndResumesWhenSpaceReturns() throws Exception {
        try (SmallTmpfs tmpfs = SmallTmpfs.mount(dir.resolve("mnt"), FS_SIZE)) {
            Path data = tmpfs.path().resolve("rocksdb");
            RocksSettings settings = TestSettings.of(data);
            DiskFullWorkload work = new DiskFullWorkload(key -> valueOf(key, 4_000));
            RocksStore store = new RocksStore(settings, RocksProbe.NONE);
            try {
                for (int i = 0; i < 20; i++) {
                    work.put(store, "before-" + i);
                }
                Path ballast = tmpfs.fill();

                StoreException full = work.writeUntilRefused(store, "filling-");
                assertSame(Reason.FULL, full.reason(), full.getMessage());
                assertTrue(full.getMessage().contains("no space left on device in " + data), full.getMessage());
                assertTrue(full.getMessage().contains("free disk space"), "names the remedy: " + full.getMessage());
                assertTrue(full.reason().isRetryable());

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
            RocksStore reopened = new RocksStore(settings, RocksProbe.NONE);
            try {
                work.assertIntact(reopened, "after reopening the database");
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
