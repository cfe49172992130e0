package org.estuary.io;

/**
 * What one stream allocated so far, for the limits a stream is held to in all: the hash-table slots of its hashed
 * collections ({@link SerialFilter#maxHashCapacity()}) and the bytes of its arrays
 * ({@link SerialFilter#maxArrayMemory()}). Read by the one thread that reads the stream.
 */
final class StreamTally {

    private long hashSlots;
    private long arrayBytes;

    /** Adds a hash table of {@code length} slots (a negative length counts as none) and returns the total. */
    long addHashSlots(long length) {
        hashSlots += Math.max(0, length); // at most 2^31 per table, refused long before a long overflows
        return hashSlots;
    }

    /** Adds an array of {@code bytes} and returns the total. */
    long addArrayBytes(long bytes) {
        arrayBytes += bytes; // at most 2^34 per array, refused long before a long overflows
        return arrayBytes;
    }
}
