package org.estuary.itest;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.server.RMIServerSocketFactory;

/** Server sockets on 127.0.0.1 only, for objects a test exports over plain RMI for the container to call. */
final class Loopback implements RMIServerSocketFactory, Serializable {

    private static final long serialVersionUID = 1L;

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
    }
}
