package org.estuary.remote;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.util.Objects;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

import org.estuary.remote.internal.DeadlineSocket;
import org.estuary.remote.internal.TlsContext;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The client socket factory every Estuary stub carries (it travels with the stub, so it is part of the wire form):
 * a bounded connect, a bounded wait for each reply (a read timeout, so a hanging callee cannot hold a caller's thread
 * forever), TCP_NODELAY, optionally TLS with the key material this JVM configured, and optionally a fixed host to
 * connect to (the exporter's advertised host, so stubs of a loopback-bound endpoint never point elsewhere).
 *
 * <p>The timeouts a stub carries were chosen by the JVM that exported it; this JVM caps them at the call timeout
 * its own exporter or client was configured with, so a client cannot make a service wait longer than the service
 * allows.
 *
 * <p>Key material never travels: each exporter and each client has its own TLS context, and a factory uses the
 * context of the exporter or client it belongs to. One made by an exporter carries that exporter's; one that
 * arrives inside a stub takes the context of whoever reads it: the exporter whose call it arrives in, the
 * {@code EstuaryClient} that looks it up, or the {@link BackendRef} whose call returns it. Without any (read by other
 * code) it takes the only TLS context an Estuary exporter or client runs in this JVM, else the JDK's default. Two
 * factories with different contexts are never equal, so RMI never shares a connection between them.
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
    /** This side's key material (not written: it never leaves the JVM); null for the fallback described above. */
    private transient SSLContext ssl;
    /** Bumped by {@link #withFreshConnections()}; part of equality so RMI opens new connections. */
    private transient int pool;

    /**
     * @param host the host to connect to whatever the endpoint says, or null to use the endpoint's
     * @throws IllegalArgumentException if a timeout is not positive
     */
    public ClientSockets(String host, long connectTimeoutMs, long callTimeoutMs, boolean tls) {
        this(host, connectTimeoutMs, callTimeoutMs, tls, null, 0);
    }

    /** With the key material of the exporter or client that makes it. */
    ClientSockets(String host, long connectTimeoutMs, long callTimeoutMs, SSLContext ssl) {
        this(host, connectTimeoutMs, callTimeoutMs, ssl != null, ssl, 0);
    }

    private ClientSockets(String host, long connectTimeoutMs, long callTimeoutMs, boolean tls, SSLContext ssl,
            int pool) {
        if (connectTimeoutMs <= 0 || callTimeoutMs <= 0) {
            throw new IllegalArgumentException("timeouts must be positive: " + connectTimeoutMs + ", "
                    + callTimeoutMs);
        }
        this.host = host;
        this.connectTimeoutMs = (int) Math.min(connectTimeoutMs, Integer.MAX_VALUE);
        this.callTimeoutMs = (int) Math.min(callTimeoutMs, Integer.MAX_VALUE);
        this.tls = tls;
        this.ssl = ssl;
        this.pool = pool;
    }

    /** The same factory connecting to {@code newHost} (null: the host the endpoint names). */
    public ClientSockets withHost(String newHost) {
        return new ClientSockets(newHost, connectTimeoutMs, callTimeoutMs, tls, ssl, pool);
    }

    /**
     * An equal-but-for-this factory: RMI keeps connections per factory, so stubs using the copy open new ones. For
     * after a registry reply was refused: the JDK's registry stub returns that connection to the pool unread.
     */
    public ClientSockets withFreshConnections() {
        return new ClientSockets(host, connectTimeoutMs, callTimeoutMs, tls, ssl, pool + 1);
    }

    /** The key material this factory uses (null: the fallback). */
    SSLContext ssl() {
        return ssl;
    }

    /** Whether sockets speak TLS. */
    public boolean tls() {
        return tls;
    }

    /** The reply timeout this factory applies in this JVM (the stub's, capped by this JVM's). */
    public int effectiveCallTimeoutMs() {
        return TlsContext.capCallTimeout(callTimeoutMs);
    }

    @Override
    public Socket createSocket(String endpointHost, int port) throws IOException {
        String target = host != null ? host : endpointHost;
        int timeout = effectiveCallTimeoutMs();
        Socket socket = new DeadlineSocket(0); // the reply timeout without a non-blocking socket (see there)
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(target, port), TlsContext.capCallTimeout(connectTimeoutMs));
            socket.setSoTimeout(timeout);
            if (!tls) {
                return socket;
            }
            SSLSocket secure = (SSLSocket) TlsContext.clientFactory(ssl).createSocket(socket, target, port, true);
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
                && callTimeoutMs == other.callTimeoutMs && tls == other.tls && ssl == other.ssl
                && pool == other.pool;
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, connectTimeoutMs, callTimeoutMs, tls, pool);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        ssl = tls ? TlsContext.scoped() : null; // the reader's key material (see the class comment)
    }

    @Override
    public String toString() {
        return "ClientSockets[host=" + host + ", connect=" + connectTimeoutMs + "ms, call=" + callTimeoutMs
                + "ms, tls=" + tls + "]";
    }
}
