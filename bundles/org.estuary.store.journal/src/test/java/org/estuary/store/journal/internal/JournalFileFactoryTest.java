package org.estuary.store.journal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.activemq.artemis.core.io.IOCallback;
import org.apache.activemq.artemis.core.io.SequentialFile;
import org.estuary.store.api.testing.SmallTmpfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal's files are laid out as Artemis lays out its own (every byte zero, the size asked for, the position back
 * at the start), in large writes; a layout the disk cannot hold reaches the critical-error listener, which is how the
 * store learns that the disk is full (Store S6).
 */
class JournalFileFactoryTest {

    @TempDir
    Path dir;

    @Test
    void aNewFileIsLaidOutWithZerosToItsFullSize() throws Exception {
        JournalFileFactory factory = new JournalFileFactory(dir.toFile(), (error, message, file) -> { });
        // not a multiple of the write size, so the last write is a short one
        int size = 3 * JournalFileFactory.FILL_CHUNK + 3 * 4096;
        Files.write(dir.resolve("a.jrn"), new byte[] {7, 7, 7}); // a file's old bytes do not survive its layout
        SequentialFile file = factory.createSequentialFile("a.jrn");
        assertInstanceOf(JournalFileFactory.ZeroFilledFile.class, file);
        assertInstanceOf(JournalFileFactory.ZeroFilledFile.class, file.cloneFile());
        file.open();
        try {
            file.fill(size);
            assertEquals(size, file.size());
            assertEquals(0, file.position());
        } finally {
            file.close();
        }
        byte[] bytes = Files.readAllBytes(dir.resolve("a.jrn"));
        assertEquals(size, bytes.length);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != 0) {
                throw new AssertionError("byte " + i + " is " + bytes[i] + ", not zero");
            }
        }
    }

    // Store S6: a full disk is refused with a message naming the cause; the journal store hears of ENOSPC in a
    // file's layout only through this listener (DiskFullTest shows the refusal end to end).
    @Test
    void aLayoutTheDiskCannotHoldIsReportedToTheListener() throws Exception {
        try (SmallTmpfs tmpfs = SmallTmpfs.mount(dir.resolve("mnt"), 1024 * 1024)) {
            AtomicReference<Throwable> reported = new AtomicReference<>();
            JournalFileFactory factory = new JournalFileFactory(tmpfs.path().toFile(),
                    (error, message, file) -> reported.set(error));
            SequentialFile file = factory.createSequentialFile("big.jrn");
            file.open();
            try {
                IOException full = assertThrows(IOException.class, () -> file.fill(4 * 1024 * 1024));
                assertTrue(String.valueOf(full.getMessage()).contains("No space left"), full.toString());
            } finally {
                file.close();
            }
            assertNotNull(reported.get(), "the critical-error listener heard of the failed layout");
            assertInstanceOf(IOException.class, reported.get().getCause());
        }
    }

    @Test
    void recordsWrittenAfterTheLayoutReadBack() throws Exception {
        JournalFileFactory factory = new JournalFileFactory(dir.toFile(), (error, message, file) -> { });
        SequentialFile file = factory.createSequentialFile("b.jrn");
        file.open();
        try {
            file.fill(JournalFileFactory.FILL_CHUNK);
            ByteBuffer record = ByteBuffer.allocateDirect(4096);
            record.put(0, (byte) 42).put(4095, (byte) 43);
            file.writeDirect(record, true);
        } finally {
            file.close();
        }
        byte[] bytes = Files.readAllBytes(dir.resolve("b.jrn"));
        assertEquals(JournalFileFactory.FILL_CHUNK, bytes.length);
        assertEquals(42, bytes[0]);
        assertEquals(43, bytes[4095]);
        assertEquals(0, bytes[4096]);
    }

    @Test
    void appendsWaitInMemoryUntilFlushedAndKeepTheirOrderWithOtherWrites() throws Exception {
        // Store S3: a batch is acknowledged only after its records were written and synced; the sync stage writes a
        // group's appends in one write(2) right before its fdatasync, so until then the file must not have them, and
        // every other access (a direct write, closing) writes them first, in Artemis's order
        JournalFileFactory factory = new JournalFileFactory(dir.toFile(), (error, message, file) -> { });
        JournalFileFactory.ZeroFilledFile file = (JournalFileFactory.ZeroFilledFile) factory.createSequentialFile(
                "c.jrn");
        file.open();
        List<String> callbacks = new ArrayList<>();
        try {
            file.fill(JournalFileFactory.FILL_CHUNK);
            for (int i = 1; i <= 3; i++) {
                file.writeDirect(filled(40_000, i), false, recording(callbacks, i)); // 120,000 bytes: it grows
            }
            assertEquals(List.of("done 1", "done 2", "done 3"), callbacks, "an append is done once in memory");
            assertEquals(120_000, file.position());
            assertEquals(0, Files.readAllBytes(dir.resolve("c.jrn"))[0], "an append reached the file before flush");
            file.flush();
            assertBytes(Files.readAllBytes(dir.resolve("c.jrn")), 0, 1, 40_000, 2, 119_999, 3, 120_000, 0);
            file.writeDirect(filled(10, 4), false, recording(callbacks, 4));
            file.writeDirect(filled(10, 5), true); // a direct write after it: the append goes first
        } finally {
            file.close();
        }
        assertBytes(Files.readAllBytes(dir.resolve("c.jrn")), 120_000, 4, 120_010, 5, 120_019, 5, 120_020, 0);
        assertEquals(List.of("done 1", "done 2", "done 3", "done 4"), callbacks);
    }

    /** Asserts the byte at each of the given offsets: pairs of offset and expected value. */
    private static void assertBytes(byte[] bytes, int... offsetsAndValues) {
        for (int i = 0; i < offsetsAndValues.length; i += 2) {
            assertEquals(offsetsAndValues[i + 1], bytes[offsetsAndValues[i]], "byte " + offsetsAndValues[i]);
        }
    }

    /** A callback that logs its outcome as "done N" or "error N: message". */
    private static IOCallback recording(List<String> log, int n) {
        return new IOCallback() {
            @Override
            public void done() {
                log.add("done " + n);
            }

            @Override
            public void onError(int code, String message) {
                log.add("error " + n + ": " + message);
            }
        };
    }

    private static ByteBuffer filled(int size, int value) {
        ByteBuffer bytes = ByteBuffer.allocateDirect(size);
        for (int i = 0; i < size; i++) {
            bytes.put(i, (byte) value);
        }
        return bytes;
    }
}
