package org.estuary.remote.internal.mux;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.Socket;
import java.rmi.MarshalException;
import java.rmi.UnmarshalException;
import java.util.Arrays;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.estuary.core.concurrent.LaterAnswers;
import org.estuary.core.concurrent.Waits;
import org.estuary.io.ReadScope;

/**
 * One client connection of a {@link MuxServer}. One thread at a time reads it, and runs each call it reads itself,
 * in that thread (no hand-over per call: a call that does not wait costs no thread switch in the server, and calls
 * that arrive together are read and answered together). A call about to wait ({@link Waits#aboutToWait}: a store's
 * sync, a call to another process) hands the reading to another thread first and finishes in its own; at most
 * {@link #MAX_WAITING} calls of one connection wait so at once, beyond that the reader waits with its call. Replies
 * are written as each call ends; the reader sends its own when no other call is already buffered, or before it
 * waits or hands the reading on. While other calls are unanswered, a call may instead claim a later answer
 * ({@link LaterAnswers}: a service's write path answers once its batch is durable): the reader goes on at once, and
 * the answer is written, with the others ready by then, by a thread of the server once it completes.
 */
final class ServerConnection {

    /** The most calls of one connection that wait in threads of their own at once. */
    static final int MAX_WAITING = 256;

    /** {@link #invoke}'s kind for a call whose answer is sent later. */
    private static final byte LATER = -1;

    private static final Object READING = new Object();
    private static final Object HANDED_ON = new Object();

    private final MuxServer server;
    private final Socket socket;
    private final String clientHost;
    private final FrameReader in;
    private final OutputStream out;
    /** READING, HANDED_ON, or the reader's call in progress (an object of its own per call). */
    private final AtomicReference<Object> state = new AtomicReference<>(READING);
    private final AtomicInteger waiting = new AtomicInteger();
    /** Answers sent later, ready to be written; {@link #writingLater} while a thread writes them. */
    private final Queue<Later> later = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean writingLater = new AtomicBoolean();
    private volatile boolean closed;

    ServerConnection(MuxServer server, Socket socket, int maxPayload) throws IOException {
        this.server = server;
        this.socket = socket;
        this.clientHost = socket.getInetAddress() == null ? null : socket.getInetAddress().getHostAddress();
        this.in = new FrameReader(socket.getInputStream(), maxPayload);
        this.out = new BufferedOutputStream(socket.getOutputStream(), 16 * 1024);
    }

    /** The first reader: checks the greeting, then reads. */
    void open() {
        try {
            byte[] greeting = in.greeting(Wire.GREETING.length);
            if (!Arrays.equals(greeting, Wire.GREETING)) {
                server.refused(clientHost, "it did not open with Estuary's greeting");
                close();
                return;
            }
            arrived(); // the greeting is not answered: the request deadline starts at the first call's first byte
        } catch (IOException e) {
            close();
            return;
        }
        read();
    }

    /** Reads and runs calls until the connection ends or a waiting call hands the reading on. */
    void read() {
        state.set(READING);
        try {
            while (!closed) {
                if (!in.hasFrame()) {
                    flush();
                    if (server.idle()) {
                        // every call is answered: the client's next call is worth waiting for on the processor
                        in.spin(FrameReader.SPIN_NANOS);
                    }
                }
                in.next();
                arrived();
                switch (in.kind) {
                    case Wire.CALL:
                        if (!runInline(in.callId, in.payload)) {
                            return; // the reading went on in another thread during the call
                        }
                        break;
                    case Wire.PING:
                        reply(in.callId, Wire.PONG, new byte[Wire.HEADER_BYTES], Wire.HEADER_BYTES);
                        break;
                    default:
                        server.refused(clientHost, "it sent a frame of unknown kind " + in.kind);
                        close();
                        return;
                }
            }
        } catch (java.io.StreamCorruptedException e) {
            server.refused(clientHost, e.getMessage());
            close();
        } catch (IOException | RuntimeException e) {
            close();
        }
    }

    /**
     * A whole frame was read: the request deadline starts again, with the next byte, or now if the next frame began
     * to arrive with this one (its first bytes buffered).
     */
    private void arrived() {
        server.arrived(socket, in.begun());
    }

