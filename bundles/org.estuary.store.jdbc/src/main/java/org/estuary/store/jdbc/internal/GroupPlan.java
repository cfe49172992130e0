package org.estuary.store.jdbc.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Names;
import org.estuary.store.api.Operation;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;

/**
 * What one database transaction writes for a group of batches (group commit): the batches are folded, in
 * acceptance order, into the net effect per key (Store S2: the last operation on a key decides; a CLEAR drops
 * what came before it in its space), so the transaction runs one statement per changed key, whatever the number
 * of batches. Each batch is weighed against the limits on top of the committed {@link RecordIndex} and the
 * batches admitted before it in the group; one that does not fit is refused alone and leaves no trace (S1, S5).
 */
final class GroupPlan {

    /** The group's net change to one space, relative to the committed index. */
    private static final class SpaceChange {
        boolean cleared;
        /** The value the group leaves at each key it touches; null for a delete. */
        final Map<String, byte[]> finals = new LinkedHashMap<>();
        long recordsDelta;
        long bytesDelta;
    }

    /** One batch folded on its own: whether it clears each space, and the values it leaves. */
    private static final class BatchFold {
        final Map<String, SpaceChange> spaces = new LinkedHashMap<>();

        BatchFold(Batch batch) {
            for (Operation op : batch.operations()) {
                SpaceChange space = spaces.computeIfAbsent(op.space(), s -> new SpaceChange());
                switch (op.kind()) {
                    case PUT:
                        space.finals.put(op.key(), op.value());
                        break;
                    case DELETE:
                        space.finals.put(op.key(), null);
                        break;
                    case CLEAR:
                        space.cleared = true;
                        space.finals.clear();
                        break;
                    default:
                        throw new IllegalStateException("unknown operation " + op.kind());
                }
            }
        }
    }

    private final RecordIndex index;
    private final Settings settings;
    private final Map<String, SpaceChange> changes = new LinkedHashMap<>();
    private long recordsDelta;
    private long bytesDelta;
    private int admitted;

    GroupPlan(RecordIndex index, Settings settings) {
        this.index = index;
        this.settings = settings;
    }

    /** Adds {@code batch} to the group if it fits; otherwise returns why not and leaves the group as it was. */
    StoreException add(Batch batch) {
        BatchFold fold = new BatchFold(batch);
        long records = 0;
        long bytes = 0;
        long ownRecords = 0;
        long ownBytes = 0;
        for (Map.Entry<String, SpaceChange> entry : fold.spaces.entrySet()) {
            String space = entry.getKey();
            SpaceChange change = entry.getValue();
            if (change.cleared) {
                records -= viewRecords(space);
                bytes -= viewBytes(space);
            }
            for (Map.Entry<String, byte[]> record : change.finals.entrySet()) {
                Integer before = change.cleared ? null : viewSize(space, record.getKey());
                if (before != null) {
                    records--;
                    bytes -= before;
                }
                if (record.getValue() != null) {
                    int after = sizeOf(record.getKey(), record.getValue());
                    records++;
                    bytes += after;
                    ownRecords++;
                    ownBytes += after;
                }
            }
        }
        StoreException refused = admit(records, bytes, ownRecords, ownBytes);
        if (refused != null) {
            return refused;
        }
        for (Map.Entry<String, SpaceChange> entry : fold.spaces.entrySet()) {
            merge(entry.getKey(), entry.getValue());
        }
        recordsDelta += records;
        bytesDelta += bytes;
        admitted++;
        return null;
    }

    /** Whether no admitted batch changes anything (nothing to write). */
    boolean isEmpty() {
        return changes.isEmpty();
    }

    /** Batches admitted into this group. */
    int admitted() {
        return admitted;
    }

    /** Runs the group's statements on {@code connection} (not in auto-commit mode); the caller commits. */
    void write(Connection connection, Tables tables, int timeoutSeconds) throws SQLException {
        try (PreparedStatement clear = connection.prepareStatement(tables.clearSpace());
                PreparedStatement delete = connection.prepareStatement(tables.deleteRecord());
                PreparedStatement upsert = connection.prepareStatement(tables.upsertRecord())) {
            clear.setQueryTimeout(timeoutSeconds);
            delete.setQueryTimeout(timeoutSeconds);
            upsert.setQueryTimeout(timeoutSeconds);
            int clears = 0;
            int deletes = 0;
            int upserts = 0;
            for (Map.Entry<String, SpaceChange> entry : changes.entrySet()) {
                String space = entry.getKey();
                SpaceChange change = entry.getValue();
                if (change.cleared) {
                    clear.setString(1, space);
                    clear.addBatch();
                    clears++;
                }
                for (Map.Entry<String, byte[]> record : change.finals.entrySet()) {
                    byte[] value = record.getValue();
                    if (value == null) {
                        if (!change.cleared) { // after a clear the key is gone already
                            delete.setString(1, space);
                            delete.setString(2, record.getKey());
                            delete.addBatch();
                            deletes++;
                        }
                    } else {
                        upsert.setString(1, space);
                        upsert.setString(2, record.getKey());
                        upsert.setBytes(3, value);
                        upsert.setInt(4, sizeOf(record.getKey(), value));
                        upsert.setLong(5, RecordChecksum.of(space, record.getKey(), value));
                        upsert.addBatch();
                        upserts++;
                    }
                }
            }
            // Each key has one final state, so clears first, then deletes, then upserts gives the group's effect.
            if (clears > 0) {
                clear.executeBatch();
            }
            if (deletes > 0) {
                delete.executeBatch();
            }
            if (upserts > 0) {
                upsert.executeBatch();
            }
        }
    }

