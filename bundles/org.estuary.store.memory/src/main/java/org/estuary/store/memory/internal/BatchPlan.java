package org.estuary.store.memory.internal;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Names;
import org.estuary.store.api.Operation;

/**
 * The net effect of a batch, folded from its ordered operations (Store S2: the last operation on a key decides;
 * a CLEAR drops what came before it in its space), so the store can weigh the batch against its limits before it
 * changes anything (S1) and then apply it in one pass.
 */
final class BatchPlan {

    /** What the batch does to one space: whether it starts from empty, and the keys it leaves set or deleted. */
    private static final class SpacePlan {
        boolean cleared;
        /** The value the batch leaves at each key it touches; null for a delete. */
        final Map<String, byte[]> finalValues = new HashMap<>();
    }

    /** How the batch changes the store's counters, and how much it holds by itself. */
    record Effect(long records, long bytes, long ownRecords, long ownBytes) {
        boolean grows() {
            return records > 0 || bytes > 0;
        }
    }

    private final Map<String, SpacePlan> spaces = new LinkedHashMap<>();

    private BatchPlan() {
    }

    static BatchPlan of(Batch batch) {
        BatchPlan plan = new BatchPlan();
        for (Operation op : batch.operations()) {
            SpacePlan space = plan.spaces.computeIfAbsent(op.space(), s -> new SpacePlan());
            switch (op.kind()) {
                case PUT:
                    // value() is a fresh copy no caller holds: the store keeps it and hands out copies only.
                    space.finalValues.put(op.key(), op.value());
                    break;
                case DELETE:
                    space.finalValues.put(op.key(), null);
                    break;
                case CLEAR:
                    space.cleared = true;
                    space.finalValues.clear();
                    break;
                default:
                    throw new IllegalStateException("unknown operation " + op.kind());
            }
        }
        return plan;
    }

    /** The change this batch would make to {@code data} (space → key → value), without making it. */
    Effect measure(Map<String, Map<String, byte[]>> data) {
        long records = 0;
        long bytes = 0;
        long ownRecords = 0;
        long ownBytes = 0;
        for (Map.Entry<String, SpacePlan> entry : spaces.entrySet()) {
            Map<String, byte[]> current = data.getOrDefault(entry.getKey(), Map.of());
            SpacePlan plan = entry.getValue();
            if (plan.cleared) {
                records -= current.size();
                bytes -= sizeOf(current);
            }
            for (Map.Entry<String, byte[]> change : plan.finalValues.entrySet()) {
                byte[] before = plan.cleared ? null : current.get(change.getKey());
                byte[] after = change.getValue();
                int keyBytes = Names.utf8Length(change.getKey());
                if (before != null) {
                    records--;
                    bytes -= keyBytes + before.length;
                }
                if (after != null) {
                    records++;
                    bytes += keyBytes + after.length;
                    ownRecords++;
                    ownBytes += keyBytes + after.length;
                }
            }
        }
        return new Effect(records, bytes, ownRecords, ownBytes);
    }

    /** Makes the change in {@code data}; spaces left without records are removed. */
    void applyTo(Map<String, Map<String, byte[]>> data) {
        for (Map.Entry<String, SpacePlan> entry : spaces.entrySet()) {
            String name = entry.getKey();
            SpacePlan plan = entry.getValue();
            Map<String, byte[]> space = plan.cleared ? null : data.get(name);
            for (Map.Entry<String, byte[]> change : plan.finalValues.entrySet()) {
                if (change.getValue() != null) {
                    if (space == null) {
                        space = new HashMap<>();
                    }
                    space.put(change.getKey(), change.getValue());
                } else if (space != null) {
                    space.remove(change.getKey());
                }
            }
            if (space == null || space.isEmpty()) {
                data.remove(name);
            } else {
                data.put(name, space);
            }
        }
    }

    static long sizeOf(Map<String, byte[]> space) {
        long bytes = 0;
        for (Map.Entry<String, byte[]> record : space.entrySet()) {
            bytes += Names.utf8Length(record.getKey()) + record.getValue().length;
        }
        return bytes;
    }
}
