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
