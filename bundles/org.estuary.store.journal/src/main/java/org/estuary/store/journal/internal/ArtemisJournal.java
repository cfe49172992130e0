package org.estuary.store.journal.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.activemq.artemis.core.io.IOCriticalErrorListener;
import org.apache.activemq.artemis.core.journal.IOCompletion;
import org.apache.activemq.artemis.core.journal.JournalLoadInformation;
import org.apache.activemq.artemis.core.journal.PreparedTransactionInfo;
import org.apache.activemq.artemis.core.journal.RecordInfo;
import org.apache.activemq.artemis.core.journal.impl.JournalImpl;

/**
 * The ActiveMQ Artemis journal as this store uses it: append-only files of fixed size, pre-allocated and reused,
 * transactions whose commit record makes them count (one per group of batches, split where a batch deletes a record
 * the same transaction added: {@link JournalWriter}), deletes that Artemis's compactor turns into free files. The
 * calls into the journal are here; the Artemis types the store implements or reads live beside it: the file
 * factory whose appends wait in memory for the sync stage ({@link JournalFileFactory}), the executors
 * ({@link JournalExecutors}) and the loaded records that recovery checks ({@link Recovery}).
 *
 * <p>Files are written through NIO without Artemis's timed buffer: the store batches itself (group commit in
 * {@link JournalStore}), and the buffer's timer would only add its timeout to every group.
 */
final class ArtemisJournal {

    static final byte RECORD_TYPE = 1;
    static final String PREFIX = "estuary";
    static final String EXTENSION = "jrn";

    private final JournalImpl journal;
    private final AtomicReference<Throwable> critical;
    private final JournalExecutors executors;

    private ArtemisJournal(JournalImpl journal, AtomicReference<Throwable> critical, JournalExecutors executors) {
        this.journal = journal;
        this.critical = critical;
        this.executors = executors;
    }

    /** Opens (creating the directory and files if needed) and loads the journal of {@code settings}. */
    static ArtemisJournal open(JournalSettings settings, List<RecordInfo> records, List<String> dropped,
            long[] maxId) throws Exception {
        Files.createDirectories(settings.directory());
        AtomicReference<Throwable> critical = new AtomicReference<>();
        IOCriticalErrorListener listener = (error, message, file) -> critical.compareAndSet(null, error);
        JournalFileFactory files = new JournalFileFactory(settings.directory().toFile(), listener);
        // Artemis's defaults (2 files at least, 5 s to open the next file, user version 0) with our executors:
        // appends run in the thread writing the group (JournalExecutors says why). The pool decides whether a file
        // compaction freed is kept for reuse (written over: only its header changes) or deleted; a deleted one is later
        // replaced by a new file that Artemis lays out with zeros first: under steady churn that doubles the bytes
        // written, and keeping freed files raises records/s by a quarter to a third (the store benchmark).
        JournalExecutors executors = new JournalExecutors();
        JournalImpl journal = new JournalImpl(executors, settings.fileSize(), 2, settings.poolFiles(),
                settings.compactMinFiles(), settings.compactPercentage(), 5, files, PREFIX, EXTENSION, 1, 0);
        // JournalImpl's constructor replaces the file factory's listener with its own (null here), so set ours
        // again: it is how ENOSPC while creating the next file reaches the store (S6: FULL, not a bare "File not
        // opened").
        journal.setCriticalErrorListener(listener);
        ArtemisJournal opened = new ArtemisJournal(journal, critical, executors);
        journal.start();
        try {
            executors.requireInlineAppends(journal);
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

    void delete(long tx, long id) throws Exception {
        journal.appendDeleteRecordTransactional(tx, id);
    }

    void add(long tx, long id, byte[] payload) throws Exception {
        journal.appendAddRecordTransactional(tx, id, RECORD_TYPE, payload);
    }

    /** Deletes a record outside any batch (a damaged tail record dropped on recovery), synced. */
    void deleteNow(long id) throws Exception {
        journal.appendDeleteRecord(id, true);
    }

    /**
     * Appends the commit record of {@code tx}; the future completes when Artemis wrote it (and synced it, if
     * {@code sync}: the store syncs through {@link FileSyncer} instead), or fails with the I/O error. Appends run in
     * the calling thread ({@link JournalExecutors}), so with NIO files the future is complete when this returns.
     */
    CompletableFuture<Void> commit(long tx, boolean sync) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        journal.appendCommitRecord(tx, sync, new IOCompletion() {
            @Override
            public void storeLineUp() {
            }

            @Override
            public void done() {
                done.complete(null);
            }

            @Override
            public void onError(int code, String message) {
                done.completeExceptionally(new IOException(message == null ? "I/O error " + code : message));
            }
        });
        return done;
    }

    /**
     * The file Artemis appends to now. Artemis syncs a file when it moves on to the next one (closing it), so a
     * group's records not in its last file are durable once its appends returned.
     */
    java.nio.file.Path currentFile() {
        return journal.getCurrentFile().getFile().getJavaFile().toPath();
    }

    /** Where the current file's appends wait until the sync stage writes them ({@link JournalFileFactory}). */
    java.io.Flushable currentAppends() {
        return (java.io.Flushable) journal.getCurrentFile().getFile();
    }

    /** A critical I/O error Artemis reported outside a callback (file creation, fill), or null. */
    Throwable criticalError() {
        return critical.get();
    }

    int dataFiles() {
        return journal.getDataFilesCount();
    }

    void close() throws Exception {
        try {
            journal.stop();
        } finally {
            executors.shutdown();
        }
    }

    void closeQuietly() {
        try {
            journal.stop();
        } catch (Exception | Error ignored) {
            // closing a failed journal: what matters is what is on disk, and the next open reads that
        } finally {
            executors.shutdown();
        }
    }
}
