package org.estuary.store.journal.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Operation;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;

/**
 * What one batch writes to the journal: the records it deletes (by Artemis id) and the records it adds, folded
 * from its ordered operations (Store S2: the last operation on a key decides, a CLEAR drops what the space held
 * before it), and how it changes the store's counters, so the store can weigh it against its limits before it
 * writes anything (S1, S5).
 */
final class BatchPlan {

    /** One record to add. */
    record Add(String space, String key, byte[] value) {
    }

    private static final class SpaceFold {
        boolean cleared;
        final Map<String, byte[]> finalValues = new LinkedHashMap<>();
    }

    final List<Long> deletes = new ArrayList<>();
    final List<Add> adds = new ArrayList<>();
    private final Map<String, SpaceFold> folds;
    long records;
    long bytes;
    long ownRecords;
    long ownBytes;

    private BatchPlan(Map<String, SpaceFold> folds) {
        this.folds = folds;
    }

    /** Folds the batch and measures it against what the group sees so far. */
    static BatchPlan of(Batch batch, Overlay view) {
        Map<String, SpaceFold> folds = new LinkedHashMap<>();
        for (Operation op : batch.operations()) {
            SpaceFold fold = folds.computeIfAbsent(op.space(), s -> new SpaceFold());
            switch (op.kind()) {
                case PUT:
                    fold.finalValues.put(op.key(), op.value()); // a fresh copy nobody else holds
                    break;
                case DELETE:
                    fold.finalValues.put(op.key(), null);
                    break;
                case CLEAR:
                    fold.cleared = true;
                    fold.finalValues.clear();
                    break;
                default:
                    throw new IllegalStateException("unknown operation " + op.kind());
            }
        }
        BatchPlan plan = new BatchPlan(folds);
        for (Map.Entry<String, SpaceFold> entry : folds.entrySet()) {
            String space = entry.getKey();
            SpaceFold fold = entry.getValue();
            if (fold.cleared) {
                for (Map.Entry<String, Index.Slot> old : view.live(space).entrySet()) {
                    plan.remove(old.getKey(), old.getValue());
                }
            }
            for (Map.Entry<String, byte[]> change : fold.finalValues.entrySet()) {
                Index.Slot before = fold.cleared ? null : view.get(space, change.getKey());
                if (before != null) {
                    plan.remove(change.getKey(), before);
                }
                byte[] after = change.getValue();
                if (after != null) {
                    long size = Index.sizeOf(change.getKey(), after);
                    plan.adds.add(new Add(space, change.getKey(), after));
                    plan.records++;
                    plan.bytes += size;
                    plan.ownRecords++;
                    plan.ownBytes += size;
                }
            }
        }
        return plan;
    }

    private void remove(String key, Index.Slot slot) {
        deletes.add(slot.id());
        records--;
        bytes -= Index.sizeOf(key, slot.value());
    }

    /** Null if the batch fits the store's limits over {@code view}, otherwise why not (S5). */
    StoreException refusal(JournalSettings settings, Overlay view) {
        for (Add add : adds) {
            int size = RecordCodec.size(add.space(), add.key(), add.value().length);
            if (size > settings.maxRecordSize()) {
                return new StoreException(Reason.TOO_LARGE, "record too large for the journal store: " + add.space()
                        + " " + add.key() + " takes " + size + " bytes, a journal file holds records of at most "
                        + settings.maxRecordSize() + "; raise journal.file.size (" + IoFailures.CONFIGURATION + ")");
            }
        }
        if (!grows()) {
            return null; // S5: what does not grow the store is accepted even when it is full
        }
        if (records > 0 && view.records + records > settings.maxRecords()) {
            return overLimit("records", "max.records", records, ownRecords, view.records, settings.maxRecords());
        }
        if (bytes > 0 && view.bytes + bytes > settings.maxBytes()) {
            return overLimit("bytes", "max.bytes", bytes, ownBytes, view.bytes, settings.maxBytes());
        }
        return null;
    }

    /** TOO_LARGE when the batch alone leaves more than {@code max}, FULL when it does only with what is stored. */
    private static StoreException overLimit(String unit, String property, long added, long own, long stored,
            long max) {
        if (own > max) {
            return new StoreException(Reason.TOO_LARGE, "batch too large for the journal store: it alone leaves "
                    + own + " " + unit + ", above " + property + "=" + max + "; raise " + property + " ("
                    + IoFailures.CONFIGURATION + ")");
        }
        return new StoreException(Reason.FULL, "journal store full: the batch would add " + added + " " + unit
                + " to the " + stored + " stored, above " + property + "=" + max + "; delete records or raise "
                + property + " (" + IoFailures.CONFIGURATION + ")");
    }

    boolean grows() {
        return records > 0 || bytes > 0;
    }

    boolean writesNothing() {
        return deletes.isEmpty() && adds.isEmpty();
    }

    /** Records the batch's effect in the group's view; {@code ids} gives the Artemis id of each add, in order. */
    void applyTo(Overlay view, long[] ids) {
        for (Map.Entry<String, SpaceFold> entry : folds.entrySet()) {
            if (entry.getValue().cleared) {
                view.clear(entry.getKey());
            }
        }
        int next = 0;
        for (Map.Entry<String, SpaceFold> entry : folds.entrySet()) {
            String space = entry.getKey();
            for (Map.Entry<String, byte[]> change : entry.getValue().finalValues.entrySet()) {
                if (change.getValue() == null) {
                    view.set(space, change.getKey(), null);
                } else {
                    view.set(space, change.getKey(), new Index.Slot(ids[next++], change.getValue()));
                }
            }
        }
        view.records += records;
        view.bytes += bytes;
    }
}
