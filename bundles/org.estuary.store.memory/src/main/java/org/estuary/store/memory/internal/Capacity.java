package org.estuary.store.memory.internal;

/**
 * The memory store's limits: how many records and how many logical bytes (UTF-8 keys plus values) it holds at
 * most, so that a runaway client fills the store with a clear {@code FULL} failure instead of the heap.
 */
record Capacity(long maxRecords, long maxBytes) {

    Capacity {
        if (maxRecords <= 0) {
            throw new IllegalArgumentException("max.records must be positive: " + maxRecords);
        }
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("max.bytes must be positive: " + maxBytes);
        }
    }

    /** As the configuration names them. */
    @Override
    public String toString() {
        return "max.records=" + maxRecords + ", max.bytes=" + maxBytes;
    }
}
