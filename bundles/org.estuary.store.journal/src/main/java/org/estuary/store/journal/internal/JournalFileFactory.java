package org.estuary.store.journal.internal;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.Executor;

import org.apache.activemq.artemis.api.core.ActiveMQIOErrorException;
import org.apache.activemq.artemis.core.io.IOCriticalErrorListener;
import org.apache.activemq.artemis.core.io.SequentialFile;
import org.apache.activemq.artemis.core.io.SequentialFileFactory;
import org.apache.activemq.artemis.core.io.nio.NIOSequentialFile;
import org.apache.activemq.artemis.core.io.nio.NIOSequentialFileFactory;

/**
 * Artemis's NIO journal files, laid out with zeros in writes of {@link #FILL_CHUNK} bytes instead of one memory page
 * each. Artemis writes every new journal file full of zeros before the first record goes in, so that a record's
 * {@code fdatasync} never waits for the file system to allocate blocks. Page-sized writes made that a syscall per
 * 4 KB: 10 to 17 ms of CPU for a 10 MB file alone, and under 64 writers the thread laying out files used a sixth of
 * the two cores while the store grew. Writes of 256 KB take 3 to 4 ms a file (bench/README.md, store section,
 * 2026-11-24 18:11). The bytes on disk, the sync that follows and the error reporting are Artemis's.
 */
final class JournalFileFactory extends NIOSequentialFileFactory {

    /** Bytes per write while laying out a file: past 64 KB the CPU per file stops falling. */
    static final int FILL_CHUNK = 256 * 1024;
    /** Never written to: each fill writes from its own view of it. */
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(FILL_CHUNK);

    /** A factory of unbuffered files in {@code directory} reporting I/O errors to {@code listener}. */
    JournalFileFactory(File directory, IOCriticalErrorListener listener) {
        super(directory, false, listener, 1);
    }

    @Override
    public SequentialFile createSequentialFile(String fileName) {
        return new ZeroFilledFile(this, journalDir, fileName, maxIO, writeExecutor);
    }

    /** A journal file whose layout writes many pages at a time; in every other way Artemis's NIO file. */
    static final class ZeroFilledFile extends NIOSequentialFile {

        ZeroFilledFile(SequentialFileFactory factory, File directory, String name, int maxIO, Executor writer) {
            super(factory, directory, name, maxIO, writer);
        }

        @Override
        public void fill(int size) throws IOException {
            try {
                ByteBuffer zeros = ZEROS.duplicate();
                long position = 0;
                while (position < size) {
                    zeros.clear().limit((int) Math.min(FILL_CHUNK, size - position));
                    position += channel.write(zeros, position);
                }
                if (factory.isDatasync()) {
                    channel.force(true); // the file's size and blocks, before it holds a record
                }
                channel.position(0);
                fileSize = channel.size();
            } catch (ClosedChannelException e) {
                throw e; // closed under us (the journal stopping): not a disk error
            } catch (IOException e) {
                // as Artemis's own fill: the critical-error listener learns of it (how a full disk reaches the store)
                factory.onIOError(new ActiveMQIOErrorException(e.getMessage(), e), e.getMessage(), this);
                throw e;
            }
        }

        @Override
        public SequentialFile cloneFile() {
            return new ZeroFilledFile(factory, directory, getFileName(), maxIO, null);
        }
    }
}
