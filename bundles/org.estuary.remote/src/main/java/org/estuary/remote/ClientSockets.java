package org.estuary.remote;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.util.Objects;

import javax.net.ssl.SSLSocket;

import org.estuary.remote.internal.TlsContext;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The client socket factory every Estuary stub carries (it travels with the stub, so it is part of the wire form):
 * a bounded connect, a bounded wait for each reply (SO_TIMEOUT, so a hanging callee cannot hold a caller's thread
 * forever), TCP_NODELAY, optionally TLS with the key material this JVM configured, and optionally a fixed host to
 * connect to (the exporter's advertised host, so stubs of a loopback-bound endpoint never point elsewhere).
 *
 * <p>The timeouts a stub carries were chosen by the JVM that exported it; this JVM caps them at the call timeout
 * its own exporter or client was configured with, so a client cannot make a service wait longer than the service
 * allows.
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

    /**
     * @param host the host to connect to whatever the endpoint says, or null to use the endpoint's
     * @throws IllegalArgumentException if a timeout is not positive
     */
    public ClientSockets(String host, long connectTimeoutMs, long callTimeoutMs, boolean tls) {
        if (connectTimeoutMs <= 0 || callTimeoutMs <= 0) {
            throw new IllegalArgumentException("timeouts must be positive: " + connectTimeoutMs + ", "
                    + callTimeoutMs);
        }
        this.host = host;
        this.connectTimeoutMs = (int) Math.min(connectTimeoutMs, Integer.MAX_VALUE);
        this.callTimeoutMs = (int) Math.min(callTimeoutMs, Integer.MAX_VALUE);
        this.tls = tls;
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
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(target, port), TlsContext.capCallTimeout(connectTimeoutMs));
            socket.setSoTimeout(timeout);
            if (!tls) {
                return socket;
            }
            SSLSocket ssl = (SSLSocket) TlsContext.clientFactory().createSocket(socket, target, port, true);
            ssl.setSoTimeout(timeout);
            ssl.startHandshake(); // fail here, with the handshake's reason, rather than inside RMI's header read
            return ssl;
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
                && callTimeoutMs == other.callTimeoutMs && tls == other.tls;
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, connectTimeoutMs, callTimeoutMs, tls);
    }

    @Override
    public String toString() {
        return "ClientSockets[host=" + host + ", connect=" + connectTimeoutMs + "ms, call=" + callTimeoutMs
                + "ms, tls=" + tls + "]";
    }
}
