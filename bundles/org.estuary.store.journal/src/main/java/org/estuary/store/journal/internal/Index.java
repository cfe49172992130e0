package org.estuary.store.journal.internal;

import java.util.HashMap;
import java.util.Map;

import org.estuary.store.api.Names;

/**
 * The records as the journal holds them, in memory: space → key → {@link Slot} (the Artemis record id and the
 * value). Scans read it; only the commit thread changes it, after a group is durable. Artemis is a write-ahead
 * journal, not a database: a store built on it keeps its live records in memory and writes every change, which is
 * how Estuary's services work anyway (authoritative state in memory, every mutation written through).
 */
final class Index {

    /** One live record: the journal record that holds it and its value (never changed once stored). */
    record Slot(long id, byte[] value) {
    }

    final Map<String, Map<String, Slot>> spaces = new HashMap<>();
    long records;
    long bytes;

    static long sizeOf(String key, byte[] value) {
        return Names.utf8Length(key) + (long) value.length;
    }

    Slot get(String space, String key) {
        Map<String, Slot> records = spaces.get(space);
        return records == null ? null : records.get(key);
    }

    void put(String space, String key, Slot slot) {
        Slot before = spaces.computeIfAbsent(space, s -> new HashMap<>()).put(key, slot);
        if (before != null) {
            records--;
            bytes -= sizeOf(key, before.value());
        }
        records++;
        bytes += sizeOf(key, slot.value());
    }

    void remove(String space, String key) {
        Map<String, Slot> records = spaces.get(space);
        if (records == null) {
            return;
        }
        Slot before = records.remove(key);
        if (before != null) {
            this.records--;
            bytes -= sizeOf(key, before.value());
        }
        if (records.isEmpty()) {
            spaces.remove(space);
        }
    }
}
