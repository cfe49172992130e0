package org.estuary.remote.internal.mux;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Method;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.server.RMIClientSocketFactory;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A client's call over the multiplexed transport, with Java RMI's outcomes: the method's return or what it threw; a
 * {@code RemoteException} the remote method threw as a {@link ServerException}, an {@code Error} as a
 * {@link ServerError}; {@link NoSuchObjectException} when nothing is exported under the id; {@link ConnectException}
 * or {@link ConnectIOException} when the call could not be sent (it did not run); {@link UnmarshalException} when
 * the connection failed or no reply came in time after it was sent (it may have run), with the
 * {@code SocketTimeoutException} as its cause in the second case. Arguments are written and the reply read in the
 * calling thread, so in its read scope and through its context class loader.
 */
public final class MuxCalls {

    private static final Map<Method, Long> HASHES = new ConcurrentHashMap<>();

    private MuxCalls() {
    }

    /** Calls {@code method} with {@code args} on the object exported under {@code id} at the endpoint. */
    public static Object call(String host, int port, RMIClientSocketFactory sockets, int timeoutMs, UUID id,
            Method method, Object[] args) throws Exception {
        Streams.Buffer frame = new Streams.Buffer(Wire.HEADER_BYTES + 24);
        byte[] head = frame.bytes();
        Wire.putLong(head, Wire.HEADER_BYTES, id.getMostSignificantBits());
        Wire.putLong(head, Wire.HEADER_BYTES + 8, id.getLeastSignificantBits());
        Wire.putLong(head, Wire.HEADER_BYTES + 16, HASHES.computeIfAbsent(method, Wire::methodHash));
        Class<?>[] types = method.getParameterTypes();
        try (ObjectOutputStream out = Streams.output(frame)) {
            for (int i = 0; i < types.length; i++) {
                Streams.writeValue(out, types[i], args[i]);
            }
        } catch (IOException | RuntimeException e) {
            throw new MarshalException("error marshalling arguments", e instanceof IOException ? (IOException) e
                    : new IOException(e));
        }
        ClientConnection.Pending reply;
        try {
            reply = MuxClient.call(host, port, sockets, frame.bytes(), frame.length(), timeoutMs * 1_000_000L);
        } catch (ClientConnection.SentException e) {
            throw new UnmarshalException("error unmarshalling return", e);
        } catch (java.net.ConnectException e) {
            throw new ConnectException("Connection refused to host: " + host + ":" + port, e);
        } catch (IOException e) {
            throw new ConnectIOException("error during connection to " + host + ":" + port, e);
        }
        switch (reply.kind) {
            case Wire.RETURN:
                return method.getReturnType() == void.class ? null : read(reply.payload, method.getReturnType());
            case Wire.THROW:
                throw outcome((Throwable) read(reply.payload, Object.class));
            case Wire.NO_SUCH_OBJECT:
                throw new NoSuchObjectException("no such object in table");
            default:
                throw new UnmarshalException("a reply of unknown kind " + reply.kind);
        }
    }

    private static Object read(byte[] payload, Class<?> type) throws UnmarshalException {
        try (ObjectInputStream in = Streams.input(payload, 0, Thread.currentThread().getContextClassLoader())) {
            return Streams.readValue(in, type);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw new UnmarshalException("error unmarshalling return", e);
        }
    }

    /** What the caller gets for what the remote method threw, as Java RMI hands it over. */
    private static Exception outcome(Throwable thrown) {
        if (thrown instanceof RemoteException remote) {
            return new ServerException("RemoteException occurred in server thread", remote);
        }
        if (thrown instanceof Error error) {
            return new ServerError("Error occurred in server thread", error);
        }
        if (thrown instanceof Exception exception) {
            return exception;
        }
        return new UnmarshalException("the server answered with a throwable that is neither an exception nor an "
                + "error: " + thrown.getClass().getName());
    }
}
