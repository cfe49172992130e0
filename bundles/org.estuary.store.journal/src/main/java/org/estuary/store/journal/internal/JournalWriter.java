package org.estuary.store.journal.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReadWriteLock;

import org.apache.activemq.artemis.core.journal.IOCompletion;
import org.apache.activemq.artemis.core.journal.RecordInfo;
import org.estuary.store.api.StoreException;
import org.estuary.store.journal.internal.JournalStore.Pending;

/**
 * The journal store's writer and the journal it writes into: plans each batch against the index (S2), appends it
 * to the Artemis journal as one transaction whose commit is synced, and installs it in the index; opens the
 * journal, and after an I/O failure reopens it, rebuilding the index from what is on disk (S6).
 *
 * <p>{@link #write}, {@link #reopen} and {@link #close} are called by the holder of the store's commit lock (and
 * the store's constructor). Artemis calls each batch's {@link Commit} in its buffer's flushing thread (or in the
 * thread stopping the journal); {@link #down()} and {@link #everOpened()} may be read by any thread.
 */
final class JournalWriter {

    private static final System.Logger LOG = System.getLogger(JournalWriter.class.getName());

    private final JournalSettings settings;
    private final Index index;
    /** The store's lock over the index: scans read under it, installing a batch writes under it. */
    private final ReadWriteLock lock;
    private final AckQueue acks;
    /** What recovery dropped from the tail since the store opened, one line each (the store's to show). */
    private final List<String> recovered;
    /** Told about each batch before its appends, and (through the files) about each sync. */
    private final JournalProbe probe;

    /** The open journal, or null; read by completions to tell whether a failure concerns it. */
    private volatile ArtemisJournal journal;
    private long nextId;
    /** Why the journal is not usable (null when it is): reported by scans and by batches until a reopen works. */
    private volatile StoreException down;
    private volatile boolean everOpened;

    JournalWriter(JournalSettings settings, Index index, ReadWriteLock lock, AckQueue acks, List<String> recovered,
            JournalProbe probe) {
        this.settings = settings;
        this.index = index;
        this.lock = lock;
        this.acks = acks;
        this.recovered = recovered;
        this.probe = probe;
    }

    /** Why the store refuses batches and reads, or null while the journal is usable. */
    StoreException down() {
        return down;
    }

    /** Whether the journal was open once: until then an empty index does not mean that the store is empty. */
    boolean everOpened() {
        return everOpened;
    }

    /**
     * Writes a batch (under the commit lock), after reopening the journal if it failed: queues it for its
     * acknowledgement, plans it against the index (S2), refuses it beyond the limits (S5), appends it and installs
     * it in the index. A batch refused, empty or failing before its commit record is appended is decided here;
     * one appended is decided by its {@link Commit}.
     */
    void write(Pending p) {
        if (down != null || journal == null) {
            try {
                reopen();
            } catch (StoreException e) {
                acks.add(p);
                p.decide(e);
                return;
            }
        }
        acks.add(p);
        Overlay view = new Overlay(index);
        BatchPlan plan = BatchPlan.of(p.batch, view);
        StoreException refused = plan.refusal(settings, view);
        if (refused != null || plan.writesNothing()) {
            p.decide(refused);
            return;
        }
        long[] ids = new long[plan.adds];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = nextId++;
        }
        byte[][] payloads = plan.applyTo(view, ids);
        ArtemisJournal target = journal;
        try {
            probe.beforeAppend();
            target.append(nextId++, plan.deletes, ids, payloads, new Commit(p, target));
        } catch (Exception e) {
            // Artemis refused the appends before the commit record was queued: the batch has no effect, but the
            // journal may hold part of an open transaction, so the next batch reopens it.
            markDown(e, target);
            p.decide(IoFailures.of(withCritical(e, target), settings.directory(), false));
            return;
        }
        // Installed before the sync: the next batch is planned over this one. A scan may see a batch before its
        // acknowledgement (S4 allows it); if the sync fails, the outcome is unknown (S1) and the next batch reopens
        // the journal, which rebuilds the index from what is on disk.
        lock.writeLock().lock();
        try {
            view.installInto(index);
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * A batch's completion: Artemis calls {@link #done} once the sync covering its commit record returned, or
     * {@link #onError}. A failed write reaches only the journal's critical-error listener, and the sync after it
     * may still succeed, so {@code done} counts only while the journal has reported no I/O error.
     */
    private final class Commit implements IOCompletion {

        private final Pending p;
        private final ArtemisJournal target;

        Commit(Pending p, ArtemisJournal target) {
            this.p = p;
            this.target = target;
        }

        @Override
        public void storeLineUp() {
        }

        @Override
        public void done() {
            Throwable critical = target.criticalError();
            if (critical != null) {
                failed(critical);
            } else if (p.decide(null)) {
                acks.drain();
            }
        }

        @Override
        public void onError(int code, String message) {
            failed(new IOException(message == null ? "I/O error " + code : message));
        }

        private void failed(Throwable cause) {
            markDown(cause, target);
            if (p.decide(IoFailures.of(withCritical(cause, target), settings.directory(), true))) {
                acks.drain();
            }
        }
    }

    /**
     * The failure with the root cause Artemis reported to its critical-error listener, if any: when the disk is
     * full, Artemis reports ENOSPC there (creating or filling the next file) and the write that follows fails with
     * only "File not opened", which alone would hide that the disk is full (S6: the message names the cause).
     */
    private static Throwable withCritical(Throwable cause, ArtemisJournal target) {
        Throwable critical = target.criticalError();
        if (critical == null || critical == cause) {
            return cause;
        }
        IOException both = new IOException(IoFailures.describe(critical) + "; then: " + IoFailures.describe(cause),
                critical);
        both.addSuppressed(cause);
        return both;
    }

    /** Marks the journal down with {@code cause} if {@code failed} is still the open one: the next batch reopens it. */
    private void markDown(Throwable cause, ArtemisJournal failed) {
        if (journal == failed && down == null) {
            down = IoFailures.of(withCritical(cause, failed), settings.directory(), false);
            LOG.log(Level.WARNING, "Estuary journal store: " + down.getMessage());
        }
    }

    /** Refuses batches and reads with {@code failure} until the journal is reopened (or for good, once closed). */
    void refuse(StoreException failure) {
        down = failure;
    }

    /**
     * Closes the journal and opens it again from what is on disk, rebuilding the index (S6: the store resumes).
     * Batches still waiting for the old journal's sync fail with an unknown outcome: they were planned over the
     * batches whose failure brought it down.
     */
    void reopen() throws StoreException {
        ArtemisJournal old = journal;
        journal = null;
        if (old != null) {
            old.closeQuietly();
            acks.failUndecided(IoFailures.of(withCritical(new IOException("the journal was reopened after a failure"),
                    old), settings.directory(), true));
            acks.drain();
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

    /**
     * Closes the journal (the store closes): what Artemis's buffer holds is synced and acknowledged; a failure is
     * logged: what is on disk is what the next open reads.
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

    /** Opens and loads the journal and rebuilds the index from it; on success the store is up. */
    void open() throws StoreException {
        List<RecordInfo> records = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        long[] maxId = new long[1];
        ArtemisJournal opened;
        try {
            opened = ArtemisJournal.open(settings, probe, records, dropped, maxId);
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
