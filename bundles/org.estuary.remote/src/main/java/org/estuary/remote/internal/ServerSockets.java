package org.estuary.remote.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.rmi.AccessException;
import java.rmi.server.RMIServerSocketFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

import org.estuary.io.RateLimitedLog;

/**
 * The server sockets of one exporter: bound to its bind address (127.0.0.1 by default, never the wildcard unless
 * configured), optionally TLS with required client certificates. Equality is identity on purpose: RMI shares a
 * listening port between exports with equal factories, so the objects of one exporter share one port, while two
 * exporters in one JVM never share (each knows its own port). The registry listens on a port of its own
 * ({@link #forRegistry()}).
 *
 * <p>Every accepted connection waits at most the read timeout for the peer's next bytes, so a
 * half-open connection (a peer that connects and never sends, or stops mid-request, or vanished without a FIN)
 * frees its server thread within that bound. RMI sets its own, JVM-wide, read timeout on each connection
 * ({@code sun.rmi.transport.tcp.readTimeout}, two hours by default); the accepted socket caps whatever it is set to
 * at this exporter's bound, so no JVM option is needed. A request (from its first byte to the answer) must arrive
 * whole within the request deadline. TLS is layered over the accepted socket (server mode) so the bounds hold for
 * TLS connections and their handshakes too.
 *
 * <p>The connections open at once are capped in all and per peer address ({@link Connections}): one beyond a cap is
 * closed as it is accepted, before RMI gives it a thread, and logged (at most a line per second).
 */
public final class ServerSockets implements RMIServerSocketFactory {

    private static final int BACKLOG = 512;
    /**
     * The registry's refusal as it crosses the connection: the name of {@link AccessException} in the class
     * descriptor of the exception the answer carries (the Java RMI wire protocol's exceptional return, its length
     * prefixed as the serialization protocol writes a class name). The registry answers nothing else with it.
     */
    static final byte[] REFUSAL = refusal();

    private final InetAddress bindAddress;
    private final SSLContext ssl;
    private final boolean clientAuth;
    private final int readTimeoutMs;
    private final long requestTimeoutMs;
    private final Connections connections;
    private final RateLimitedLog refusals;
    /** The registry's refusals of changes, logged apart from refused connections; null for the objects' port. */
    private final RateLimitedLog registryChanges;
    private volatile int boundPort = -1;
    /** The deadline sockets under the TLS sockets accepted, while open. */
    private final Map<Socket, DeadlineSocket> underTls = new ConcurrentHashMap<>();

    /**
     * @param readTimeoutMs the longest a connection waits for the peer's next bytes
     * @param requestTimeoutMs the longest a request may take to arrive whole
     * @param maxConnections the most connections open at once
     * @param maxConnectionsPerHost the most connections open at once from one peer address
     */
    public ServerSockets(InetAddress bindAddress, SSLContext ssl, boolean clientAuth, long readTimeoutMs,
            long requestTimeoutMs, int maxConnections, int maxConnectionsPerHost) {
        this(bindAddress, ssl, clientAuth, (int) Math.min(readTimeoutMs, Integer.MAX_VALUE), requestTimeoutMs,
                new Connections(maxConnections, maxConnectionsPerHost),
                new RateLimitedLog(System.getLogger("org.estuary.remote")), null);
    }

    private ServerSockets(InetAddress bindAddress, SSLContext ssl, boolean clientAuth, int readTimeoutMs,
            long requestTimeoutMs, Connections connections, RateLimitedLog refusals, RateLimitedLog registryChanges) {
        this.bindAddress = bindAddress;
        this.ssl = ssl;
        this.clientAuth = clientAuth;
        this.readTimeoutMs = readTimeoutMs;
        this.requestTimeoutMs = requestTimeoutMs;
        this.connections = connections;
        this.refusals = refusals;
        this.registryChanges = registryChanges;
    }