    /** Runs one call in this thread; false if the reading was handed on meanwhile. */
    private boolean runInline(long callId, byte[] payload) throws IOException {
        Object mine = new Object();
        state.set(mine);
        Waits.during(() -> handOn(mine), () -> answer(callId, payload));
        if (state.compareAndSet(mine, READING)) {
            return true;
        }
        waiting.decrementAndGet();
        flush();
        return false;
    }

    /** Before the reader's call {@code call} waits: another thread reads on, unless too many calls wait already. */
    private void handOn(Object call) {
        if (waiting.incrementAndGet() > MAX_WAITING || !state.compareAndSet(call, HANDED_ON)) {
            waiting.decrementAndGet();
            return;
        }
        try {
            flush();
            server.readOn(this);
        } catch (IOException | RuntimeException e) {
            close();
        }
    }

    /**
     * Runs the call and writes its reply (the reply's frame is written whole, never interleaved). A call may answer
     * later ({@link LaterAnswers}) only while other calls are unanswered: a call alone waits in its own thread, where
     * no thread switch lies between its store's acknowledgement and its reply.
     */
    private void answer(long callId, byte[] payload) {
        boolean others = server.unanswered(1) > 1;
        boolean later = false;
        try {
            later = answerRunning(callId, payload, others);
        } finally {
            if (!later) {
                server.unanswered(-1);
            }
        }
    }

    /** Whether the answer is sent later. */
    private boolean answerRunning(long callId, byte[] payload, boolean laterPossible) {
        Streams.Buffer reply = new Streams.Buffer(Wire.HEADER_BYTES);
        byte kind;
        MuxServer.Export export = payload.length < 24 ? null
                : server.export(new UUID(Wire.getLong(payload, 0), Wire.getLong(payload, 8)));
        if (export == null) {
            kind = Wire.NO_SUCH_OBJECT;
        } else {
            kind = invoke(export, callId, payload, reply, laterPossible);
        }
        if (kind == LATER) {
            return true;
        }
        try {
            reply(callId, kind, reply.bytes(), reply.length());
        } catch (IOException e) {
            close();
        }
        return false;
    }

    /**
     * Invokes the method the call names, with the arguments read for it marked as received
     * ({@link ReadScope#received}: the method may keep them), and writes its outcome into {@code reply}; the reply's
     * kind, or {@link #LATER} when the method claimed a later answer ({@link LaterAnswers}, if
     * {@code laterPossible}), which is sent once it completes.
     */
    private byte invoke(MuxServer.Export export, long callId, byte[] payload, Streams.Buffer reply,
            boolean laterPossible) {
        Method method = export.methods().get(Wire.getLong(payload, 16));
        if (method == null) {
            return thrown(reply, new UnmarshalException("unrecognized method hash: the exported object has no "
                    + "method of this signature"));
        }
        Thread thread = Thread.currentThread();
        ClassLoader saved = thread.getContextClassLoader();
        thread.setContextClassLoader(export.loader());
        MuxServer.CALLER.set(clientHost);
        try {
            Object[] args;
            try (ReadScope.Entered scope = export.calls().enterCall(clientHost);
                    ObjectInputStream arguments = Streams.input(payload, 24, export.loader())) {
                Class<?>[] types = method.getParameterTypes();
                args = new Object[types.length];
                for (int i = 0; i < types.length; i++) {
                    args[i] = Streams.readValue(arguments, types[i]);
                }
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                return thrown(reply, new UnmarshalException("error unmarshalling arguments", e));
            }
            Object result;
            LaterAnswers.Slot slot = laterPossible ? LaterAnswers.open() : null;
            try (ReadScope.Received received = export.calls().received(export.impl(), args)) {
                result = method.invoke(export.impl(), args);
            } catch (InvocationTargetException e) {
                if (slot == null || slot.ready() == null) {
                    return thrown(reply, e.getCause());
                }
                result = null; // a claimed answer is the call's answer, whatever the method did after the claim
            } catch (IllegalAccessException | IllegalArgumentException e) {
                return thrown(reply, new UnmarshalException("the call cannot be made: " + e, e));
            } finally {
                if (slot != null) {
                    slot.close();
                }
            }
            if (slot != null && slot.ready() != null) {
                Later later = new Later(callId, method, export.loader(), slot.answer());
                slot.ready().whenComplete((ready, failure) -> answerLater(later));
                return LATER;
            }
            return returned(reply, method, result);
        } finally {
            MuxServer.CALLER.remove();
            thread.setContextClassLoader(saved);
        }
    }

