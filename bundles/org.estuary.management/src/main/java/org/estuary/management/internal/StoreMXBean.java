package org.estuary.management.internal;

/**
 * A store over JMX, {@code org.estuary:type=Store,name=<store.type>,service.id=<id>}: the numbers
 * of the console's stores page, in open types. Sizes in bytes, latencies in microseconds.
 */
public interface StoreMXBean {

    /** The backend's store.type: memory, rocksdb or jdbc. */
    String getType();

    /** The store's OSGi service id. */
    long getServiceId();

    /** The bundles that use the store, as "symbolic-name [id]". */
    String[] getUsers();

    long getRecords();

    /** Logical bytes: keys in UTF-8 plus values. */
    long getBytes();

    /** Bytes on disk, or -1 for a store with nothing on disk (memory) or that cannot tell now. */
    long getDiskBytes();

    /** The configured maximum of records, or -1 for none. */
    long getMaxRecords();

    /** The configured maximum of logical bytes, or -1 for none. */
    long getMaxBytes();

    /** Batches waiting for their acknowledgement. */
    long getQueued();

    /** Batches acknowledged since the store opened. */
    long getCommits();

    /** Batches failed since the store opened. */
    long getFailures();

    long getLastCommitMicros();

    /** The 99th percentile commit latency over recent commits. */
    long getP99CommitMicros();

    /** The most recent failure's message, or null. */
    String getLastFailure();
}
