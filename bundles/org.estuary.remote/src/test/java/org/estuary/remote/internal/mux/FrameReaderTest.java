package org.estuary.remote.internal.mux;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.StreamCorruptedException;

import org.junit.jupiter.api.Test;

/** Frames as the transport reads them: whole, bounded, and no memory taken for bytes that did not arrive. */
class FrameReaderTest {

    private static byte[] frames(int... lengths) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long id = 0;
        for (int length : lengths) {
            byte[] payload = new byte[length];
            if (length > 0) {
                payload[length - 1] = 7;
            }
            byte[] header = new byte[Wire.HEADER_BYTES];
            Wire.header(header, length, ++id, Wire.CALL);
            out.write(header);
            out.write(payload);
        }
        return out.toByteArray();
    }

    @Test
    void readsFramesWholeAndTellsWhetherAnotherIsBuffered() throws IOException {
        FrameReader in = new FrameReader(new ByteArrayInputStream(frames(3, 100_000, 0)), 1 << 20);
        in.next();
        assertEquals(1, in.callId);
        assertEquals(Wire.CALL, in.kind);
        assertArrayEquals(new byte[] {0, 0, 7}, in.payload);
        in.next();
        assertEquals(2, in.callId);
        assertEquals(100_000, in.payload.length);
        assertEquals(7, in.payload[99_999]);
        in.next();
        assertEquals(0, in.payload.length);
        assertFalse(in.hasFrame());
        assertThrows(EOFException.class, in::next);
    }

    @Test
    void aSmallFrameBehindAnotherIsKnownBufferedWithoutReading() throws IOException {
        FrameReader in = new FrameReader(new ByteArrayInputStream(frames(10, 10)), 1 << 20);
        in.next();
        assertTrue(in.hasFrame());
    }

    @Test
    void aFrameAboveTheBoundIsRefusedFromItsHeader() throws IOException {
        FrameReader in = new FrameReader(new ByteArrayInputStream(frames(2_000)), 1_000);
        StreamCorruptedException refused = assertThrows(StreamCorruptedException.class, in::next);
        assertTrue(refused.getMessage().contains("2000 bytes (at most 1000"), refused.getMessage());
    }

    @Test
    void aFrameAnnouncedLargeAndSentShortTakesMemoryOnlyForWhatArrived() throws IOException {
        // A header announcing almost 2 GB (within a bound that allows it) and 40 bytes: reading it ahead would
        // need an array of the announced size, which this test's heap cannot give.
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] header = new byte[Wire.HEADER_BYTES];
        Wire.header(header, Integer.MAX_VALUE - 16, 1, Wire.CALL);
        out.write(header);
        out.write(new byte[40]);
        FrameReader in = new FrameReader(new ByteArrayInputStream(out.toByteArray()), Integer.MAX_VALUE - 16);
        assertThrows(EOFException.class, in::next);
    }
}
