package org.estuary.store.rocksdb.internal;

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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.estuary.store.api.testing.TornTail;
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

    /** {@link TornTail#write}, then a copy of the data directory taken while the store is open. */
    private Path writeAndCopyWhileOpen(String marker) throws Exception {
        Path live = dir.resolve("live");
        store = new RocksStore(TestSettings.of(live), RocksProbe.NONE);
        TornTail.write(store, marker);
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

    @Test
    void aTruncatedWalIsReplayedUpToItsLastWholeBatch() throws Exception {
        Path crashed = writeAndCopyWhileOpen("CUTMARK");
        TornTail.cut(TornTail.find(crashed, ".log", "CUTMARK"), 200);
        store = new RocksStore(TestSettings.of(crashed), RocksProbe.NONE);
        assertFirstTenBatches(store);
        assertEquals(10, store.stats().records(), "the store counts what it recovered");
        // the store writes on after the cut, and a second restart finds both
        writeAfter(store);
        store.close();
        store = new RocksStore(TestSettings.of(crashed), RocksProbe.NONE);
        assertFirstTenBatches(store);
        assertAfter(store);
    }

    @Test
    void aBitFlipInTheNewestWalRecordDropsThatBatchWhole() throws Exception {
        Path crashed = writeAndCopyWhileOpen("FLIPMARK");
        TornTail.flip(TornTail.find(crashed, ".log", "FLIPMARK"), 700);
        store = new RocksStore(TestSettings.of(crashed), RocksProbe.NONE);
        assertFirstTenBatches(store);
        writeAfter(store);
        store.close();
        store = new RocksStore(TestSettings.of(crashed), RocksProbe.NONE);
        assertFirstTenBatches(store);
        assertAfter(store);
    }

    @Test
    void aBitFlipInATableFileIsReportedAsCorrupt() throws Exception {
        // More than a memtable (64 KB here) of records: RocksDB flushes them into table files, where a damaged block
        // is reported, never skipped
        Path data = dir.resolve("table");
        RocksSettings small = new RocksSettings(data, true, 4096, 1000, 64 * 1024, 0, 1_000_000, 268_435_456);
        store = new RocksStore(small, RocksProbe.NONE);
        ack(store, Batch.builder().put("rec/m", "early", "MIDMARK-early-value".getBytes(UTF_8)).build());
        for (int i = 0; i < 400; i++) {
            ack(store, Batch.builder().put("rec/m", "k" + i, new byte[1024]).build());
        }
        store.close();
        TornTail.flip(TornTail.find(data, ".sst", "MIDMARK"), 10);
        store = new RocksStore(small, RocksProbe.NONE);
        StoreException scan = assertThrows(StoreException.class, () -> contents(store, "rec/m"));
        assertSame(Reason.CORRUPT, scan.reason());
        assertTrue(scan.getMessage().contains(data.toString()), scan.getMessage());
        assertFalse(scan.reason().isRetryable());
        StoreException write = assertThrows(StoreException.class, () -> ack(store, Batch.builder()
                .put("rec/m", "new", new byte[1]).build()));
        assertSame(Reason.CORRUPT, write.reason());
        assertEquals(write.getMessage(), store.stats().lastFailure());
    }
}
