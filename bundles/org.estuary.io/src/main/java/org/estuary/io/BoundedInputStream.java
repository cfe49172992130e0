package org.estuary.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

import org.estuary.io.SerialFilterException.Violation;

/**
 * Enforces {@code maxBytes} on the bytes actually read. The JDK checks stream length only when it meets a new
 * object, so one huge string would pass it unchecked; this stops at the limit whatever the stream holds.
 */
final class BoundedInputStream extends FilterInputStream {

    private final long limit;
    private long count;
    private long base;

    BoundedInputStream(InputStream in, long limit) {
        super(in);
        this.limit = limit;
    }

    /** Counts from {@code offset} on: the next object of a joined stream, which begins there, is judged alone. */
    void startObject(long offset) {
        base = offset;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        if (skipped > 0) {
            count(skipped);
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false; // a reset would let bytes be counted twice or not at all
    }

    private void count(long n) throws SerialFilterException {
        count += n;
        if (count - base > limit) {
            throw new SerialFilterException(null, Violation.BYTES,
                    "stream longer than maxBytes=" + limit + " bytes");
        }
    }
}
