package org.estuary.store.api;

import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A snapshot of a store's state for the management console and the shell: what it holds, how close it is to its
 * limits, how fast it commits and whether it fails. Sizes are logical ({@link Operation#size()}), so they compare
 * across backends. Built by backends with {@link #builder(String)}.
 */
@ProviderType
public final class StoreStats {

    /** The value of a limit the store does not have. */
    public static final long UNLIMITED = -1;

    /** The value of {@link #diskBytes()} for a store that keeps nothing on disk (memory) or cannot tell. */
    public static final long NOT_ON_DISK = -1;

    private final String type;
    private final long records;
    private final long bytes;
    private final long diskBytes;
    private final long maxRecords;
    private final long maxBytes;
    private final long queued;
    private final long commits;
    private final long failures;
    private final long lastCommitNanos;
    private final long p99CommitNanos;
    private final String lastFailure;

    private StoreStats(Builder b) {
        this.type = b.type;
        this.records = b.records;
        this.bytes = b.bytes;
        this.diskBytes = b.diskBytes;
        this.maxRecords = b.maxRecords;
        this.maxBytes = b.maxBytes;
        this.queued = b.queued;
        this.commits = b.commits;
        this.failures = b.failures;
        this.lastCommitNanos = b.lastCommitNanos;
        this.p99CommitNanos = b.p99CommitNanos;
        this.lastFailure = b.lastFailure;
    }

    /**
     * A builder for the stats of a store of {@code type} (the backend's {@value Store#TYPE} value); every number
     * starts at 0, the limits at {@link #UNLIMITED}.
     *
     * @throws NullPointerException if type is null
     */
    public static Builder builder(String type) {
        return new Builder(Objects.requireNonNull(type, "type"));
    }

    /** The backend's {@value Store#TYPE}: memory, rocksdb or jdbc. */
    public String type() {
        return type;
    }

    /** Records stored, over all spaces. */
    public long records() {
        return records;
    }

    /** Logical bytes stored: keys in UTF-8 plus values. */
    public long bytes() {
        return bytes;
    }

    /**
     * What the store occupies on disk, in bytes, including its own overhead (rocksdb: its database files; jdbc: the
     * tables with their indexes and TOAST), or {@link #NOT_ON_DISK}. Unlike {@link #bytes()} it depends on the
     * backend, so it tells an operator when to add disk or compact.
     */
    public long diskBytes() {
        return diskBytes;
    }

    /** The configured maximum of records, or {@link #UNLIMITED}. */
    public long maxRecords() {
        return maxRecords;
    }

    /** The configured maximum of logical bytes, or {@link #UNLIMITED}. */
    public long maxBytes() {
        return maxBytes;
    }

    /** Batches accepted and not yet acknowledged or failed (the commit queue's depth). */
    public long queued() {
        return queued;
    }

    /** Batches acknowledged since the store opened. */
    public long commits() {
        return commits;
    }

    /** Batches failed since the store opened. */
    public long failures() {
        return failures;
    }

    /** From acceptance to acknowledgement of the last acknowledged batch, in nanoseconds; 0 before the first. */
    public long lastCommitNanos() {
        return lastCommitNanos;
    }

    /** The 99th percentile of the same over recent commits, in nanoseconds; 0 before the first. */
    public long p99CommitNanos() {
        return p99CommitNanos;
    }

    /** The message of the most recent failure, or null if there was none. */
    public String lastFailure() {
        return lastFailure;
    }

    @Override
    public String toString() {
        return "StoreStats[type=" + type + ", records=" + records + "/" + limit(maxRecords) + ", bytes=" + bytes
                + "/" + limit(maxBytes) + ", diskBytes=" + (diskBytes == NOT_ON_DISK ? "-" : Long.toString(diskBytes))
                + ", queued=" + queued + ", commits=" + commits + ", failures=" + failures
                + ", lastCommitNanos=" + lastCommitNanos + ", p99CommitNanos=" + p99CommitNanos
                + (lastFailure == null ? "" : ", lastFailure=" + lastFailure) + "]";
    }

    private static String limit(long max) {
        return max == UNLIMITED ? "unlimited" : Long.toString(max);
    }

    /** Collects the numbers of one snapshot. */
    @ProviderType
    public static final class Builder {

        private final String type;
        private long records;
        private long bytes;
        private long diskBytes = NOT_ON_DISK;
        private long maxRecords = UNLIMITED;
        private long maxBytes = UNLIMITED;
        private long queued;
        private long commits;
        private long failures;
        private long lastCommitNanos;
        private long p99CommitNanos;
        private String lastFailure;

        private Builder(String type) {
            this.type = type;
        }

        /** Records and logical bytes stored. */
        public Builder contents(long records, long bytes) {
            this.records = notNegative(records, "records");
            this.bytes = notNegative(bytes, "bytes");
            return this;
        }

        /** Bytes the store occupies on disk, or {@link #NOT_ON_DISK} (the default). */
        public Builder diskBytes(long diskBytes) {
            if (diskBytes < 0 && diskBytes != NOT_ON_DISK) {
                throw new IllegalArgumentException("diskBytes must not be negative: " + diskBytes);
            }
            this.diskBytes = diskBytes;
            return this;
        }

        /** The configured limits, each positive or {@link #UNLIMITED}. */
        public Builder limits(long maxRecords, long maxBytes) {
            this.maxRecords = limitValue(maxRecords, "maxRecords");
            this.maxBytes = limitValue(maxBytes, "maxBytes");
            return this;
        }

        /** Batches waiting for their acknowledgement. */
        public Builder queued(long queued) {
            this.queued = notNegative(queued, "queued");
            return this;
        }

        /** Batches acknowledged and failed since the store opened. */
        public Builder outcomes(long commits, long failures) {
            this.commits = notNegative(commits, "commits");
            this.failures = notNegative(failures, "failures");
            return this;
        }

        /** The last and the 99th percentile commit latency, in nanoseconds. */
        public Builder latency(long lastCommitNanos, long p99CommitNanos) {
            this.lastCommitNanos = notNegative(lastCommitNanos, "lastCommitNanos");
            this.p99CommitNanos = notNegative(p99CommitNanos, "p99CommitNanos");
            return this;
        }

        /** The message of the most recent failure; null if none. */
        public Builder lastFailure(String lastFailure) {
            this.lastFailure = lastFailure;
            return this;
        }

        /** The snapshot. */
        public StoreStats build() {
            return new StoreStats(this);
        }

        private static long notNegative(long value, String name) {
            if (value < 0) {
                throw new IllegalArgumentException(name + " must not be negative: " + value);
            }
            return value;
        }

        private static long limitValue(long value, String name) {
            if (value <= 0 && value != UNLIMITED) {
                throw new IllegalArgumentException(name + " must be positive or UNLIMITED: " + value);
            }
            return value;
        }
    }
}
