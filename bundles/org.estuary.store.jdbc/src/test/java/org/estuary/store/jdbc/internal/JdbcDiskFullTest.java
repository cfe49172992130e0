package org.estuary.store.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.UUID;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.testing.DiskFullWorkload;
import org.estuary.store.api.testing.SmallTmpfs;
import org.junit.jupiter.api.Test;
import org.estuary.store.jdbc.testing.PostgresServer;

/**
 * Store S6 on PostgreSQL ({@link DiskFullWorkload#fillAndRecover}): its data directory on the small tmpfs; the
 * refusal names the cause (SQLSTATE 53100) and the remedy; a new store over the same tables finds every acknowledged
 * batch.
 */
class JdbcDiskFullTest {

    /** initdb takes about 40 MB (16 MB of it the first WAL segment); the ballast takes the rest. */
    private static final long FS_SIZE = 96L * 1024 * 1024;

    @Test
    void aFullDatabaseDiskRefusesWithFullKeepsWhatWasAcknowledgedAndResumesWhenSpaceReturns() throws Exception {
        // Under target/, not a JUnit temporary directory: those are private to root, the server runs as postgres;
        // short, since the server's socket path must stay under 108 bytes.
        Path mountPoint = Path.of("target", "fd-" + UUID.randomUUID().toString().substring(0, 8)).toAbsolutePath();
        try (SmallTmpfs tmpfs = SmallTmpfs.mount(mountPoint, FS_SIZE);
                PostgresServer server = PostgresServer.start("full", tmpfs.path())) {
            Settings settings = new Settings("full_", 1_000_000, 1L << 30, 64, 1_000, 16, 30);
            StoreException full = new DiskFullWorkload(JdbcDiskFullTest::valueOf).fillAndRecover(tmpfs,
                    () -> Stores.open(server.dataSource("estuary-full-test"), settings),
                    store -> ((JdbcStore) store).close());
            assertTrue(full.getMessage().contains("database disk full (SQLSTATE 53100)"), full.getMessage());
            assertTrue(full.getMessage().contains("free space"), "names the remedy: " + full.getMessage());
        } finally {
            Files.deleteIfExists(mountPoint);
        }
    }

    /** 16 KB that PostgreSQL cannot compress (TOAST would shrink a repetitive value to almost nothing). */
    private static byte[] valueOf(String key) {
        byte[] value = new byte[16 * 1024];
        new Random(key.hashCode()).nextBytes(value);
        return value;
    }
}
