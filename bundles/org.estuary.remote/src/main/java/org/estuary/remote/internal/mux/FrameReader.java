package org.estuary.remote.internal.mux;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StreamCorruptedException;

/**
 * Reads frames ({@link Wire}) from one connection through a buffer of its own, so a reader can tell without a
 * system call whether another whole frame already arrived ({@link #hasFrame}). A payload longer than the bound is
 * refused before anything is allocated for it. One thread at a time.
 */
final class FrameReader {

    /** How long {@link #spin} waits on the processor: beyond a round trip between two processes here. */
    static final long SPIN_NANOS = 50_000;
    /** Waits that block at once after a spin that found nothing. */
    static final int SKIP_AFTER_MISS = 16;
    /** Whether a thread of this JVM spins ({@link #spin}). */
    private static final java.util.concurrent.atomic.AtomicBoolean SPINNING =
            new java.util.concurrent.atomic.AtomicBoolean();

    private final InputStream in;
    private int skip;
    private final int maxPayload;
    private byte[] buffer = new byte[16 * 1024];
    private int start;
    private int end;

    // The last frame read.
    long callId;
    byte kind;
    byte[] payload;

    FrameReader(InputStream in, int maxPayload) {
        this.in = in;
        this.maxPayload = maxPayload;
    }

    /**
     * Reads the next frame into {@link #callId}, {@link #kind} and {@link #payload}, blocking until it is whole.
     *
     * @throws EOFException if the peer closed the connection
     * @throws StreamCorruptedException if the header announces a payload above the bound or a negative one
     */
    void next() throws IOException {
        fill(Wire.HEADER_BYTES);
        int length = Wire.getInt(buffer, start);
        if (length < 0 || length > maxPayload) {
            throw new StreamCorruptedException("a frame of " + length + " bytes (at most " + maxPayload
                    + " are accepted)");
        }
        callId = Wire.getLong(buffer, start + 4);
        kind = buffer[start + 12];
        start += Wire.HEADER_BYTES;
        int buffered = Math.min(length, end - start);
        // Memory for what arrived, not for what the header announces: a peer that announces a large frame and
        // sends little holds little (and loses the connection at the request deadline).
        byte[] into = new byte[length <= buffer.length ? length : Math.max(buffered, buffer.length)];
        System.arraycopy(buffer, start, into, 0, buffered);
        start += buffered;
        int read = buffered;
        while (read < length) { // a large payload: straight into its array, grown as it arrives
            if (read == into.length) {
                into = java.util.Arrays.copyOf(into, (int) Math.min(length, 2L * into.length));
            }
            int n = in.read(into, read, into.length - read);
            if (n < 0) {
                throw new EOFException("the connection closed in the middle of a frame");
            }
            read += n;
        }
        payload = into;
    }

    /** Whether bytes beyond the last frame read are buffered: the next frame has begun to arrive. */
    boolean begun() {
        return end > start;
    }

    /** Whether a whole frame is already buffered (no system call). */
    boolean hasFrame() {
        int available = end - start;
        return available >= Wire.HEADER_BYTES && available - Wire.HEADER_BYTES >= Wire.getInt(buffer, start);
    }

    /**
     * Waits up to {@code spinNanos} on the processor, without blocking, for bytes to arrive; whether some did (or
     * a frame is buffered). A thread blocked in a read is woken by the kernel when data arrives, which on a virtual
     * machine costs tens of microseconds; a reply or call expected within that is cheaper to wait for this way. One
     * thread of the JVM spins at a time (the others block at once: a processor spinning is one the calls of others
     * do not get), and a reader whose spin found nothing blocks at once for its next {@link #SKIP_AFTER_MISS} waits.
     */
    boolean spin(long spinNanos) throws IOException {
        if (end > start) {
            return true;
        }
        if (skip > 0) {
            skip--;
            return false;
        }
        if (!SPINNING.compareAndSet(false, true)) {
            return false;
        }
        try {
            long until = System.nanoTime() + spinNanos;
            do {
                if (in.available() > 0) {
                    return true;
                }
                Thread.onSpinWait();
            } while (System.nanoTime() - until < 0);
            skip = SKIP_AFTER_MISS;
            return false;
        } finally {
            SPINNING.set(false);
        }
    }

    /** Reads exactly {@code n} bytes of greeting. */
    byte[] greeting(int n) throws IOException {
        fill(n);
        byte[] got = new byte[n];
        System.arraycopy(buffer, start, got, 0, n);
        start += n;
        return got;
    }

    /** Makes at least {@code n} bytes buffered, reading what the connection has. */
    private void fill(int n) throws IOException {
        if (end - start >= n) {
            return;
        }
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
        }
        while (end < n) {
            int read = in.read(buffer, end, buffer.length - end);
            if (read < 0) {
                throw new EOFException(end == 0 ? "the connection closed" : "the connection closed in the middle "
                        + "of a frame");
            }
            end += read;
        }
    }
}
