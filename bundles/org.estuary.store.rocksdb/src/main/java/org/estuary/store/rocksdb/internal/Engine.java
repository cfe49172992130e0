package org.estuary.store.rocksdb.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.TablePropertiesCollectorFactory;
import org.rocksdb.WALRecoveryMode;
import org.rocksdb.WriteOptions;

/**
 * One open RocksDB database with the options the store runs it with.
 *
 * <ul>
 * <li>{@code manual_wal_flush} (with {@code sync.mode=fsync}): a write puts the batch into the memtable and the WAL's
 * buffer; {@code FlushWAL(true)}, called by a group leader ({@link WalSync}), writes the buffer and syncs it once for
 * every batch written before it.</li>
 * <li>WAL recovery {@code kPointInTimeRecovery}: on open, RocksDB replays the WAL up to its first incomplete or
 * damaged record, so a torn tail is cut back to the last whole batch; table files carry block checksums, checked
 * on every read ({@code paranoid_checks}).</li>
 * <li>{@code recycle_log_file_num}, {@code bytes_per_sync}, a bounded info log and WAL, leveled compaction: churn
 * (puts then deletes) keeps the directory bounded.</li>
 * <li>Whole-key bloom filters in the memtable and every table file, for the point lookups that measure each batch
 * (most of them miss), and deletion-triggered compaction, for the tombstones of churn ({@link RocksSettings} says
 * why).</li>
 * </ul>
 */
final class Engine implements AutoCloseable {

    static {
        RocksDB.loadLibrary();
    }

    private final Options options;
    private final BloomFilter filter;
    private final TablePropertiesCollectorFactory deletions;
    final WriteOptions writes;
    final RocksDB db;

    private Engine(Options options, BloomFilter filter, TablePropertiesCollectorFactory deletions,
            WriteOptions writes, RocksDB db) {
        this.options = options;
        this.filter = filter;
        this.deletions = deletions;
        this.writes = writes;
        this.db = db;
    }

    static Engine open(RocksSettings settings) throws StoreException {
        Path directory = settings.directory();
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new StoreException(Reason.UNAVAILABLE, "rocksdb store cannot create its data directory "
                    + directory + " (" + e + "); make it writable or change data.directory ("
                    + Failures.CONFIGURATION + ")", e, false);
        }
        BloomFilter filter = new BloomFilter(RocksSettings.FILTER_BITS_PER_KEY);
        TablePropertiesCollectorFactory deletions = TablePropertiesCollectorFactory
                .NewCompactOnDeletionCollectorFactory(RocksSettings.DELETION_WINDOW,
                        RocksSettings.DELETION_TRIGGER, RocksSettings.DELETION_RATIO);
        Options options = new Options()
                .setCreateIfMissing(true)
                .setManualWalFlush(settings.sync())
                .setWalRecoveryMode(WALRecoveryMode.PointInTimeRecovery)
                .setParanoidChecks(true)
                .setRecycleLogFileNum(settings.recycleWalFiles())
                .setWriteBufferSize(settings.writeBufferBytes())
                .setMaxTotalWalSize(4 * settings.writeBufferBytes())
                .setBytesPerSync(1 << 20)
                .setInfoLogLevel(InfoLogLevel.WARN_LEVEL)
                .setKeepLogFileNum(2)
                .setMaxLogFileSize(1 << 20)
                .setTableFormatConfig(new BlockBasedTableConfig().setFilterPolicy(filter))
                .setMemtablePrefixBloomSizeRatio(RocksSettings.MEMTABLE_FILTER_RATIO)
                .setMemtableWholeKeyFiltering(true)
                .setOptimizeFiltersForHits(false);
        options.setTablePropertiesCollectorFactory(List.of(deletions));
        WriteOptions writes = new WriteOptions().setSync(false);
        try {
            return new Engine(options, filter, deletions, writes, RocksDB.open(options, directory.toString()));
        } catch (RocksDBException e) {
            writes.close();
            options.close();
            deletions.close();
            filter.close();
            throw Failures.of(e, directory, false);
        }
    }

    /** Writes the WAL's buffer and syncs the WAL: every batch written before is durable when it returns. */
    void syncWal() throws RocksDBException {
        db.flushWal(true);
    }

    @Override
    public void close() {
        try {
            db.closeE();
        } catch (RocksDBException e) {
            // the database is closed either way; what it could not flush is in its WAL
        } finally {
            writes.close();
            options.close();
            deletions.close();
            filter.close();
        }
    }
}
