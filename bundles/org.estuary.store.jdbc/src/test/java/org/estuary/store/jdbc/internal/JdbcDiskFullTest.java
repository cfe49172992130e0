package org.estuary.store.jdbc.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.testing.SmallTmpfs;
import org.junit.jupiter.api.Test;

/**
 * Issue 4 items 3 and 7, Store S6, for the jdbc store: the disk under PostgreSQL fills up (its data directory on a
 * small tmpfs, filled by a ballast file). The store refuses batches with {@code FULL} and a message naming the
 * cause (SQLSTATE 53100), every batch it acknowledged stays intact, and once space returns it resumes by itself.
 */
class JdbcDiskFullTest {

    /** initdb takes about 40 MB (16 MB of it the first WAL segment); the ballast takes the rest. */
    private static final long FS_SIZE = 96L * 1024 * 1024;
    private static final int MAX_BATCHES = 5_000;
    private static final long MAX_SECONDS = 60;

    @Test
    void aFullDatabaseDiskRefusesWithFullKeepsWhatWasAcknowledgedAndResumesWhenSpaceReturns() throws Exception {
        // Under target/, not a JUnit temporary directory: those are private to root, the server runs as postgres;
        // short, since the server's socket path must stay under 108 bytes.
        Path mountPoint = Path.of("target", "fd-" + UUID.randomUUID().toString().substring(0, 8)).toAbsolutePath();
        try (SmallTmpfs tmpfs = SmallTmpfs.mount(mountPoint, FS_SIZE);
                PostgresServer server = PostgresServer.start("full", tmpfs.path())) {
            JdbcStore store = JdbcStore.open(server.dataSource("estuary-full-test"),
                    new Settings("full_", 1_000_000, 1L << 30, 64, 1_000, 16, 30));
            Map<String, byte[]> acknowledged = new LinkedHashMap<>();
            try {
                for (int i = 0; i < 20; i++) {
                    put(store, acknowledged, "before-" + i);
                }
                Path ballast = tmpfs.fill();

                StoreException full = writeUntilRefused(store, acknowledged, "filling-");
                assertSame(Reason.FULL, full.reason(), full.getMessage());
                assertTrue(full.getMessage().contains("database disk full (SQLSTATE 53100)"), full.getMessage());
                assertTrue(full.getMessage().contains("free space"), "names the remedy: " + full.getMessage());
                assertAcknowledgedIntact(store, acknowledged, "while the disk is full");

                Files.delete(ballast);
                put(store, acknowledged, "after-space-returns");
                for (int i = 0; i < 10; i++) {
                    put(store, acknowledged, "resumed-" + i);
                }
                assertAcknowledgedIntact(store, acknowledged, "after space returned");
            } finally {
                store.close();
            }
            JdbcStore reopened = JdbcStore.open(server.dataSource("estuary-full-test"), store.settings());
            try {
                assertAcknowledgedIntact(reopened, acknowledged, "in a new store over the same tables");
            } finally {
                reopened.close();
            }
        } finally {
            Files.deleteIfExists(mountPoint);
        }
    }

    private static void put(JdbcStore store, Map<String, byte[]> acknowledged, String key) throws Exception {
        byte[] value = valueOf(key);
        store.applyAndWait(Batch.builder().put("full/a", key, value).put("full/b", key, key.getBytes()).build(), 30,
                TimeUnit.SECONDS);
        acknowledged.put(key, value);
    }

    /** Writes batches until one is refused (bounded in count and time) and returns the refusal. */
    private static StoreException writeUntilRefused(JdbcStore store, Map<String, byte[]> acknowledged,
            String prefix) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MAX_SECONDS);
        for (int i = 0; i < MAX_BATCHES && System.nanoTime() < deadline; i++) {
            try {
                put(store, acknowledged, prefix + i);
            } catch (StoreException e) {
                return e;
            }
        }
        throw new AssertionError("no batch was refused although the database's disk was full");
    }

    /** Every acknowledged batch is there whole (both of its records, byte for byte). */
    private static void assertAcknowledgedIntact(JdbcStore store, Map<String, byte[]> acknowledged, String when)
            throws StoreException {
        Map<String, byte[]> a = new HashMap<>();
        store.scan("full/a", a::put);
        Map<String, byte[]> b = new HashMap<>();
        store.scan("full/b", b::put);
        for (Map.Entry<String, byte[]> record : acknowledged.entrySet()) {
            assertArrayEquals(record.getValue(), a.get(record.getKey()), when + ": " + record.getKey());
            assertArrayEquals(record.getKey().getBytes(), b.get(record.getKey()), when + ": " + record.getKey());
        }
        assertEquals(a.keySet(), b.keySet(), when + ": every batch is there entirely or not at all");
    }

    /** 16 KB that PostgreSQL cannot compress (TOAST would shrink a repetitive value to almost nothing). */
    private static byte[] valueOf(String key) {
        byte[] value = new byte[16 * 1024];
        new Random(key.hashCode()).nextBytes(value);
        return value;
    }
}
