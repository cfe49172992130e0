package org.estuary.remote.internal;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;

/**
 * A socket whose read timeout ({@code setSoTimeout}) is kept by {@link ReadDeadlines} instead of the socket itself:
 * a read that waits longer than the timeout is ended by closing the socket, and the reader gets a
 * {@link SocketTimeoutException} as with SO_TIMEOUT. Why: the JDK's socket turns a timed socket non-blocking for
 * good, so every read that has to wait costs three system calls (a read answering EAGAIN, a poll, the read again)
 * where a blocking socket needs one; on a busy endpoint that was a third of the system calls of each remote call.
 * The bound itself is unchanged (the read timeout on the server, the call timeout on the client): a read ends at
 * most one sweep ({@link ReadDeadlines#SWEEP_MS}) after its timeout.
 *
 * <p>Optionally capped: a timeout set above the cap, or "forever" (0), becomes the cap (the server's read timeout
 * over RMI's own two hours).
 *
 * <p>Optionally with a request deadline (the server's {@code request.timeout.ms}): a request starts with the first
 * byte that arrives after this side last wrote (its previous answer), and a read still waiting for the rest of it
 * once the deadline passed ends the same way, so a peer that sends a byte at a time within the read timeout cannot
 * keep a request, and its server thread, forever. Running the call (no read waiting) is not bounded by it.
 */
public final class DeadlineSocket extends Socket {

    static final long IDLE = Long.MIN_VALUE;

    private final int capMs;
    private final long requestNanos; // 0: no request deadline
    private volatile int timeoutMs;
    /** When the request being read started ({@link System#nanoTime}), or {@link #IDLE} between requests. */
    private volatile long requestSince = IDLE;
    private volatile Runnable onClose;
    /** When the read in progress started ({@link System#nanoTime}), or {@link #IDLE}. */
    private volatile long readingSince = IDLE;
    private volatile boolean timedOut;
    private volatile Reads reads;
    private volatile boolean anonymous;
    /** What watches this side's output, or null. */
    private volatile BytePattern answers;

    /** A socket whose timeouts are capped at {@code capMs} (0: not capped). */
    public DeadlineSocket(int capMs) {
        this(capMs, 0);
    }

    /** A socket whose timeouts are capped at {@code capMs} (0: not capped), each request at {@code requestMs}. */
    public DeadlineSocket(int capMs, long requestMs) {
        if (capMs < 0 || requestMs < 0) {
            throw new IllegalArgumentException("cap and request deadline must be zero or positive: " + capMs + ", "
                    + requestMs);
        }
        this.capMs = capMs;
        this.requestNanos = requestMs * 1_000_000L;
    }

    /**
     * The address an {@link #anonymous()} socket names as its peer: the wildcard address, which no interface of
     * this host has, so RMI's registry takes the caller for a remote host (its connection threads name such a peer
     * {@code 0.0.0.0}, as they do a socket of no address). Not null, because code reading a socket expects an
     * address once it is connected: the JDK's flight recorder names the peer of every socket read and write it
     * records ({@code jdk.SocketRead}, {@code jdk.SocketWrite}) and, given null, fails the read with a
     * {@code NullPointerException}. Made with its name, so naming it looks nothing up.
     */
    static final InetAddress NO_PEER = noPeer();

    private static InetAddress noPeer() {
        try {
            return InetAddress.getByAddress("0.0.0.0", new byte[4]);
        } catch (UnknownHostException impossible) {
            throw new AssertionError(impossible); // four bytes are an IPv4 address
        }
    }

    /**
     * From now on {@link #getInetAddress()} answers {@link #NO_PEER}, an address of no host; {@link #peer()} still
     * answers the peer's address.
     */
    void anonymous() {
        anonymous = true;
    }

    /** From now on every byte this side writes goes past {@code watch} too. */
    void watchAnswers(BytePattern watch) {
        answers = watch;
    }

    /** The peer's address (also when {@link #anonymous()}), or null if not connected. */
    InetAddress peer() {
        return super.getInetAddress();
    }

    @Override
    public InetAddress getInetAddress() {
        return anonymous ? NO_PEER : super.getInetAddress();
    }

    /** Runs {@code action} once, when the socket is first closed. */
    void onClose(Runnable action) {
        this.onClose = action;
    }

