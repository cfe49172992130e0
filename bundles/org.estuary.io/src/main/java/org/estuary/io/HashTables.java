package org.estuary.io;

/**
 * The hash-table slots one stream's hashed collections allocated so far, for {@link SerialFilter#maxHashCapacity()}.
 * Read by the one thread that reads the stream.
 */
final class HashTables {

    private long slots;

    /** Adds a table of {@code length} slots (a negative length counts as none) and returns the total. */
    long add(long length) {
        slots += Math.max(0, length); // at most 2^31 per table, refused long before a long overflows
        return slots;
    }
}
