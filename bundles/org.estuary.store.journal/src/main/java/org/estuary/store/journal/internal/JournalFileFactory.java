package org.estuary.store.journal.internal;

import java.io.File;
import java.io.Flushable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.Executor;

import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQExceptionType;
import org.apache.activemq.artemis.api.core.ActiveMQIOErrorException;
import org.apache.activemq.artemis.api.core.ActiveMQIllegalStateException;
import org.apache.activemq.artemis.core.io.IOCallback;
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
 * the two cores while the store grew. Writes of 256 KB take 3 to 4 ms a file (the store benchmark, bench/README.md).
 * The bytes on disk, the sync that follows and the error reporting are Artemis's.
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

    /**
     * A journal file whose layout writes many pages at a time, and whose appends wait in memory until the sync
     * stage writes them, each group's in one {@code write(2)} right before its {@code fdatasync}
     * ({@link #flush()}); in every other way Artemis's NIO file.
     *
     * <p>Why appends wait: a record written while the file syncs makes that sync slower, and one {@code write(2)}
     * per record made the write stage a syscall per record. An append is done for Artemis once it is in memory
     * (the store syncs its groups itself, and acknowledges a batch only after the flush and the sync); every other
     * write, a read, a sync, moving the position and closing write the appends first, so the file's bytes are always
     * in Artemis's order.
     */
    static final class ZeroFilledFile extends NIOSequentialFile implements Flushable {

        /** The first appends' buffer; it doubles when a group needs more. */
        private static final int APPENDS = 64 * 1024;
        /** The largest appends' buffer kept between flushes. */
        private static final int KEPT_APPENDS = 1024 * 1024;

        /** Appends not written yet, in order, starting at the channel's position (guarded by this file). */
        private ByteBuffer appends;

        ZeroFilledFile(SequentialFileFactory factory, File directory, String name, int maxIO, Executor writer) {
            super(factory, directory, name, maxIO, writer);
        }

        /** An append (sync false, with a callback: the journal's records) waits in memory; the rest goes through. */
        @Override
        public void writeDirect(ByteBuffer bytes, boolean sync, IOCallback callback) {
            if (sync || callback == null) {
                try {
                    flush();
                } catch (IOException e) {
                    factory.releaseBuffer(bytes);
                    if (callback != null) {
                        callback.onError(ActiveMQExceptionType.IO_ERROR.getCode(), IoFailures.describe(e));
                    }
                    return;
                }
                super.writeDirect(bytes, sync, callback);
                return;
            }
            synchronized (this) {
                if (!isOpen()) {
                    factory.releaseBuffer(bytes);
                    callback.onError(ActiveMQExceptionType.IO_ERROR.getCode(), "File not opened");
                    return;
                }
                int size = bytes.remaining();
                if (appends == null || appends.remaining() < size) {
                    grow(size);
                }
                appends.put(bytes);
                position.addAndGet(size);
            }
            factory.releaseBuffer(bytes);
            callback.done();
        }

        private void grow(int size) {
            int used = appends == null ? 0 : appends.position();
            int capacity = Math.max(APPENDS, appends == null ? 0 : appends.capacity());
            while (capacity - used < size) {
                capacity *= 2;
            }
            ByteBuffer bigger = ByteBuffer.allocateDirect(capacity);
            if (appends != null) {
                appends.flip();
                bigger.put(appends);
            }
            appends = bigger;
        }

        /**
         * Writes the appends that wait, in one {@code write(2)} where the kernel takes them whole (the sync stage,
         * before its {@code fdatasync}; and before any other access to the file). On failure they are dropped: the
         * store fails their batches and reopens the journal, which reads only what is on disk.
         */
        @Override
        public synchronized void flush() throws IOException {
            if (appends == null || appends.position() == 0) {
                return;
            }
            appends.flip();
            try {
                if (channel == null) {
                    throw new ClosedChannelException();
                }
                while (appends.hasRemaining()) {
                    channel.write(appends);
                }
            } catch (ClosedChannelException e) {
                throw e;
            } catch (IOException e) {
                factory.onIOError(new ActiveMQIOErrorException(e.getMessage(), e), e.getMessage(), this);
                throw e;
            } finally {
                appends.clear();
                if (appends.capacity() > KEPT_APPENDS) {
                    appends = null; // a group of large records: do not hold its buffer for the rest of the file
                }
            }
        }

        @Override
        public void writeDirect(ByteBuffer bytes, boolean sync) throws Exception {
            flush();
            super.writeDirect(bytes, sync);
        }

        @Override
        public void blockingWriteDirect(ByteBuffer bytes, boolean sync, boolean releaseBuffer) throws Exception {
            flush();
            super.blockingWriteDirect(bytes, sync, releaseBuffer);
        }

        @Override
        public synchronized int read(ByteBuffer bytes, IOCallback callback) throws IOException,
                ActiveMQIllegalStateException {
            flush();
            return super.read(bytes, callback);
        }

        @Override
        public void sync() throws IOException {
            flush();
            super.sync();
        }

        @Override
        public synchronized void position(long position) throws IOException {
            flush();
            super.position(position);
        }

        @Override
        public synchronized void close(boolean waitSync, boolean blockOnWait) throws IOException,
                InterruptedException, ActiveMQException {
            try {
                flush();
            } finally {
                appends = null;
                super.close(waitSync, blockOnWait);
            }
        }

        @Override
        public synchronized void close() throws IOException, InterruptedException, ActiveMQException {
            try {
                flush();
            } finally {
                appends = null;
                super.close();
            }
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
