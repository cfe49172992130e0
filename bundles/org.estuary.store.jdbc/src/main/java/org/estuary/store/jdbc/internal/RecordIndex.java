package org.estuary.store.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The logical size of every record the store's table holds, by (space, key): what lets the commit thread weigh a
 * batch against {@code max.records} and {@code max.bytes} (Store S5) without a query per operation, and what
 * {@code stats()} reports. Loaded from the table when the store opens (and again after a commit whose outcome is
 * unknown), then changed only by committed groups. Confined to the commit thread, except the two totals, which
 * {@code stats()} reads.
 */
final class RecordIndex {

    private static final class Space {
        final Map<String, Integer> sizes = new HashMap<>();
        long bytes;
    }

    private final Map<String, Space> spaces = new HashMap<>();
    private volatile long records;
    private volatile long bytes;

    /** Replaces the contents with what the table holds now. */
    void load(Connection connection, Tables tables, int timeoutSeconds) throws SQLException {
        spaces.clear();
        long loadedRecords = 0;
        long loadedBytes = 0;
        try (PreparedStatement select = connection.prepareStatement(tables.selectSizes())) {
            select.setQueryTimeout(timeoutSeconds);
            select.setFetchSize(10_000);
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    int size = rows.getInt(3);
                    Space space = spaces.computeIfAbsent(rows.getString(1), s -> new Space());
                    space.sizes.put(rows.getString(2), size);
                    space.bytes += size;
                    loadedRecords++;
                    loadedBytes += size;
                }
            }
        }
        records = loadedRecords;
        bytes = loadedBytes;
    }

    /** The logical size of the record at (space, key), or null if there is none. */
    Integer size(String space, String key) {
        Space s = spaces.get(space);
        return s == null ? null : s.sizes.get(key);
    }

    long records(String space) {
        Space s = spaces.get(space);
        return s == null ? 0 : s.sizes.size();
    }

    long bytes(String space) {
        Space s = spaces.get(space);
        return s == null ? 0 : s.bytes;
    }

    long records() {
        return records;
    }

    long bytes() {
        return bytes;
    }

    void put(String space, String key, int size) {
        Space s = spaces.computeIfAbsent(space, n -> new Space());
        Integer before = s.sizes.put(key, size);
        if (before == null) {
            records++;
        } else {
            s.bytes -= before;
            bytes -= before;
        }
        s.bytes += size;
        bytes += size;
    }

    void remove(String space, String key) {
        Space s = spaces.get(space);
        if (s == null) {
            return;
        }
        Integer before = s.sizes.remove(key);
        if (before != null) {
            records--;
            s.bytes -= before;
            bytes -= before;
            if (s.sizes.isEmpty()) {
                spaces.remove(space);
            }
        }
    }

    void clear(String space) {
        Space s = spaces.remove(space);
        if (s != null) {
            records -= s.sizes.size();
            bytes -= s.bytes;
        }
    }
}
