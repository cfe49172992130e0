package org.estuary.remote.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIServerSocketFactory;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * The server sockets of one exporter: bound to its bind address (127.0.0.1 by default, never the wildcard unless
 * configured), optionally TLS with required client certificates. Equality is identity on purpose: RMI shares a
 * listening port between exports with equal factories, so the registry and the objects of one exporter share one
 * port, while two exporters in one JVM never share (each knows its own port).
 *
 * <p>Every accepted connection waits at most the read timeout for the peer's next bytes, so a
 * half-open connection (a peer that connects and never sends, or stops mid-request, or vanished without a FIN)
 * frees its server thread within that bound. RMI sets its own, JVM-wide, read timeout on each connection
 * ({@code sun.rmi.transport.tcp.readTimeout}, two hours by default); the accepted socket caps whatever it is set to
 * at this exporter's bound, so no JVM option is needed. TLS is layered over the accepted socket (server mode) so the
 * cap holds for TLS connections and their handshakes too.
 */
public final class ServerSockets implements RMIServerSocketFactory {

    private static final int BACKLOG = 512;

    private final InetAddress bindAddress;
    private final SSLContext ssl;
    private final boolean clientAuth;
    private final int readTimeoutMs;
    private volatile int boundPort = -1;

    public ServerSockets(InetAddress bindAddress, SSLContext ssl, boolean clientAuth, long readTimeoutMs) {
        this.bindAddress = bindAddress;
        this.ssl = ssl;
        this.clientAuth = clientAuth;
        this.readTimeoutMs = (int) Math.min(readTimeoutMs, Integer.MAX_VALUE);
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

    /** Accepts {@link DeadlineSocket}s capped at the read timeout, TLS layered over them when configured. */
    private final class Listener extends ServerSocket {

        Listener() throws IOException {
            super();
        }

        @Override
        public Socket accept() throws IOException {
            Socket socket = new DeadlineSocket(readTimeoutMs);
            implAccept(socket);
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
                return secure;
            } catch (IOException | RuntimeException e) {
                socket.close();
                throw e;
            }
        }
    }
}
