package org.estuary.remote.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

/**
 * The server sockets of one exporter: bound to its bind address (127.0.0.1 by default, never the wildcard unless
 * configured), optionally TLS with required client certificates. Equality is identity on purpose: RMI shares a
 * listening port between exports with equal factories, so the registry and the objects of one exporter share one
 * port, while two exporters in one JVM never share (each knows its own port).
 */
public final class ServerSockets implements RMIServerSocketFactory {

    private static final int BACKLOG = 512;

    private final InetAddress bindAddress;
    private final SSLContext ssl;
    private final boolean clientAuth;
    private volatile int boundPort = -1;

    public ServerSockets(InetAddress bindAddress, SSLContext ssl, boolean clientAuth) {
        this.bindAddress = bindAddress;
        this.ssl = ssl;
        this.clientAuth = clientAuth;
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        ServerSocket socket = ssl == null ? new ServerSocket() : ssl.getServerSocketFactory().createServerSocket();
        try {
            socket.setReuseAddress(true); // a restarted container takes its port back at once
            if (socket instanceof SSLServerSocket) {
                ((SSLServerSocket) socket).setNeedClientAuth(clientAuth);
            }
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
}
