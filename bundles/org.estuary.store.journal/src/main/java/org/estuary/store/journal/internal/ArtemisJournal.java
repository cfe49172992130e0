package org.estuary.store.journal.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.activemq.artemis.core.io.IOCriticalErrorListener;
import org.apache.activemq.artemis.core.journal.IOCompletion;
import org.apache.activemq.artemis.core.journal.JournalLoadInformation;
import org.apache.activemq.artemis.core.journal.PreparedTransactionInfo;
import org.apache.activemq.artemis.core.journal.RecordInfo;
import org.apache.activemq.artemis.core.journal.impl.JournalImpl;

/**
 * The ActiveMQ Artemis journal as this store uses it, through its public API only: append-only files of fixed size,
 * pre-allocated and reused; one transaction per batch, whose commit record, appended with {@code sync=true} and a
 * completion, makes it count once synced; deletes that Artemis's compactor turns into free files. Artemis runs the
 * appends in its own ordered executor, in the order they were called, and syncs them in groups through its timed
 * buffer ({@link JournalFileFactory}); it calls a batch's completion once the sync covering its commit record
 * returned.
 */
final class ArtemisJournal {

    static final byte RECORD_TYPE = 1;
    static final String PREFIX = "estuary";
    static final String EXTENSION = "jrn";
    /** Artemis's default for the next file to be ready. */
    private static final int OPEN_TIMEOUT_SECONDS = 5;

    private final JournalImpl journal;
    private final AtomicReference<Throwable> critical;
    private final boolean sync;

    private ArtemisJournal(JournalImpl journal, AtomicReference<Throwable> critical, boolean sync) {
        this.journal = journal;
        this.critical = critical;
        this.sync = sync;
    }

    /**
     * Opens (creating the directory and files if needed) and loads the journal of {@code settings}: its live
     * records into {@code records}, a line per transaction Artemis dropped into {@code dropped}, the largest id it
     * holds into {@code maxId[0]}.
     */
    static ArtemisJournal open(JournalSettings settings, JournalProbe probe, List<RecordInfo> records,
            List<String> dropped, long[] maxId) throws Exception {
        Files.createDirectories(settings.directory());
        AtomicReference<Throwable> critical = new AtomicReference<>();
        IOCriticalErrorListener listener = (error, message, file) -> critical.compareAndSet(null, error);
        // The buffer holds the largest record a file can (JournalSettings.maxRecordSize).
        JournalFileFactory files = new JournalFileFactory(settings.directory().toFile(), settings.fileSize(),
                (int) TimeUnit.MICROSECONDS.toNanos(settings.bufferTimeoutMicros()), listener, probe);
        // At least 2 files; the pool decides whether a file compaction freed is kept for reuse (written over: only
        // its header changes) or deleted, to be replaced later by a new file that Artemis lays out with zeros.
        JournalImpl journal = new JournalImpl(settings.fileSize(), 2, settings.poolFiles(),
                settings.compactMinFiles(), settings.compactPercentage(), OPEN_TIMEOUT_SECONDS, files, PREFIX,
                EXTENSION, 1, 0);
        // The journal installs a listener of its own on the file factory; ours is how an I/O error reaches the
        // store: Artemis reports a failed write or sync, or ENOSPC while it creates the next file, only there.
        journal.setCriticalErrorListener(listener);
        ArtemisJournal opened = new ArtemisJournal(journal, critical, settings.sync());
        journal.start();
        try {
            List<PreparedTransactionInfo> prepared = new ArrayList<>();
            // A transaction without its commit record (or with fewer records than its commit names) was never
            // acknowledged: Artemis drops it and tells us what it was.
            JournalLoadInformation info = journal.load(records, prepared, (tx, added, deleted) -> dropped.add(
                    "transaction " + tx + " with " + added.size() + " puts and " + deleted.size() + " deletes"),
                    true);
            maxId[0] = info.getMaxID();
            for (PreparedTransactionInfo p : prepared) {
                dropped.add("prepared transaction " + p.getId() + " (never written by this store)");
            }
        } catch (Exception | Error e) {
            opened.closeQuietly();
            throw e;
        }
        Throwable failed = critical.get();
        if (failed != null) {
            opened.closeQuietly();
            throw new IOException(IoFailures.describe(failed), failed);
        }
        return opened;
    }

    /**
     * Appends one batch as transaction {@code tx}: its deletes, its adds, then its commit record, synced unless
     * sync.mode is none; {@code completion} learns when the commit record is durable (or failed). Returns once
     * Artemis has the appends queued, in call order.
     */
    void append(long tx, List<Long> deletes, long[] ids, byte[][] payloads, IOCompletion completion)
            throws Exception {
        for (long id : deletes) {
            journal.appendDeleteRecordTransactional(tx, id);
        }
        for (int i = 0; i < ids.length; i++) {
            journal.appendAddRecordTransactional(tx, ids[i], RECORD_TYPE, payloads[i]);
        }
        journal.appendCommitRecord(tx, sync, completion, false);
    }

    /** Deletes a record outside any batch (a damaged tail record dropped on recovery), synced. */
    void deleteNow(long id) throws Exception {
        journal.appendDeleteRecord(id, true);
    }

    /** The first I/O error Artemis reported on this journal (a write, a sync, a new file), or null. */
    Throwable criticalError() {
        return critical.get();
    }

    /** Stops the journal: what its buffer holds is written and synced, and their completions called. */
    void close() throws Exception {
        journal.stop();
    }

    void closeQuietly() {
        try {
            journal.stop();
        } catch (Exception | Error ignored) {
            // closing a failed journal: what matters is what is on disk, and the next open reads that
        }
    }
}
