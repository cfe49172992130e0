package org.estuary.store.journal.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReadWriteLock;

import org.apache.activemq.artemis.core.journal.RecordInfo;
import org.estuary.store.api.StoreException;
import org.estuary.store.journal.internal.JournalStore.Group;
import org.estuary.store.journal.internal.JournalStore.Pending;

/**
 * The journal store's write stage and the journal it writes into: plans each group's batches against the index
 * (S2), appends them to the Artemis journal as one transaction without syncing it, and installs them in the index;
 * opens the journal, and after an I/O failure reopens it, rebuilding the index from what is on disk (S6).
 *
 * <p>Used by one thread at a time: the holder of the store's commit lock (and the store's constructor before its
 * threads start). {@link #down()} and {@link #everOpened()} may be read by any thread.
 */
final class JournalWriter {

    private static final System.Logger LOG = System.getLogger(JournalWriter.class.getName());
    /** How long a group's writer waits for its appends before it calls the disk unavailable. */
    static final long WRITE_TIMEOUT_SECONDS = 60;

    private final JournalSettings settings;
    private final Index index;
    /** The store's lock over the index: scans read under it, installing a group writes under it. */
    private final ReadWriteLock lock;
    private final FileSyncer files;
    /** What recovery dropped from the tail since the store opened, one line each (the store's to show). */
    private final List<String> recovered;

    private ArtemisJournal journal;
    private long nextId;
    /** Why the journal is not open (null when it is): reported by scans and by batches until a reopen works. */
    private volatile StoreException down;
    private volatile boolean everOpened;
    /** Told about each group before its appends. */
    private final JournalProbe probe;

    JournalWriter(JournalSettings settings, Index index, ReadWriteLock lock, FileSyncer files,
            List<String> recovered, JournalProbe probe) {
        this.settings = settings;
        this.probe = probe;
        this.index = index;
        this.lock = lock;
        this.files = files;
        this.recovered = recovered;
    }

    /** Why the store refuses batches and reads, or null while the journal is open. */
    StoreException down() {
        return down;
    }

    /** Refuses batches and reads with {@code failure} until the journal is reopened (or for good, once closed). */
    void refuse(StoreException failure) {
        down = failure;
    }

    /** Whether the journal was open once: until then an empty index does not mean that the store is empty. */
    boolean everOpened() {
        return everOpened;
    }

    /**
     * Closes the journal (the store closes); a failure is logged: what is on disk is what the next open reads.
     */
    void close() {
        ArtemisJournal open = journal;
        journal = null;
        if (open != null) {
            try {
                open.close();
            } catch (Exception e) {
                LOG.log(Level.WARNING, "Estuary journal store: closing the journal in " + settings.directory()
                        + " failed: " + IoFailures.describe(e));
            }
        }
    }

    /**
     * Writes a group (the write stage): plans each batch against the index plus the batches before it (S2), appends
     * the written batches as one Artemis transaction without syncing it and installs them in the index. Batches
     * refused or failed here are decided; written ones are decided by the sync stage ({@link SyncStage}).
     */
    void write(Group whole) {
        List<Pending> group = whole.batches;
        if (down != null || journal == null) {
            try {
                reopen();
            } catch (StoreException e) {
                JournalStore.decide(group, e);
                return;
            }
        }
        Overlay view = new Overlay(index);
        List<Pending> writing = new ArrayList<>();
        for (Pending p : group) {
            p.plan = BatchPlan.of(p.batch, view);
            p.refused = p.plan.refusal(settings, view);
            if (p.refused == null && !p.plan.writesNothing()) {
                p.ids = new long[p.plan.adds];
                for (int i = 0; i < p.ids.length; i++) {
                    p.ids[i] = nextId++;
                }
                p.payloads = p.plan.applyTo(view, p.ids);
                writing.add(p);
            }
        }
        try {
            List<CompletableFuture<Void>> done = new ArrayList<>();
            if (!writing.isEmpty()) {
                probe.beforeAppend(writing.size());
                // a descriptor on the file before anything goes into it
                files.track(journal.currentFile(), journal.currentAppends());
            }
            // One Artemis transaction carries the whole group (S2 asks each batch to be atomic; a group that lands
            // whole or not at all is that and more): one commit record, hence one write(2), per group instead of
            // per batch. A batch deleting a record an earlier batch of the same transaction added starts a new
            // transaction, so a transaction never adds and deletes the same record.
            long tx = -1;
            // The ids this group's adds took are consecutive and rise batch by batch (the loop above), so the
            // records the current transaction added are those from its first batch's first id on.
            long txFirstAdd = Long.MAX_VALUE;
            for (int i = 0; i < writing.size(); i++) {
                Pending p = writing.get(i);
                Throwable critical = journal.criticalError();
                if (critical != null) {
                    throw new IOException(IoFailures.describe(critical), critical);
                }
                if (tx >= 0 && deletesFrom(p.plan.deletes, txFirstAdd)) {
                    done.add(journal.commit(tx, false));
                    tx = -1;
                }
                if (tx < 0) {
                    tx = nextId++;
                    txFirstAdd = Long.MAX_VALUE;
                }
                if (txFirstAdd == Long.MAX_VALUE && p.ids.length > 0) {
                    txFirstAdd = p.ids[0];
                }
                p.written = true;
                for (long id : p.plan.deletes) {
                    journal.delete(tx, id);
                }
                for (int a = 0; a < p.ids.length; a++) {
                    journal.add(tx, p.ids[a], p.payloads[a]);
                }
            }
            if (tx >= 0) {
                done.add(journal.commit(tx, false)); // synced by the sync stage, while the next group is written
            }
            if (!done.isEmpty()) {
                awaitWrites(done);
                whole.file = files.track(journal.currentFile(), journal.currentAppends());
                whole.journal = journal;
            }
        } catch (Exception e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            if (e instanceof TimeoutException) {
                cause = new IOException("no write or sync completed within " + WRITE_TIMEOUT_SECONDS + " s", e);
            }
            cause = withCritical(cause);
            markDown(cause);
            for (Pending p : group) {
                JournalStore.decide(p, p.refused != null ? p.refused
                        : IoFailures.of(cause, settings.directory(), p.written));
            }
            return;
        }
        // Installed before the sync, so that the next group is planned over this one: a scan may see a batch
        // before its acknowledgement (S4 allows it), and if the sync fails, the batch's outcome is unknown (S1) and
        // the next group reopens the journal, which rebuilds the index from what is on disk.
        lock.writeLock().lock();
        try {
            view.installInto(index);
        } finally {
            lock.writeLock().unlock();
        }
        for (Pending p : group) {
            if (!p.written) {
                JournalStore.decide(p, p.refused); // refused, or nothing to write: no sync to wait for
            }
        }
    }