    /** Writes {@code method}'s return value {@code result} into the reply. */
    private static byte returned(Streams.Buffer reply, Method method, Object result) {
        if (method.getReturnType() == void.class) {
            return Wire.RETURN;
        }
        int start = reply.length();
        try (ObjectOutputStream value = Streams.output(reply)) {
            Streams.writeValue(value, method.getReturnType(), result);
        } catch (IOException | RuntimeException e) {
            reply.reset();
            reply.write(new byte[start], 0, start);
            return thrown(reply, new MarshalException("error marshalling return", e instanceof IOException
                    ? (IOException) e : new IOException(e)));
        }
        return Wire.RETURN;
    }

    /** A call's answer sent later: computed with the export's loader once what it waited for completed. */
    private record Later(long callId, Method method, ClassLoader loader, LaterAnswers.Answer answer) {

        /** Computes the answer into {@code reply}; the reply's kind. */
        byte writeInto(Streams.Buffer reply) {
            Thread thread = Thread.currentThread();
            ClassLoader saved = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            Object value;
            try {
                value = answer.get();
            } catch (Exception | Error e) {
                return thrown(reply, e);
            } finally {
                thread.setContextClassLoader(saved);
            }
            return returned(reply, method, value);
        }
    }

    /**
     * What a later answer waited for completed (in whichever thread completed it, a store's among them): it is
     * queued, and a thread of the server computes and writes the queue out, so the thread that completed it waits
     * for nothing of the service's, and a client that does not read holds no thread but that one.
     */
    private void answerLater(Later answer) {
        later.add(answer);
        if (writingLater.compareAndSet(false, true)) {
            server.execute(this, this::writeLater);
        }
    }

    /** Computes and writes the later answers queued, then flushes them together; on a closed connection, drops them. */
    private void writeLater() {
        try {
            do {
                Later next;
                while ((next = later.poll()) != null) {
                    try {
                        // computed even for a client gone: computing it finishes the service's change
                        Streams.Buffer reply = new Streams.Buffer(Wire.HEADER_BYTES);
                        byte kind = next.writeInto(reply);
                        if (!closed) {
                            reply(next.callId(), kind, reply.bytes(), reply.length());
                        }
                    } finally {
                        server.unanswered(-1);
                    }
                }
                if (!closed) {
                    flush();
                }
                writingLater.set(false);
            } while (!later.isEmpty() && writingLater.compareAndSet(false, true));
        } catch (IOException | RuntimeException e) {
            close();
            writingLater.set(false);
            if (!later.isEmpty() && writingLater.compareAndSet(false, true)) {
                writeLater(); // the rest is dropped, and counted as answered
            }
        }
    }

    /** Writes {@code thrown} into the reply; if it cannot be written, an exception saying so. */
    private static byte thrown(Streams.Buffer reply, Throwable thrown) {
        int start = reply.length();
        try (ObjectOutputStream value = Streams.output(reply)) {
            value.writeObject(thrown);
        } catch (IOException | RuntimeException e) {
            reply.reset();
            reply.write(new byte[start], 0, start);
            try (ObjectOutputStream value = Streams.output(reply)) {
                value.writeObject(new MarshalException("the server's exception " + thrown.getClass().getName()
                        + " could not be written: " + e));
            } catch (IOException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        return Wire.THROW;
    }

    /** Writes a reply frame whose header space {@code frame} reserves; flushed unless this thread reads on. */
    private void reply(long callId, byte kind, byte[] frame, int length) throws IOException {
        Wire.header(frame, length - Wire.HEADER_BYTES, callId, kind);
        synchronized (out) {
            out.write(frame, 0, length);
        }
    }

    private void flush() throws IOException {
        synchronized (out) {
            out.flush();
        }
    }

    /** Closes the connection; its calls in progress finish, their replies go nowhere. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing
        }
        server.closed(this);
    }
}
