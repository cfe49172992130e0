package org.estuary.itest.reggie;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.SocketAddress;
import java.rmi.server.RMIServerSocketFactory;

import javax.net.ServerSocketFactory;

/**
 * Server sockets on the loopback address, whatever address they are asked for. The test's Reggie names it twice in
 * its configuration: for its unicast discovery socket ({@code serverSocketFactory}) and, through
 * {@link JrmpLoopbackExporter}, for its remote calls; so it listens on 127.0.0.1 only.
 */
public final class LoopbackServerSocketFactory extends ServerSocketFactory implements RMIServerSocketFactory {

    @Override
    public ServerSocket createServerSocket() throws IOException {
        return new ServerSocket() {
            @Override
            public void bind(SocketAddress endpoint, int backlog) throws IOException {
                int port = endpoint instanceof InetSocketAddress ? ((InetSocketAddress) endpoint).getPort() : 0;
                super.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), backlog);
            }
        };
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return createServerSocket(port, 50);
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
        return new ServerSocket(port, backlog, InetAddress.getLoopbackAddress());
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress ignored) throws IOException {
        return createServerSocket(port, backlog);
    }

    /** All instances are alike, so Java RMI shares one listening port among the objects exported with them. */
    @Override
    public boolean equals(Object other) {
        return other instanceof LoopbackServerSocketFactory;
    }

    @Override
    public int hashCode() {
        return LoopbackServerSocketFactory.class.hashCode();
    }
}
