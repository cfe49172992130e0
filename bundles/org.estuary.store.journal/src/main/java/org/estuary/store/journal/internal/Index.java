package org.estuary.store.journal.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.estuary.store.api.Names;

/**
 * The records as the journal holds them, in memory: space → key → {@link Slot} (the Artemis record id and the
 * value). Scans read it; only the holder of the commit lock changes it, as it writes a group. Artemis is a write-ahead
 * journal, not a database: a store built on it keeps its live records in memory and writes every change, which is
 * how Estuary's services work anyway (authoritative state in memory, every mutation written through).
 */
final class Index {

    /**
     * One live record: the id of the journal record that holds it, and that record's payload as written
     * ({@link RecordCodec}), whose bytes from {@code valueOffset} on are the value; {@code size} is its logical size
     * ({@link #sizeOf}). Keeping the payload instead of a copy of the value spares the write stage a copy per record,
     * and recovery one per record read; neither array is ever changed once stored, and readers get copies
     * ({@link #value}). The size is kept beside it, so that counting a replaced or deleted record never reads its old
     * payload.
     */
    record Slot(long id, byte[] record, int valueOffset, long size) {

        /** The slot of (key → the value at the end of {@code record}, from {@code valueOffset} on). */
        static Slot of(long id, String key, byte[] record, int valueOffset) {
            return new Slot(id, record, valueOffset, sizeOf(key, record.length - valueOffset));
        }

        /** A fresh copy of the value. */
        byte[] value() {
            return Arrays.copyOfRange(record, valueOffset, record.length);
        }
    }

    final Map<String, Map<String, Slot>> spaces = new HashMap<>();
    long records;
    long bytes;

    /** The logical size of a record (Store S5's bytes): its key's UTF-8 length and its value's. */
    static long sizeOf(String key, int valueLength) {
        return Names.utf8Length(key) + (long) valueLength;
    }

    Slot get(String space, String key) {
        Map<String, Slot> records = spaces.get(space);
        return records == null ? null : records.get(key);
    }

    void put(String space, String key, Slot slot) {
        Slot before = spaces.computeIfAbsent(space, s -> new HashMap<>()).put(key, slot);
        if (before != null) {
            records--;
            bytes -= before.size();
        }
        records++;
        bytes += slot.size();
    }

    void remove(String space, String key) {
        Map<String, Slot> records = spaces.get(space);
        if (records == null) {
            return;
        }
        Slot before = records.remove(key);
        if (before != null) {
            this.records--;
            bytes -= before.size();
        }
        if (records.isEmpty()) {
            spaces.remove(space);
        }
    }
}
