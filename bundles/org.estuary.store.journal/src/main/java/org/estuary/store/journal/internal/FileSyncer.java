package org.estuary.store.journal.internal;

import java.io.Flushable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * The journal store's own descriptors on the journal files it writes into, through which its sync stage calls
 * {@code fdatasync} while the next group is already being written.
 *
 * <p>Why not Artemis's file: the writing thread may close it meanwhile (the journal moving to its next file, or
 * being reopened after a failure), and a sync on a closed Artemis file quietly does nothing. A descriptor of our own
 * either syncs or reports the error: the kernel reports a write-back error to every descriptor open when it
 * happened, and this one is opened before the first record goes into the file. It is opened when a file becomes
 * the journal's current file, before anything is written into it, so compaction cannot have removed the file yet,
 * and closed once a sync covered a later file, so a deleted file's space is given back.
 */
final class FileSyncer {

    /** A file the journal writes or wrote into, with our descriptor on it and the appends still to write into it. */
    record Tracked(Path file, FileChannel channel, Flushable appends) {
    }

    /** Oldest first: files enter as they become current, in the order groups are written. */
    private final Deque<Tracked> open = new ConcurrentLinkedDeque<>();
    /** The file last tracked (written by the write stage only). */
    private volatile Tracked newest;

    /** Write stage: the descriptor on {@code current}, the journal's current file, opened if it is new. */
    Tracked track(Path current, Flushable appends) throws IOException {
        Tracked last = newest;
        if (last != null && last.file().equals(current) && last.appends() == appends && last.channel().isOpen()) {
            return last;
        }
        Tracked tracked = new Tracked(current, FileChannel.open(current, StandardOpenOption.WRITE), appends);
        open.addLast(tracked);
        newest = tracked;
        return tracked;
    }

    /** Sync stage: writes the appends that wait for one file a group wrote into. */
    static void flush(Tracked file) throws IOException {
        file.appends().flush();
    }

    /** Sync stage: {@code fdatasync} of one file a group wrote into, once its appends are written ({@link #flush}). */
    static void sync(Tracked file) throws IOException {
        file.channel().force(false);
    }

    /**
     * Sync stage, after a sync covered {@code synced}: closes the descriptors on the files before it. Groups are
     * synced in the order they were written, so no group still to sync wrote into those.
     */
    void release(Tracked synced) {
        Tracked head;
        while ((head = open.peekFirst()) != null && head != synced) {
            open.pollFirst();
            closeQuietly(head);
        }
    }

    /** Closes every descriptor: the store is closed and both stages have ended. */
    void closeAll() {
        Tracked head;
        while ((head = open.pollFirst()) != null) {
            closeQuietly(head);
        }
        newest = null;
    }

    private static void closeQuietly(Tracked tracked) {
        try {
            tracked.channel().close();
        } catch (IOException ignored) {
            // a descriptor we only synced through: nothing is lost by failing to close it
        }
    }
}