    /** Runs {@code action} too when the socket closes (after what {@link #onClose} set). */
    void alsoOnClose(Runnable action) {
        synchronized (this) {
            Runnable first = onClose;
            onClose = first == null ? action : () -> {
                first.run();
                action.run();
            };
        }
    }

    /**
     * A whole request has arrived: the request deadline starts again, with the next byte, or now if the next
     * request's first bytes were read with this one ({@code nextBegun}). For a connection that carries many requests
     * between answers (the multiplexed transport's), where an answer is not the end of a request.
     */
    void requestArrived(boolean nextBegun) {
        requestSince = nextBegun ? System.nanoTime() : IDLE;
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout can't be negative");
        }
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        timeoutMs = capMs > 0 && (timeout == 0 || timeout > capMs) ? capMs : timeout;
    }

    @Override
    public int getSoTimeout() throws SocketException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        return timeoutMs;
    }

    @Override
    public InputStream getInputStream() throws IOException {
        InputStream raw = super.getInputStream(); // the socket's own checks (closed, not connected, shut down)
        Reads current = reads;
        if (current == null || current.raw != raw) {
            current = new Reads(raw);
            reads = current;
            ReadDeadlines.watch(this);
        }
        return current;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        OutputStream raw = super.getOutputStream();
        return requestNanos == 0 && answers == null ? raw : new Writes(raw);
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            ReadDeadlines.unwatch(this);
            Runnable action;
            synchronized (this) {
                action = onClose;
                onClose = null;
            }
            if (action != null) {
                action.run();
            }
        }
    }

    /** Closes the socket if a read has waited longer than the timeout; false once the socket is closed. */
    boolean expireIfOverdue(long now) {
        if (isClosed()) {
            return false;
        }
        long since = readingSince;
        int timeout = timeoutMs;
        long request = requestSince;
        boolean readTooLong = since != IDLE && timeout > 0 && now - since >= timeout * 1_000_000L;
        boolean requestTooLong = since != IDLE && requestNanos > 0 && request != IDLE && now - request >= requestNanos;
        if (readTooLong || requestTooLong) {
            timedOut = true;
            try {
                close(); // wakes the blocked reader with a SocketException
            } catch (IOException ignored) {
                // closing anyway
            }
            return false;
        }
        return true;
    }

    /** The socket's input, timing each read. */
    private final class Reads extends FilterInputStream {
        final InputStream raw;

        Reads(InputStream raw) {
            super(raw);
            this.raw = raw;
        }

        @Override
        public int read() throws IOException {
            if (timeoutMs == 0) {
                return in.read();
            }
            readingSince = System.nanoTime();
            try {
                return started(in.read());
            } catch (SocketException e) {
                throw timedOut ? timeout(e) : e;
            } finally {
                readingSince = IDLE;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (timeoutMs == 0) {
                return in.read(b, off, len);
            }
            readingSince = System.nanoTime();
            try {
                return started(in.read(b, off, len));
            } catch (SocketException e) {
                throw timedOut ? timeout(e) : e;
            } finally {
                readingSince = IDLE;
            }
        }

        @Override
        public long skip(long n) throws IOException {
            return in.skip(n);
        }

        /** Notes the start of a request at its first byte; returns what the read returned. */
        private int started(int read) {
            if (read >= 0 && requestNanos > 0 && requestSince == IDLE) {
                requestSince = System.nanoTime();
            }
            return read;
        }

        private SocketTimeoutException timeout(SocketException closed) {
            SocketTimeoutException e = new SocketTimeoutException("Read timed out (read timeout " + timeoutMs
                    + " ms" + (requestNanos > 0 ? ", request deadline " + requestNanos / 1_000_000 + " ms)" : ")"));
            e.initCause(closed);
            return e;
        }
    }

    /** The socket's output: writing an answer ends the request being read, and the answer is watched if asked. */
    private final class Writes extends FilterOutputStream {

        Writes(OutputStream raw) {
            super(raw);
        }

        @Override
        public void write(int b) throws IOException {
            requestSince = IDLE;
            BytePattern watch = answers;
            if (watch != null) {
                watch.seen(b); // before the peer can have the bytes: what it reacts to was seen here first
            }
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            requestSince = IDLE;
            BytePattern watch = answers;
            if (watch != null) {
                watch.seen(b, off, len);
            }
            out.write(b, off, len);
        }
    }
}
