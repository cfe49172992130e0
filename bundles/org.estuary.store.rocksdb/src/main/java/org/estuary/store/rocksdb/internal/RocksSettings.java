package org.estuary.store.rocksdb.internal;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The RocksDB store's effective configuration, checked once.
 *
 * @param directory the data directory (created if missing)
 * @param sync whether an acknowledgement waits for the WAL's {@code fsync}; false acknowledges once the OS has the
 *        batch (survives a crash of the JVM, not of the machine)
 * @param queueBound batches written and not yet acknowledged, at most
 * @param admissionMillis how long {@code apply} blocks on a full queue before it fails with OVERLOADED
 * @param writeBufferBytes the size of RocksDB's memtable, flushed into a table file when full
 * @param recycleWalFiles WAL files RocksDB keeps to write over instead of creating new ones (0: none)
 * @param maxRecords records the store holds at most
 * @param maxBytes logical bytes (UTF-8 keys plus values) the store holds at most
 */
record RocksSettings(Path directory, boolean sync, int queueBound, long admissionMillis, long writeBufferBytes,
        int recycleWalFiles, long maxRecords, long maxBytes) {

    /*
     * Fixed engine settings for what the store asks of RocksDB (Engine applies them), not configuration.
     *
     * Every batch is measured by point lookups before it is written (BatchPlan), and a put of a new key, the common
     * case of queue-like churn (the mailbox's events), looks up a key that exists nowhere: without filters that
     * lookup searches the memtables and reads a data block of every table file whose key range holds the key.
     * Whole-key bloom filters in the memtable and in every table file answer it with a filter probe each; the
     * bottommost level keeps its filters (optimize_filters_for_hits off), as those lookups miss there too.
     */

    /** Bits per key of the table files' bloom filters: about 1 % false positives. */
    static final double FILTER_BITS_PER_KEY = 10;
    /** The memtable's whole-key bloom filter, as a share of the memtable's size. */
    static final double MEMTABLE_FILTER_RATIO = 0.1;
    /**
     * Deletion-triggered compaction: a table file with {@value #DELETION_TRIGGER} tombstones in any
     * {@value #DELETION_WINDOW} consecutive entries, or tombstones for at least {@value #DELETION_RATIO} of its
     * entries, is compacted soon, so the tombstones of records put and soon deleted do not pile up above the last
     * level, where scans (recovery, a clear's count, {@code spaces()}) would step over them.
     */
    static final long DELETION_WINDOW = 1_000;
    static final long DELETION_TRIGGER = 500;
    static final double DELETION_RATIO = 0.5;

    RocksSettings {
        Objects.requireNonNull(directory, "directory");
        require(queueBound >= 1, "queue.bound must be at least 1: " + queueBound);
        require(admissionMillis >= 0, "admission.timeout.ms must not be negative: " + admissionMillis);
        require(writeBufferBytes >= 64 * 1024, "write.buffer.bytes must be at least 65536: " + writeBufferBytes);
        require(recycleWalFiles >= 0, "wal.recycle.files must not be negative: " + recycleWalFiles);
        require(maxRecords > 0, "max.records must be positive: " + maxRecords);
        require(maxBytes > 0, "max.bytes must be positive: " + maxBytes);
    }

    /** The same settings in another directory. */
    RocksSettings in(Path other) {
        return new RocksSettings(other, sync, queueBound, admissionMillis, writeBufferBytes, recycleWalFiles,
                maxRecords, maxBytes);
    }

    @Override
    public String toString() {
        return "data.directory=" + directory + ", sync.mode=" + (sync ? "fsync" : "none") + ", queue.bound="
                + queueBound + ", admission.timeout.ms=" + admissionMillis + ", write.buffer.bytes="
                + writeBufferBytes + ", wal.recycle.files=" + recycleWalFiles + ", max.records=" + maxRecords
                + ", max.bytes=" + maxBytes;
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
