package org.estuary.remote.internal.mux;

import java.io.IOException;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * This JVM's connections to multiplexed endpoints: per endpoint (host, port and the socket factory that reaches
 * it) up to {@link #CONNECTIONS} connections, a call taking one with no call in flight, else a new one while there
 * are fewer, else the least busy. So one thread's calls go over one connection and a server reads many threads'
 * calls in a few connections, each read and run by a thread of its own there.
 */
public final class MuxClient {

    /** The most connections to one endpoint. */
    static final int CONNECTIONS = 4;
    /** A connection idle this long is asked whether it is still open before a call goes over it. */
    static final long CHECK_AFTER_IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** The largest reply accepted. */
    static final int MAX_REPLY_BYTES = 64 * 1024 * 1024;

    private record Endpoint(String host, int port, RMIClientSocketFactory sockets) {
    }

    private static final Map<Endpoint, List<ClientConnection>> POOLS = new ConcurrentHashMap<>();

    private MuxClient() {
    }

    /**
     * Sends a call frame (its header space reserved) to the endpoint and waits for the reply.
     *
     * @throws java.net.ConnectException if no connection could be made (the call did not run)
     * @throws ClientConnection.SentException if the connection failed after the call was sent
     * @throws IOException if the call could not be sent (it did not run)
     */
    static ClientConnection.Pending call(String host, int port, RMIClientSocketFactory sockets, byte[] frame,
            int length, long timeoutNanos) throws IOException {
        Endpoint endpoint = new Endpoint(host, port, Objects.requireNonNull(sockets, "sockets"));
        ClientConnection connection = connection(endpoint, timeoutNanos);
        try {
            return connection.call(Wire.CALL, frame, length, timeoutNanos);
        } catch (ClientConnection.SentException e) {
            throw e;
        } catch (IOException notSent) {
            // the connection failed before the call went out: once more over a new one
            return connection(endpoint, timeoutNanos).call(Wire.CALL, frame, length, timeoutNanos);
        }
    }

    private static ClientConnection connection(Endpoint endpoint, long timeoutNanos) throws IOException {
        List<ClientConnection> pool = POOLS.computeIfAbsent(endpoint, e -> new CopyOnWriteArrayList<>());
        ClientConnection chosen = null;
        for (ClientConnection connection : pool) {
            if (connection.failed()) {
                pool.remove(connection);
            } else if (connection.inFlight() == 0) {
                chosen = connection;
                break;
            } else if (chosen == null || connection.inFlight() < chosen.inFlight()) {
                chosen = connection;
            }
        }
        if (chosen == null || chosen.inFlight() > 0 && pool.size() < CONNECTIONS) {
            synchronized (pool) { // one thread opens at a time, and never beyond the bound
                if (pool.size() < CONNECTIONS) {
                    ClientConnection opened = open(endpoint);
                    pool.add(opened);
                    return opened;
                }
            }
            if (chosen == null) { // others opened them meanwhile
                return connection(endpoint, timeoutNanos);
            }
        }
        if (chosen.idleNanos() > CHECK_AFTER_IDLE_NANOS && !answers(chosen, timeoutNanos)) {
            pool.remove(chosen);
            return connection(endpoint, timeoutNanos);
        }
        return chosen;
    }

    /** Whether a connection idle for a while still answers (the server may have closed it meanwhile). */
    private static boolean answers(ClientConnection connection, long timeoutNanos) {
        try {
            byte[] ping = new byte[Wire.HEADER_BYTES];
            return connection.call(Wire.PING, ping, ping.length, timeoutNanos).kind == Wire.PONG;
        } catch (IOException e) {
            connection.fail(e);
            return false;
        }
    }

    private static ClientConnection open(Endpoint endpoint) throws IOException {
        Socket socket = endpoint.sockets().createSocket(endpoint.host(), endpoint.port());
        try {
            return new ClientConnection(socket, MAX_REPLY_BYTES);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }
}
