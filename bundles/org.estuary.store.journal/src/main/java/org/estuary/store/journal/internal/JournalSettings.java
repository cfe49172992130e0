package org.estuary.store.journal.internal;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The journal store's effective configuration, checked once: where its files live, whether a commit waits for the
 * disk, how it bounds its queue, when it compacts and how much it may hold.
 *
 * @param directory the data directory (created if missing)
 * @param sync whether an acknowledgement waits for {@code fdatasync}; false acknowledges once the OS has the data
 *        (survives a crash of the JVM, not of the machine)
 * @param queueBound batches accepted and not yet acknowledged, at most
 * @param admissionMillis how long {@code apply} blocks on a full queue before it fails with OVERLOADED
 * @param compactPercentage compact when live data falls below this share (percent) of the data files
 * @param compactMinFiles compact only once the journal has at least this many data files
 * @param fileSize the size of each pre-allocated journal file, in bytes
 * @param bufferTimeoutMicros how long Artemis's buffer waits after a flush before it flushes again: the shortest
 *        time between two syncs
 * @param poolFiles files (in use and free) the journal keeps for reuse: a file compaction frees is kept while the
 *        journal holds fewer, and written over later instead of laying out a new file; beyond it, it is deleted
 * @param maxRecords records the store holds at most
 * @param maxBytes logical bytes (UTF-8 keys plus values) the store holds at most
 */
record JournalSettings(Path directory, boolean sync, int queueBound, long admissionMillis, int compactPercentage,
        int compactMinFiles, int fileSize, int bufferTimeoutMicros, int poolFiles, long maxRecords, long maxBytes) {

    /** The smallest journal file: Artemis needs room for its header and at least one full record. */
    static final int MIN_FILE_SIZE = 64 * 1024;
    /**
     * The smallest {@code journal.file.size} an operator may configure: a file holds the largest record a service
     * writes (Store S9) beside Artemis's headers ({@link #maxRecordSize()}), rounded up to a multiple of 4096.
     */
    static final int MIN_CONFIGURED_FILE_SIZE = (RecordCodec.LARGEST_SERVICE_RECORD + 1024 + 4095) / 4096 * 4096;

    JournalSettings {
        Objects.requireNonNull(directory, "directory");
        require(queueBound >= 1, "queue.bound must be at least 1: " + queueBound);
        require(admissionMillis >= 0, "admission.timeout.ms must not be negative: " + admissionMillis);
        require(compactPercentage >= 0 && compactPercentage <= 100,
                "compaction.threshold must be a percentage (0-100): " + compactPercentage);
        require(compactMinFiles >= 1, "compaction.min.files must be at least 1: " + compactMinFiles);
        require(fileSize >= MIN_FILE_SIZE && fileSize % 4096 == 0,
                "journal.file.size must be a multiple of 4096 and at least " + MIN_FILE_SIZE + ": " + fileSize);
        require(bufferTimeoutMicros >= 1, "journal.buffer.timeout.us must be at least 1: " + bufferTimeoutMicros);
        require(poolFiles >= 2, "journal.pool.files must be at least 2: " + poolFiles);
        require(maxRecords > 0, "max.records must be positive: " + maxRecords);
        require(maxBytes > 0, "max.bytes must be positive: " + maxBytes);
    }

    /** The largest record (payload) a journal file can hold, with room for Artemis's record and file headers. */
    int maxRecordSize() {
        return fileSize - 1024;
    }

    @Override
    public String toString() {
        return "data.directory=" + directory + ", sync.mode=" + (sync ? "fsync" : "none") + ", queue.bound="
                + queueBound + ", admission.timeout.ms=" + admissionMillis + ", compaction.threshold="
                + compactPercentage + ", compaction.min.files=" + compactMinFiles + ", journal.file.size=" + fileSize
                + ", journal.buffer.timeout.us=" + bufferTimeoutMicros + ", journal.pool.files=" + poolFiles
                + ", max.records=" + maxRecords + ", max.bytes=" + maxBytes;
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