    /** Makes the committed group's effect in the index. */
    void applyTo(RecordIndex target) {
        for (Map.Entry<String, SpaceChange> entry : changes.entrySet()) {
            String space = entry.getKey();
            SpaceChange change = entry.getValue();
            if (change.cleared) {
                target.clear(space);
            }
            for (Map.Entry<String, byte[]> record : change.finals.entrySet()) {
                if (record.getValue() == null) {
                    target.remove(space, record.getKey());
                } else {
                    target.put(space, record.getKey(), sizeOf(record.getKey(), record.getValue()));
                }
            }
        }
    }

    private void merge(String space, SpaceChange batchChange) {
        SpaceChange change = changes.computeIfAbsent(space, s -> new SpaceChange());
        if (batchChange.cleared) {
            change.cleared = true;
            change.finals.clear();
            change.recordsDelta = -index.records(space);
            change.bytesDelta = -index.bytes(space);
        }
        for (Map.Entry<String, byte[]> record : batchChange.finals.entrySet()) {
            Integer before = viewSize(space, record.getKey());
            if (before != null) {
                change.recordsDelta--;
                change.bytesDelta -= before;
            }
            if (record.getValue() != null) {
                change.recordsDelta++;
                change.bytesDelta += sizeOf(record.getKey(), record.getValue());
            }
            change.finals.put(record.getKey(), record.getValue());
        }
    }

    /** The size of (space, key) as the committed index plus the batches admitted so far leave it. */
    private Integer viewSize(String space, String key) {
        SpaceChange change = changes.get(space);
        if (change != null) {
            if (change.finals.containsKey(key)) {
                byte[] value = change.finals.get(key);
                return value == null ? null : sizeOf(key, value);
            }
            if (change.cleared) {
                return null;
            }
        }
        return index.size(space, key);
    }

    private long viewRecords(String space) {
        SpaceChange change = changes.get(space);
        return index.records(space) + (change == null ? 0 : change.recordsDelta);
    }

    private long viewBytes(String space) {
        SpaceChange change = changes.get(space);
        return index.bytes(space) + (change == null ? 0 : change.bytesDelta);
    }

    /** Null if a batch with this effect fits (S5), otherwise why not. */
    private StoreException admit(long records, long bytes, long ownRecords, long ownBytes) {
        if (records <= 0 && bytes <= 0) {
            return null; // S5: what does not grow the store is accepted even when it is full
        }
        long stored = index.records() + recordsDelta;
        if (records > 0 && stored + records > settings.maxRecords()) {
            if (ownRecords > settings.maxRecords()) {
                return new StoreException(Reason.TOO_LARGE, "batch too large for the jdbc store: it alone leaves "
                        + ownRecords + " records, above max.records=" + settings.maxRecords() + "; raise max.records ("
                        + JdbcStoreComponent.PID + ")");
            }
            return new StoreException(Reason.FULL, "jdbc store full: the batch would add " + records
                    + " records to the " + stored + " stored, above max.records=" + settings.maxRecords()
                    + "; delete records or raise max.records (" + JdbcStoreComponent.PID + ")");
        }
        long storedBytes = index.bytes() + bytesDelta;
        if (bytes > 0 && storedBytes + bytes > settings.maxBytes()) {
            if (ownBytes > settings.maxBytes()) {
                return new StoreException(Reason.TOO_LARGE, "batch too large for the jdbc store: it alone leaves "
                        + ownBytes + " bytes, above max.bytes=" + settings.maxBytes() + "; raise max.bytes ("
                        + JdbcStoreComponent.PID + ")");
            }
            return new StoreException(Reason.FULL, "jdbc store full: the batch would add " + bytes
                    + " bytes to the " + storedBytes + " stored, above max.bytes=" + settings.maxBytes()
                    + "; delete records or raise max.bytes (" + JdbcStoreComponent.PID + ")");
        }
        return null;
    }

    private static int sizeOf(String key, byte[] value) {
        return Names.utf8Length(key) + value.length;
    }
}
