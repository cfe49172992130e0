package org.estuary.store.journal.internal;

import java.nio.ByteBuffer;
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

    /**
     * The last word of the batch on one key: a value to set, or null to delete it. A value is the batch's read-only
     * view ({@link Operation#valueBuffer}), not a copy: {@link #applyTo} copies it once, into the encoded record.
     */
    private record Change(String space, String key, ByteBuffer value) {
    }

    private static final class SpaceFold {
        boolean cleared;
        final Map<String, ByteBuffer> finalValues = new LinkedHashMap<>();
    }

    final List<Long> deletes = new ArrayList<>();
    /** The records the batch adds: its changes that set a value. */
    int adds;
    /** The spaces the batch clears, then its changes in order: what {@link #applyTo} records in the group's view. */
    private final List<String> cleared;
    private final List<Change> changes;
    long records;
    long bytes;
    long ownRecords;
    long ownBytes;

    private BatchPlan(List<String> cleared, List<Change> changes) {
        this.cleared = cleared;
        this.changes = changes;
    }

    /** Folds the batch and measures it against what the group sees so far. */
    static BatchPlan of(Batch batch, Overlay view) {
        List<Operation> operations = batch.operations();
        if (operations.size() == 1 && operations.get(0).kind() != Operation.Kind.CLEAR) {
            // The common batch, one put or delete: nothing to fold, so no maps to build (the write stage plans
            // every batch in one thread, and its CPU bounds the store under many writers).
            Operation op = operations.get(0);
            return of(List.of(), List.of(new Change(op.space(), op.key(), op.valueBuffer())), view);
        }
        Map<String, SpaceFold> folds = new LinkedHashMap<>();
        for (Operation op : operations) {
            SpaceFold fold = folds.computeIfAbsent(op.space(), s -> new SpaceFold());
            switch (op.kind()) {
                case PUT:
                    fold.finalValues.put(op.key(), op.valueBuffer());
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
        List<String> cleared = new ArrayList<>();
        List<Change> changes = new ArrayList<>();
        for (Map.Entry<String, SpaceFold> entry : folds.entrySet()) {
            if (entry.getValue().cleared) {
                cleared.add(entry.getKey());
            }
            for (Map.Entry<String, ByteBuffer> change : entry.getValue().finalValues.entrySet()) {
                changes.add(new Change(entry.getKey(), change.getKey(), change.getValue()));
            }
        }
        return of(cleared, changes, view);
    }

    /**
     * The plan of a folded batch (S2: the last operation on a key decides, a CLEAR drops what the space held before
     * it): {@code cleared} spaces, then {@code changes}, none of them in a cleared space before its clear.
     */
    private static BatchPlan of(List<String> cleared, List<Change> changes, Overlay view) {
        BatchPlan plan = new BatchPlan(cleared, changes);
        for (String space : cleared) {
            for (Index.Slot old : view.live(space).values()) {
                plan.remove(old);
            }
        }
        for (Change change : changes) {
            Index.Slot before = cleared.contains(change.space()) ? null : view.get(change.space(), change.key());
            if (before != null) {
                plan.remove(before);
            }
            if (change.value() != null) {
                long size = Index.sizeOf(change.key(), change.value().remaining());
                plan.adds++;
                plan.records++;
                plan.bytes += size;
                plan.ownRecords++;
                plan.ownBytes += size;
            }
        }
        return plan;
    }

    private void remove(Index.Slot slot) {
        deletes.add(slot.id());
        records--;
        bytes -= slot.size();
    }

    /** Null if the batch fits the store's limits over {@code view}, otherwise why not (S5). */
    StoreException refusal(JournalSettings settings, Overlay view) {
        for (Change add : changes) {
            if (add.value() == null) {
                continue;
            }
            int size = RecordCodec.size(add.space(), add.key(), add.value().remaining());
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
        return deletes.isEmpty() && adds == 0;
    }

    /**
     * Records the batch's effect in the group's view, {@code ids} giving the Artemis id of each add in order, and
     * returns the encoded records of the adds ({@link RecordCodec#encode}), in the same order: the journal writes
     * them and the view's slots keep them.
     */
    byte[][] applyTo(Overlay view, long[] ids) {
        for (String space : cleared) {
            view.clear(space);
        }
        byte[][] payloads = new byte[adds][];
        int next = 0;
        for (Change change : changes) {
            if (change.value() == null) {
                view.set(change.space(), change.key(), null);
            } else {
                byte[] payload = RecordCodec.encode(change.space(), change.key(), change.value());
                payloads[next] = payload;
                view.set(change.space(), change.key(), Index.Slot.of(ids[next], change.key(), payload,
                        payload.length - change.value().remaining()));
                next++;
            }
        }
        view.records += records;
        view.bytes += bytes;
        return payloads;
    }
}
