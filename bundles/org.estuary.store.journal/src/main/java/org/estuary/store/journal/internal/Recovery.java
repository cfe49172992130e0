package org.estuary.store.journal.internal;

import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.activemq.artemis.core.journal.RecordInfo;
import org.estuary.store.api.Names;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreException.Reason;

/**
 * Rebuilds the journal store's index from the records Artemis loaded, checking every record's
 * checksum ({@link RecordCodec}). A torn tail is dropped for good and logged; a bad record anywhere else is CORRUPT,
 * never silently skipped.
 */
final class Recovery {

    private static final System.Logger LOG = System.getLogger(JournalStore.class.getName());

    private Recovery() {
    }

    /**
     * Decodes every record into {@code into} and logs, into {@code log} and the store's logger, each transaction
     * Artemis {@code dropped} (incomplete at the tail: never acknowledged) and each record dropped here. A record
     * failing its check among the newest (no valid record has a larger id, and ids grow with acceptance order) is
     * a torn tail: deleted from {@code opened} so the next open does not meet it among older records. Returns the
     * largest record id seen (0 if none).
     */
    static long rebuild(List<RecordInfo> records, List<String> dropped, Index into, ArtemisJournal opened,
            Path directory, List<String> log) throws StoreException {
        for (String transaction : dropped) {
            note(log, directory, "dropped an incomplete batch at the journal's tail (never acknowledged): "
                    + transaction);
        }
        long maxGood = Long.MIN_VALUE;
        List<RecordInfo> bad = new ArrayList<>();
        List<String> why = new ArrayList<>();
        for (RecordInfo info : records) {
            if (info.isUpdate) {
                throw corrupt(directory, "record " + info.id + " is an update, which this store never writes");
            }
            try {
                RecordCodec.Decoded record = RecordCodec.decode(info.data);
                Names.requireSpace(record.space());
                Names.requireKey(record.key());
                Index.Slot before = into.get(record.space(), record.key());
                if (before != null) {
                    throw corrupt(directory, "records " + before.id() + " and " + info.id + " both hold "
                            + record.space() + " " + record.key());
                }
                into.put(record.space(), record.key(), Index.Slot.of(info.id, record.key(), info.data,
                        record.valueOffset()));
                maxGood = Math.max(maxGood, info.id);
            } catch (RecordCodec.CorruptRecordException | IllegalArgumentException e) {
                bad.add(info);
                why.add(e.getMessage());
            }
        }
        for (int i = 0; i < bad.size(); i++) {
            RecordInfo info = bad.get(i);
            if (info.id < maxGood) {
                throw corrupt(directory, "record " + info.id + " (" + info.data.length + " bytes) fails its check ("
                        + why.get(i) + ") and newer records follow it");
            }
        }
        long maxLive = maxGood;
        for (int i = 0; i < bad.size(); i++) {
            RecordInfo info = bad.get(i);
            try {
                opened.deleteNow(info.id);
            } catch (Exception e) {
                throw IoFailures.of(e, directory, false);
            }
            note(log, directory, "dropped record " + info.id + " (" + info.data.length + " bytes) at the journal's "
                    + "tail: " + why.get(i));
            maxLive = Math.max(maxLive, info.id);
        }
        return Math.max(maxLive, 0);
    }

    private static void note(List<String> log, Path directory, String line) {
        log.add(line);
        LOG.log(Level.WARNING, "Estuary journal store in " + directory + ": " + line);
    }

    private static StoreException corrupt(Path directory, String detail) {
        return new StoreException(Reason.CORRUPT, "journal store data corrupt in " + directory + ": " + detail
                + "; nothing was skipped: restore the directory from a backup, or move it away to start empty, then "
                + "restart the store");
    }
}
