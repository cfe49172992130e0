package org.estuary.store.rocksdb.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.TableProperties;

/** The engine settings the store's churn relies on (RocksSettings says why each is set). */
class EngineTest {

    /** How long RocksDB's background compaction may take to drop a file marked for it, at most. */
    private static final long COMPACTION_WAIT_SECONDS = 30;

    @TempDir
    Path dir;

    @Test
    void everyTableFileCarriesAWholeKeyBloomFilter() throws Exception {
        // BatchPlan's lookup of a new key misses in every file: a filter answers it without reading a data block.
        try (Engine engine = Engine.open(TestSettings.of(dir))) {
            putKeys(engine, 0, 500);
            flush(engine);
            Map<String, TableProperties> tables = engine.db.getPropertiesOfAllTables();
            assertFalse(tables.isEmpty(), "the flush wrote a table file");
            for (Map.Entry<String, TableProperties> table : tables.entrySet()) {
                assertEquals("bloomfilter", table.getValue().getFilterPolicyName(), table.getKey());
                assertTrue(table.getValue().getFilterSize() > 0, table.getKey() + " has an empty filter");
            }
        }
    }

    @Test
    void aTableFileOfTombstonesIsCompactedWithoutWaitingForMoreFiles() throws Exception {
        // Level 0 compacts once it holds four files; a file of tombstones is marked for compaction at once
        // (CompactOnDeletionCollectorFactory), and compacted into the last level with the records it deletes.
        try (Engine engine = Engine.open(TestSettings.of(dir))) {
            putKeys(engine, 0, 2_000);
            flush(engine);
            for (int i = 0; i < 2_000; i++) {
                engine.db.delete(engine.writes, key(i));
            }
            flush(engine);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(COMPACTION_WAIT_SECONDS);
            while (tableFiles(engine) > 0 && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(10); // polling RocksDB's own progress, bounded by the deadline
            }
            assertEquals(0, tableFiles(engine), "the records and their tombstones are compacted away");
        }
    }

    private static long tableFiles(Engine engine) throws RocksDBException {
        return engine.db.getPropertiesOfAllTables().size();
    }

    private static void putKeys(Engine engine, int from, int to) throws RocksDBException {
        byte[] value = new byte[100];
        for (int i = from; i < to; i++) {
            engine.db.put(engine.writes, key(i), value);
        }
    }

    private static byte[] key(int i) {
        return Keys.of("events", "e" + i);
    }

    private static void flush(Engine engine) throws RocksDBException {
        try (FlushOptions wait = new FlushOptions().setWaitForFlush(true)) {
            engine.db.flush(wait);
        }
    }
}
