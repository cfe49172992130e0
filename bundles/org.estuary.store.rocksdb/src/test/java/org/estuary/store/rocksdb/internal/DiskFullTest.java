package org.estuary.store.rocksdb.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.testing.DiskFullWorkload;
import org.estuary.store.api.testing.SmallTmpfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Store S6 on the RocksDB store ({@link DiskFullWorkload#fillAndRecover}); the refusal names the directory. */
class DiskFullTest {

    private static final long FS_SIZE = 4L * 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void aFullDiskRefusesWithFullKeepsWhatWasAcknowledgedAndResumesWhenSpaceReturns() throws Exception {
        try (SmallTmpfs tmpfs = SmallTmpfs.mount(dir.resolve("mnt"), FS_SIZE)) {
            Path data = tmpfs.path().resolve("rocksdb");
            RocksSettings settings = TestSettings.of(data);
            StoreException full = new DiskFullWorkload(DiskFullWorkload.repeatingKey(4_000)).fillAndRecover(tmpfs,
                    () -> new RocksStore(settings, RocksProbe.NONE), store -> ((RocksStore) store).close());
            assertTrue(full.getMessage().contains("no space left on device in " + data), full.getMessage());
            assertTrue(full.getMessage().contains("free disk space"), "names the remedy: " + full.getMessage());
        }
    }
}
