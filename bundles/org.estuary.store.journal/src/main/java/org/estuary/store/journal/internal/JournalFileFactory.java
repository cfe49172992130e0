package org.estuary.store.journal.internal;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.concurrent.Executor;

import org.apache.activemq.artemis.core.io.IOCriticalErrorListener;
import org.apache.activemq.artemis.core.io.SequentialFile;
import org.apache.activemq.artemis.core.io.SequentialFileFactory;
import org.apache.activemq.artemis.core.io.nio.NIOSequentialFile;
import org.apache.activemq.artemis.core.io.nio.NIOSequentialFileFactory;

/**
 * Artemis's NIO journal files with its timed buffer, the group commit Artemis's journal is built around: appends go
 * into one buffer; its flushing thread writes what the buffer holds in one {@code write(2)} and, when an append
 * asked for it, calls {@code fdatasync} once for all of them before it completes their callbacks. Appends arriving
 * while it syncs fill the next buffer. The buffer flushes at the latest {@code timeoutNanos} after its previous
 * flush, and at once when a synced append waits and the previous flush is at least that long ago.
 *
 * <p>The only addition: each file tells the store's {@link JournalProbe} about its syncs, through the
 * {@link NIOSequentialFile#syncChannel} hook Artemis gives its file types; with {@link JournalProbe#NONE} a sync is
 * exactly Artemis's.
 */
final class JournalFileFactory extends NIOSequentialFileFactory {

    private final JournalProbe probe;

    /**
     * Files in {@code directory} behind a buffer of {@code bufferSize} bytes (the largest record must fit) flushed
     * after at most {@code timeoutNanos}, reporting I/O errors to {@code listener} and syncs to {@code probe}.
     */
    JournalFileFactory(File directory, int bufferSize, int timeoutNanos, IOCriticalErrorListener listener,
            JournalProbe probe) {
        super(directory, true, bufferSize, timeoutNanos, 1, false, listener, null);
        this.probe = probe;
    }

    @Override
    public SequentialFile createSequentialFile(String fileName) {
        return new ObservedFile(this, journalDir, fileName, maxIO, writeExecutor, probe);
    }

    /** Artemis's NIO file, its syncs reported to the probe. */
    private static final class ObservedFile extends NIOSequentialFile {

        private final JournalProbe probe;

        ObservedFile(SequentialFileFactory factory, File directory, String name, int maxIO, Executor writer,
                JournalProbe probe) {
            super(factory, directory, name, maxIO, writer);
            this.probe = probe;
        }

        @Override
        protected void syncChannel(FileChannel channel) throws IOException {
            probe.beforeSync();
            long begun = System.nanoTime();
            super.syncChannel(channel);
            probe.synced(System.nanoTime() - begun);
        }
    }
}