    /**
     * The server sockets of the exporter's RMI registry, on a port of their own: the same address, TLS, timeouts
     * and connection caps (counted together with this factory's connections), and connections that name no peer
     * address to RMI. The JDK registry takes {@code bind}, {@code rebind} and {@code unbind} only from callers it
     * places on this host by the connection's peer address; a connection without one is of unknown origin, so the
     * registry refuses them to every process (an {@code AccessException}, "disallowed; origin unknown") and serves
     * {@code lookup} and {@code list} as before. The exporter changes its registry by calling the registry object
     * itself, which no connection carries. Nothing else is exported on this port: the services' calls, which count
     * their callers by peer address, arrive on the objects' port. Each refusal is logged with the peer's address
     * (at most a line per second, apart from refused connections): the JDK registry logs nothing, so the
     * connection watches its answers for the {@code AccessException} it carries ({@link #REFUSAL}); over TLS the
     * answers are encrypted below this watch, and refusals are answered but not logged.
     */
    public ServerSockets forRegistry() {
        return new ServerSockets(bindAddress, ssl, clientAuth, readTimeoutMs, requestTimeoutMs, connections, refusals,
                new RateLimitedLog(System.getLogger("org.estuary.remote")));
    }

    private static byte[] refusal() {
        byte[] name = AccessException.class.getName().getBytes(StandardCharsets.UTF_8);
        byte[] prefixed = new byte[name.length + 2];
        prefixed[0] = (byte) (name.length >>> 8);
        prefixed[1] = (byte) name.length;
        System.arraycopy(name, 0, prefixed, 2, name.length);
        return prefixed;
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        ServerSocket socket = new Listener();
        try {
            socket.setReuseAddress(true); // a restarted container takes its port back at once
            socket.bind(new InetSocketAddress(bindAddress, port), BACKLOG);
        } catch (IOException e) {
            socket.close();
            throw new IOException("cannot listen on " + bindAddress.getHostAddress() + ":" + port + ": "
                    + e.getMessage(), e);
        }
        if (boundPort < 0) {
            boundPort = socket.getLocalPort();
        }
        return socket;
    }

    /** The port of the first socket this factory bound, or -1. */
    public int boundPort() {
        return boundPort;
    }

    /**
     * A whole request has arrived on {@code accepted} (a socket this factory's server socket accepted): its request
     * deadline starts again, with the next byte, or now if the next request's first bytes arrived with it
     * ({@code nextBegun}; see {@link DeadlineSocket#requestArrived}).
     */
    public void requestArrived(Socket accepted, boolean nextBegun) {
        DeadlineSocket socket = accepted instanceof DeadlineSocket plain ? plain : underTls.get(accepted);
        if (socket != null) {
            socket.requestArrived(nextBegun);
        }
    }

    /** How many accepted connections are open. */
    public int openConnections() {
        return connections.open();
    }

    /**
     * Accepts {@link DeadlineSocket}s capped at the read timeout and the request deadline, within the connection
     * caps, TLS layered over them when configured.
     */
    private final class Listener extends ServerSocket {

        Listener() throws IOException {
            super();
        }

        @Override
        public Socket accept() throws IOException {
            DeadlineSocket socket = admitted();
            try {
                socket.setSoTimeout(readTimeoutMs);
                socket.setKeepAlive(true);
                socket.setTcpNoDelay(true);
                if (ssl == null) {
                    return socket;
                }
                SSLSocket secure = (SSLSocket) ssl.getSocketFactory().createSocket(socket, null, true);
                secure.setUseClientMode(false);
                secure.setNeedClientAuth(clientAuth);
                underTls.put(secure, socket);
                socket.alsoOnClose(() -> underTls.remove(secure));
                return secure;
            } catch (IOException | RuntimeException e) {
                socket.close();
                throw e;
            }
        }

        /** The next connection the caps allow; those they do not are closed at once. */
        private DeadlineSocket admitted() throws IOException {
            while (true) {
                DeadlineSocket socket = new DeadlineSocket(readTimeoutMs, requestTimeoutMs);
                implAccept(socket);
                InetAddress peer = socket.peer();
                String refused = connections.open(peer);
                if (refused == null) {
                    socket.onClose(() -> connections.closed(peer));
                    if (registryChanges != null) {
                        socket.anonymous();
                        socket.watchAnswers(new BytePattern(REFUSAL, () -> registryChanges.warn("refused a change to the "
                                + "registry on port " + getLocalPort() + " (bind, rebind or unbind) from "
                                + peer.getHostAddress() + ": the registry is read-only from outside")));
                    }
                    return socket;
                }
                socket.close();
                refusals.warn("refused a connection from " + peer.getHostAddress() + " to port "
                        + getLocalPort() + ": " + refused + "; raise the setting of PID org.estuary.remote if "
                        + "legitimate clients need more");
            }
        }
    }
}
