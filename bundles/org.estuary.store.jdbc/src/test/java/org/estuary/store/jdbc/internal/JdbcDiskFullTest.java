package org.estuary.store.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.UUID;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.testing.DiskFullWorkload;
import org.estuary.store.api.testing.SmallTmpfs;
import org.junit.jupiter.api.Test;
import org.estuary.store.jdbc.testing.PostgresServer;

/**
 * Store S6: the disk under PostgreSQL fills up (its data directory on a small tmpfs, filled by a ballast file). The
 * store refuses batches with {@code FULL} and a message naming the cause (SQLSTATE 53100), every batch it acknowledged
 * stays intact, and once space returns it resumes by itself.
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
            JdbcStore store = JdbcStore.open(server.dataSource("estuary-full-test"),
                    new Settings("full_", 1_000_000, 1L << 30, 64, 1_000, 16, 30));
            DiskFullWorkload work = new DiskFullWorkload(JdbcDiskFullTest::valueOf);
            try {
                for (int i = 0; i < 20; i++) {
                    work.put(store, "before-" + i);
                }
                Path ballast = tmpfs.fill();

                StoreException full = work.writeUntilRefused(store, "filling-");
                assertSame(Reason.FULL, full.reason(), full.getMessage());
                assertTrue(full.getMessage().contains("database disk full (SQLSTATE 53100)"), full.getMessage());
                assertTrue(full.getMessage().contains("free space"), "names the remedy: " + full.getMessage());
                work.assertIntact(store, "while the disk is full");

                Files.delete(ballast);
                work.put(store, "after-space-returns");
                for (int i = 0; i < 10; i++) {
                    work.put(store, "resumed-" + i);
                }
                work.assertIntact(store, "after space returned");
            } finally {
                store.close();
            }
            JdbcStore reopened = JdbcStore.open(server.dataSource("estuary-full-test"), store.settings());
            try {
                work.assertIntact(reopened, "in a new store over the same tables");
            } finally {
                reopened.close();
            }
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
