package org.estuary.store.rocksdb.internal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What RocksDB finds on open and on read: a WAL whose tail was torn (cut short, or its newest record damaged) as a
 * crash leaves it is replayed up to its last whole batch; a damaged table file is CORRUPT on read, never skipped.
 * The crashed state is a copy of the data directory taken while the store is open, after its last batch was
 * acknowledged (so everything is in the synced WAL, as after a kill).
 */
class RecoveryTest {

    @TempDir
    Path dir;

    private RocksStore store;

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    /** Ten small batches, then a last batch whose value carries {@code marker}; returns a copy taken while open. */
    private Path writeAndCopyWhileOpen(String marker) throws Exception {
        Path live = dir.resolve("live");
        store = new RocksStore(TestSettings.of(live), RocksProbe.NONE);
        for (int i = 0; i < 10; i++) {
            ack(Batch.builder().put("rec/a", "k" + i, ("v" + i).getBytes(UTF_8)).build());
        }
        ack(Batch.builder().put("rec/a", "k0", "replaced".getBytes(UTF_8))
                .put("rec/last", "big", (marker + "-".repeat(1500)).getBytes(UTF_8)).build());
        Path crashed = dir.resolve("crashed");
        Files.createDirectories(crashed);
        try (Stream<Path> files = Files.list(live)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, crashed.resolve(f.getFileName()));
            }
        }
        store.close();
        store = null;
        return crashed;
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
    void aTruncatedWalIsReplayedUpToItsLastWholeBatch() throws Exception {
        Path crashed = writeAndCopyWhileOpen("CUTMARK");
        Spot spot = find(crashed, ".log", "CUTMARK");
        try (RandomAccessFile file = new RandomAccessFile(spot.file.toFile(), "rw")) {
            file.setLength(spot.offset + 200);
        }
        store = new RocksStore(TestSettings.of(crashed), RocksProbe.NONE);
        assertFirstTenBatches();
        assertEquals(10, store.stats().records(), "the store counts what it recovered");
        // the store writes on after the cut, and a second restart finds both
        ack(Batch.builder().put("rec/after", "k", "x".getBytes(UTF_8)).build());
        store.close();
        store = new RocksStore(TestSettings.of(crashed), RocksProbe.NONE);
        assertFirstTenBatches();
        assertEquals(Map.of("k", "x"), contents("rec/after"));
    }

    @Test
    void aBitFlipInTheNewestWalRecordDropsThatBatchWhole() throws Exception {
        Path crashed = writeAndCopyWhileOpen("FLIPMARK");
        flip(find(crashed, ".log", "FLIPMARK"), 700);
        store = new RocksStore(TestSettings.of(crashed), RocksProbe.NONE);
        assertFirstTenBatches();
        ack(Batch.builder().put("rec/after", "k", "x".getBytes(UTF_8)).build());
        store.close();
        store = new RocksStore(TestSettings.of(crashed), RocksProbe.NONE);
        assertFirstTenBatches();
        assertEquals(Map.of("k", "x"), contents("rec/after"));
    }

    @Test
    void aBitFlipInATableFileIsReportedAsCorrupt() throws Exception {
        // More than a memtable (64 KB here) of records: RocksDB flushes them into table files, where a damaged block
        // is reported, never skipped
        Path data = dir.resolve("table");
        RocksSettings small = new RocksSettings(data, true, 4096, 1000, 64 * 1024, 0, 1_000_000, 268_435_456);
        store = new RocksStore(small, RocksProbe.NONE);
        ack(Batch.builder().put("rec/m", "early", "MIDMARK-early-value".getBytes(UTF_8)).build());
        for (int i = 0; i < 400; i++) {
            ack(Batch.builder().put("rec/m", "k" + i, new byte[1024]).build());
        }
        store.close();
        flip(find(data, ".sst", "MIDMARK"), 10);
        store = new RocksStore(small, RocksProbe.NONE);
        StoreException scan = assertThrows(StoreException.class, () -> contents("rec/m"));
        assertSame(Reason.CORRUPT, scan.reason());
        assertTrue(scan.getMessage().contains(data.toString()), scan.getMessage());
        assertFalse(scan.reason().isRetryable());
        StoreException write = assertThrows(StoreException.class, () -> ack(Batch.builder()
                .put("rec/m", "new", new byte[1]).build()));
        assertSame(Reason.CORRUPT, write.reason());
        assertEquals(write.getMessage(), store.stats().lastFailure());
    }

    private record Spot(Path file, long offset) {
    }

    /** The first file ending in {@code suffix} under {@code directory} holding {@code marker}, and where. */
    private static Spot find(Path directory, String suffix, String marker) throws IOException {
        byte[] needle = marker.getBytes(UTF_8);
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted().toList();
        }
        for (Path f : files) {
            byte[] content = Files.readAllBytes(f);
            outer:
            for (int i = 0; i + needle.length <= content.length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (content[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return new Spot(f, i);
            }
        }
        throw new AssertionError("no " + suffix + " file in " + directory + " holds " + marker + ": " + files);
    }

    private static void flip(Spot spot, int delta) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(spot.file.toFile(), "rw")) {
            file.seek(spot.offset + delta);
            int b = file.read();
            file.seek(spot.offset + delta);
            file.write(b ^ 0x10);
        }
    }
}
