package org.estuary.remote;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.util.Objects;

import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

import org.estuary.io.ReadScope;
import org.estuary.remote.internal.DeadlineSocket;
import org.estuary.remote.internal.Endpoint;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The client socket factory every Estuary stub carries (it travels with the stub, so it is part of the wire form):
 * a bounded connect, a bounded wait for each reply (a read timeout, so a hanging callee cannot hold a caller's thread
 * forever), TCP_NODELAY, optionally TLS with the key material this JVM configured, and optionally a fixed host to
 * connect to (the exporter's advertised host, so stubs of a loopback-bound endpoint never point elsewhere).
 *
 * <p>Key material never travels, and the timeouts a stub carries were chosen by the JVM that exported it: a factory
 * uses the key material and the call timeout (as a cap on its own) of the exporter or client it belongs to. One made
 * by an exporter carries that exporter's; one that arrives inside a stub takes those of whoever reads it, through
 * the {@code ReadScope} it is read in: the exporter whose call it arrives in, the {@code EstuaryClient} that looks
 * it up, or the {@link BackendRef} whose call returns it. Read outside any scope (from a store, by other code) it
 * takes the only TLS context a running Estuary exporter or client of this JVM has (else the JDK's default) and the
 * lowest call timeout among them. So a client cannot make a service wait longer than the service allows. Two
 * factories of different exporters are never equal, so RMI never shares a connection between them.
 */
@ProviderType
public final class ClientSockets implements RMIClientSocketFactory, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the host to connect to instead of the one the endpoint names, or null */
    private final String host;
    /** @serial connect timeout in ms */
    private final int connectTimeoutMs;
    /** @serial reply timeout in ms */
    private final int callTimeoutMs;
    /** @serial whether to speak TLS */
    private final boolean tls;
    /** The exporter or client that uses it in this JVM (not written); null for the fallback described above. */
    private transient Endpoint local;
    /** Bumped by {@link #withFreshConnections()}; part of equality so RMI opens new connections. */
    private transient int pool;

    /**
     * @param host the host to connect to whatever the endpoint says, or null to use the endpoint's
     * @throws IllegalArgumentException if a timeout is not positive
     */
    public ClientSockets(String host, long connectTimeoutMs, long callTimeoutMs, boolean tls) {
        this(host, connectTimeoutMs, callTimeoutMs, tls, null, 0);
    }

    /** The factory of the exporter or client that makes it: its key material and call timeout. */
    ClientSockets(String host, long connectTimeoutMs, Endpoint local) {
        this(host, connectTimeoutMs, local.callTimeoutMs(), local.ssl() != null, local, 0);
    }

    private ClientSockets(String host, long connectTimeoutMs, long callTimeoutMs, boolean tls, Endpoint local,
            int pool) {
        if (connectTimeoutMs <= 0 || callTimeoutMs <= 0) {
            throw new IllegalArgumentException("timeouts must be positive: " + connectTimeoutMs + ", "
                    + callTimeoutMs);
        }
        this.host = host;
        this.connectTimeoutMs = (int) Math.min(connectTimeoutMs, Integer.MAX_VALUE);
        this.callTimeoutMs = (int) Math.min(callTimeoutMs, Integer.MAX_VALUE);
        this.tls = tls;
        this.local = local;
        this.pool = pool;
    }

    /** The same factory connecting to {@code newHost} (null: the host the endpoint names). */
    public ClientSockets withHost(String newHost) {
        return new ClientSockets(newHost, connectTimeoutMs, callTimeoutMs, tls, local, pool);
    }

    /**
     * An equal-but-for-this factory: RMI keeps connections per factory, so stubs using the copy open new ones. For
     * after a registry reply was refused: the JDK's registry stub returns that connection to the pool unread.
     */
    public ClientSockets withFreshConnections() {
        return new ClientSockets(host, connectTimeoutMs, callTimeoutMs, tls, local, pool + 1);
    }

    /** The exporter or client that uses this factory here (null: the fallback). */
    Endpoint endpoint() {
        return local;
    }

    /** Whether sockets speak TLS. */
    public boolean tls() {
        return tls;
    }

    /** The reply timeout this factory applies in this JVM (the stub's, capped by its user's). */
    public int effectiveCallTimeoutMs() {
        return capped(callTimeoutMs);
    }

    private int capped(int ms) {
        Endpoint user = local;
        return Math.min(ms, user != null ? user.callTimeoutMs() : Endpoint.runningCallTimeoutMs());
    }

    @Override
    public Socket createSocket(String endpointHost, int port) throws IOException {
        String target = host != null ? host : endpointHost;
        int timeout = effectiveCallTimeoutMs();
        // The reply timeout without a non-blocking socket (see there), and a cap: RMI reads a new connection's
        // handshake under its own timeout (sun.rmi.transport.tcp.handshakeTimeout, a minute), which would let a
        // container that accepts but does not answer (paused) hold a caller longer than its call timeout.
        Socket socket = new DeadlineSocket(timeout);
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(target, port), capped(connectTimeoutMs));
            socket.setSoTimeout(timeout);
            if (!tls) {
                return socket;
            }
            Endpoint user = local;
            SSLSocketFactory factory = user != null && user.ssl() != null ? user.ssl().getSocketFactory()
                    : Endpoint.runningTlsFactory();
            SSLSocket secure = (SSLSocket) factory.createSocket(socket, target, port, true);
            secure.setSoTimeout(timeout);
            secure.startHandshake(); // fail here, with the handshake's reason, rather than inside RMI's header read
            return secure;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ClientSockets)) {
            return false;
        }
        ClientSockets other = (ClientSockets) o;
        return Objects.equals(host, other.host) && connectTimeoutMs == other.connectTimeoutMs
                && callTimeoutMs == other.callTimeoutMs && tls == other.tls && local == other.local
                && pool == other.pool;
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, connectTimeoutMs, callTimeoutMs, tls, pool);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        ReadScope scope = ReadScope.of(in);
        local = scope == null ? null : scope.transport(Endpoint.class); // the reader's (see the class comment)
    }

    @Override
    public String toString() {
        return "ClientSockets[host=" + host + ", connect=" + connectTimeoutMs + "ms, call=" + callTimeoutMs
                + "ms, tls=" + tls + "]";
    }
}
