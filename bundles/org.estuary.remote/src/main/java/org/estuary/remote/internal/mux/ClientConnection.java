package org.estuary.remote.internal.mux;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One connection of a client to a {@link MuxServer}, shared by the calls of many threads. Nobody reads it for them:
 * a calling thread that finds nobody reading reads, answering each reply it meets to its caller, until its own
 * arrives, and then hands the reading to another caller still waiting. So a lone caller reads its reply itself, as
 * on a connection of its own, and many callers are answered by one reader at a time.
 */
final class ClientConnection {

    /** A call's outcome: a reply's kind and payload, or the connection's failure. */
    static final class Pending {
        final Thread caller = Thread.currentThread();
        volatile byte kind;
        volatile byte[] payload;
        volatile IOException failure;

        boolean done() {
            return payload != null || failure != null;
        }
    }

    /** The calls in flight over every connection of this JVM: a lone caller spins for its reply (see there). */
    private static final AtomicInteger ALL_IN_FLIGHT = new AtomicInteger();

    private final Socket socket;
    private final FrameReader in;
    private final OutputStream out;
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AtomicBoolean reading = new AtomicBoolean();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile IOException failed;
    private volatile long lastAnswer = System.nanoTime();

    ClientConnection(Socket socket, int maxPayload) throws IOException {
        this.socket = socket;
        this.in = new FrameReader(socket.getInputStream(), maxPayload);
        this.out = socket.getOutputStream();
        out.write(Wire.GREETING);
        out.flush();
    }

    /** Calls sent and not yet answered. */
    int inFlight() {
        return inFlight.get();
    }

    /** Whether the connection failed (it is then closed). */
    boolean failed() {
        return failed != null;
    }

    /** Nanoseconds since a reply last arrived. */
    long idleNanos() {
        return inFlight.get() > 0 ? 0 : System.nanoTime() - lastAnswer;
    }

    /**
     * Sends the frame (its header space filled here) and waits at most {@code timeoutNanos} for the reply.
     *
     * @throws SentException if the connection failed after the frame may have been sent (the call may have run)
     * @throws IOException if the frame could not be sent (the call did not run)
     */
    Pending call(byte kind, byte[] frame, int length, long timeoutNanos) throws IOException {
        long callId = ids.incrementAndGet();
        Wire.header(frame, length - Wire.HEADER_BYTES, callId, kind);
        Pending mine = new Pending();
        pending.put(callId, mine);
        inFlight.incrementAndGet();
        ALL_IN_FLIGHT.incrementAndGet();
        try {
            IOException before = failed;
            if (before != null) {
                throw before;
            }
            synchronized (out) {
                out.write(frame, 0, length);
            }
        } catch (IOException e) {
            pending.remove(callId);
            inFlight.decrementAndGet();
            ALL_IN_FLIGHT.decrementAndGet();
            fail(e);
            throw e;
        }
        try {
            await(callId, mine, System.nanoTime() + timeoutNanos, timeoutNanos);
            if (mine.failure != null) {
                throw new SentException(mine.failure);
            }
            return mine;
        } finally {
            inFlight.decrementAndGet();
            ALL_IN_FLIGHT.decrementAndGet();
        }
    }

    private void await(long callId, Pending mine, long deadline, long timeoutNanos) {
        while (!mine.done()) {
            if (reading.compareAndSet(false, true)) {
                try {
                    readUntil(callId, mine, deadline, timeoutNanos);
                } catch (IOException e) {
                    fail(e);
                } finally {
                    reading.set(false);
                    wakeAReader();
                }
                continue;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                if (pending.remove(callId) != null) {
                    mine.failure = timedOut(timeoutNanos);
                    wakeAReader();
                }
                continue;
            }
            LockSupport.parkNanos(this, left);
        }
    }

    /**
     * Reads replies, handing each to its caller, until {@code mine} is answered or its deadline passed (replies of
     * other calls keep a read from timing out).
     */
    private void readUntil(long callId, Pending mine, long deadline, long timeoutNanos) throws IOException {
        while (!mine.done()) {
            if (System.nanoTime() - deadline >= 0 && pending.remove(callId) != null) {
                mine.failure = timedOut(timeoutNanos);
                return;
            }
            if (ALL_IN_FLIGHT.get() == 1) {
                // the JVM's only call: its reply is worth waiting for on the processor ({@link FrameReader#spin})
                in.spin(FrameReader.SPIN_NANOS);
            }
            in.next();
            lastAnswer = System.nanoTime();
            Pending answered = pending.remove(in.callId);
            if (answered == null) {
                continue; // the reply of a call whose caller stopped waiting
            }
            answered.kind = in.kind;
            answered.payload = in.payload;
            if (answered != mine) {
                LockSupport.unpark(answered.caller);
            }
        }
    }

    private static SocketTimeoutException timedOut(long timeoutNanos) {
        return new SocketTimeoutException("no reply within " + timeoutNanos / 1_000_000 + " ms");
    }

    /** Nobody reads: a caller still waiting is woken to read (whoever gives up reading calls this). */
    private void wakeAReader() {
        if (reading.get()) {
            return;
        }
        for (Pending waiting : pending.values()) {
            if (!waiting.done()) {
                LockSupport.unpark(waiting.caller);
                return;
            }
        }
    }

    /** The connection failed: it is closed and every call waiting on it fails with {@code e}. */
    void fail(IOException e) {
        if (failed == null) {
            failed = e;
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // failing
        }
        for (Map.Entry<Long, Pending> entry : pending.entrySet()) {
            Pending waiting = pending.remove(entry.getKey());
            if (waiting != null) {
                waiting.failure = e;
                LockSupport.unpark(waiting.caller);
            }
        }
    }

    /** The connection failed after the call was sent: whether it ran is not known. */
    static final class SentException extends IOException {
        private static final long serialVersionUID = 1L;

        SentException(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }
}
