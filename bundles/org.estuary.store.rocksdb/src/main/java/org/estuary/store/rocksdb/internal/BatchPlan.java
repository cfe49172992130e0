package org.estuary.store.rocksdb.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Names;
import org.estuary.store.api.Operation;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Slice;
import org.rocksdb.WriteBatch;

/**
 * A batch as one RocksDB {@link WriteBatch} (a clear becomes a range delete of its space), with how it changes the
 * store's record and byte counts, measured against what the database holds before it (point lookups of the sizes
 * it replaces, none for a put its caller said is new, an iteration for a clear), so the store can refuse it before
 * anything is written (Store S1, S5).
 *
 * <p>A plan may be made outside the store's write lock: it remembers how many batches had been
 * written when its lookups began ({@link #seen}) and which keys it read ({@link Footprint}), so that under the lock
 * the store can tell whether a batch written since changed one of them ({@link RecentWrites}) and plan again if so.
 */
final class BatchPlan implements AutoCloseable {

    /** How the batch changes the counters, and how much it leaves by itself. */
    record Effect(long records, long bytes, long ownRecords, long ownBytes) {
        boolean grows() {
            return records > 0 || bytes > 0;
        }
    }

    /**
     * The keys a batch reads and writes (space -> key -> value length it leaves, -1: deleted) and the spaces it
     * clears; immutable once planned.
     */
    record Footprint(Map<String, Map<String, Integer>> keys, Set<String> cleared) {
        /** Whether a batch with this footprint, written after {@code later} read the database, changed what it read. */
        boolean changes(Footprint later) {
            for (String space : later.cleared) {
                if (cleared.contains(space) || keys.containsKey(space)) {
                    return true;
                }
            }
            for (Map.Entry<String, Map<String, Integer>> space : later.keys.entrySet()) {
                if (cleared.contains(space.getKey())) {
                    return true;
                }
                Map<String, Integer> mine = keys.get(space.getKey());
                if (mine != null) {
                    for (String key : space.getValue().keySet()) {
                        if (mine.containsKey(key)) {
                            return true;
                        }
                    }
                }
            }
            return false;
        }
    }

    private static final byte[] NO_VALUE = new byte[0];

    /** The database the plan read. */
    final RocksDB db;
    /** Batches written before its lookups began ({@link RecentWrites#count()}). */
    final long seen;
    final Effect effect;
    final Footprint footprint;
    final WriteBatch writes;

    private BatchPlan(RocksDB db, long seen, Effect effect, Footprint footprint, WriteBatch writes) {
        this.db = db;
        this.seen = seen;
        this.effect = effect;
        this.footprint = footprint;
        this.writes = writes;
    }

    /**
     * Measures {@code batch} against {@code db} and turns it into a {@link WriteBatch}; {@code seen} batches were
     * written before it began reading.
     */
    static BatchPlan plan(Batch batch, RocksDB db, long seen) throws RocksDBException {
        WriteBatch out = new WriteBatch();
        try {
            // space -> key -> value length the batch leaves so far (-1: deleted); spaces the batch cleared
            Map<String, Map<String, Integer>> left = new HashMap<>();
            Set<String> cleared = new HashSet<>();
            Effect effect = measure(batch, db, out, left, cleared);
            return new BatchPlan(db, seen, effect, new Footprint(left, cleared), out);
        } catch (RocksDBException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    @Override
    public void close() {
        writes.close();
    }

    private static Effect measure(Batch batch, RocksDB db, WriteBatch out, Map<String, Map<String, Integer>> left,
            Set<String> cleared) throws RocksDBException {
        long records = 0;
        long bytes = 0;
        for (Operation op : batch.operations()) {
            String space = op.space();
            switch (op.kind()) {
                case PUT: {
                    int keyBytes = Names.utf8Length(op.key());
                    int before = current(db, left, cleared, space, op.key(), op.fresh());
                    if (before >= 0) {
                        records--;
                        bytes -= keyBytes + before;
                    }
                    records++;
                    bytes += keyBytes + op.valueLength();
                    left.computeIfAbsent(space, s -> new HashMap<>()).put(op.key(), op.valueLength());
                    out.put(Keys.of(space, op.key()), op.value());
                    break;
                }
                case DELETE: {
                    int before = current(db, left, cleared, space, op.key(), false);
                    if (before >= 0) {
                        records--;
                        bytes -= Names.utf8Length(op.key()) + before;
                    }
                    left.computeIfAbsent(space, s -> new HashMap<>()).put(op.key(), -1);
                    out.delete(Keys.of(space, op.key()));
                    break;
                }
                case CLEAR: {
                    Map<String, Integer> mine = left.remove(space);
                    if (mine != null) {
                        for (Map.Entry<String, Integer> record : mine.entrySet()) {
                            if (record.getValue() >= 0) {
                                records--;
                                bytes -= Names.utf8Length(record.getKey()) + record.getValue();
                            }
                        }
                    }
                    if (cleared.add(space)) {
                        long[] stored = count(db, space, mine == null ? Map.of() : mine);
                        records -= stored[0];
                        bytes -= stored[1];
                    }
                    out.deleteRange(Keys.lower(space), Keys.upper(space));
                    break;
                }
                default:
                    throw new IllegalStateException("unknown operation " + op.kind());
            }
        }
        long ownRecords = 0;
        long ownBytes = 0;
        for (Map<String, Integer> space : left.values()) {
            for (Map.Entry<String, Integer> record : space.entrySet()) {
                if (record.getValue() >= 0) {
                    ownRecords++;
                    ownBytes += Names.utf8Length(record.getKey()) + record.getValue();
                }
            }
        }
        return new Effect(records, bytes, ownRecords, ownBytes);
    }

    /**
     * The value length at (space, key) as the batch leaves it so far; -1 if there is no record. A {@code fresh} put
     * ({@link Operation#fresh()}) is not looked up in the database: its caller knows no record is there.
     */
    private static int current(RocksDB db, Map<String, Map<String, Integer>> left, Set<String> cleared,
            String space, String key, boolean fresh) throws RocksDBException {
        Map<String, Integer> mine = left.get(space);
        Integer length = mine == null ? null : mine.get(key);
        if (length != null) {
            return length;
        }
        if (fresh || cleared.contains(space)) {
            return -1;
        }
        int stored = db.get(Keys.of(space, key), NO_VALUE); // the value's size; nothing copied
        return stored == RocksDB.NOT_FOUND ? -1 : stored;
    }

    /** Records and logical bytes {@code space} holds in {@code db}, the keys in {@code skip} (counted) left out. */
    private static long[] count(RocksDB db, String space, Map<String, Integer> skip) throws RocksDBException {
        long[] total = new long[2];
        try (Slice upper = new Slice(Keys.upper(space));
                ReadOptions options = new ReadOptions().setIterateUpperBound(upper);
                RocksIterator it = db.newIterator(options)) {
            for (it.seek(Keys.lower(space)); it.isValid(); it.next()) {
                byte[] stored = it.key();
                if (!skip.isEmpty() && skip.containsKey(Keys.key(stored))) {
                    continue;
                }
                total[0]++;
                total[1] += Keys.keyBytes(stored) + it.value().length;
            }
            it.status();
        }
        return total;
    }
}