    /**
     * Whether a batch deletes a record the current transaction added: one whose id is at least the transaction's
     * first add ({@code firstAdd}). Every record of an earlier group or an earlier transaction has a lower id, and
     * tx ids (taken after the group's add ids) are never deleted.
     */
    private static boolean deletesFrom(List<Long> deletes, long firstAdd) {
        for (long id : deletes) {
            if (id >= firstAdd) {
                return true;
            }
        }
        return false;
    }

    /**
     * Waits for the group's commit records. Artemis writes in this thread (JournalExecutors), so they are normally
     * complete already; the bound only guards against an append that completes elsewhere. A leader's interrupt
     * must not leave a written group unacknowledged, so the wait ignores it and restores the flag afterwards.
     */
    private static void awaitWrites(List<CompletableFuture<Void>> done) throws ExecutionException, TimeoutException {
        CompletableFuture<Void> all = done.size() == 1 ? done.get(0)
                : CompletableFuture.allOf(done.toArray(new CompletableFuture<?>[0]));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WRITE_TIMEOUT_SECONDS);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    all.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    return;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The failure with the root cause Artemis reported to its critical-error listener, if any: when the disk is
     * full, Artemis reports ENOSPC there (creating or filling the next file) and the write that follows fails with
     * only "File not opened", which alone would hide that the disk is full (S6: the message names the cause).
     */
    private Throwable withCritical(Throwable cause) {
        ArtemisJournal open = journal;
        Throwable critical = open == null ? null : open.criticalError();
        if (critical == null || critical == cause) {
            return cause;
        }
        IOException both = new IOException(IoFailures.describe(critical) + "; then: " + IoFailures.describe(cause),
                critical);
        both.addSuppressed(cause);
        return both;
    }

    /** Records that the journal failed with {@code cause}: the next group reopens it first. */
    void markDown(Throwable cause) {
        down = IoFailures.of(cause, settings.directory(), false);
        LOG.log(Level.WARNING, "Estuary journal store: " + down.getMessage());
    }

    /** Closes the journal and opens it again from what is on disk, rebuilding the index (S6: the store resumes). */
    void reopen() throws StoreException {
        ArtemisJournal old = journal;
        journal = null;
        if (old != null) {
            old.closeQuietly();
        }
        try {
            open();
        } catch (StoreException e) {
            down = e;
            throw e;
        }
        LOG.log(Level.INFO, "Estuary journal store reopened its journal in " + settings.directory() + " ("
                + index.records + " records)");
    }

    /** Opens and loads the journal and rebuilds the index from it; on success the store is up. */
    void open() throws StoreException {
        List<RecordInfo> records = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        long[] maxId = new long[1];
        ArtemisJournal opened;
        try {
            opened = ArtemisJournal.open(settings, records, dropped, maxId);
        } catch (Exception e) {
            throw IoFailures.of(e, settings.directory(), false);
        }
        try {
            Index loaded = new Index();
            long maxLive = Recovery.rebuild(records, dropped, loaded, opened, settings.directory(), recovered);
            lock.writeLock().lock();
            try {
                index.spaces.clear();
                index.spaces.putAll(loaded.spaces);
                index.records = loaded.records;
                index.bytes = loaded.bytes;
            } finally {
                lock.writeLock().unlock();
            }
            // Ids never repeat: above every id the journal still holds, and above the ids of earlier runs whose
            // records were compacted away (a microsecond clock: a run never uses a million ids a second).
            nextId = Math.max(Math.max(maxId[0], maxLive) + 1, System.currentTimeMillis() * 1000);
            journal = opened;
            down = null;
            everOpened = true;
        } catch (StoreException | RuntimeException e) {
            opened.closeQuietly();
            throw e;
        }
    }
}
