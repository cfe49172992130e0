package org.estuary.bench.rpc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.UUID;

import org.estuary.remote.BackendRef;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;

/**
 * The server JVM: the same echo exported twice, once with plain java.rmi (registry and object on a loopback
 * socket, no client socket factory, no filter) and once through Estuary's exporter. Args: plain port, estuary port.
 */
public final class RpcServer {

    static final class Echo implements RpcEcho {
        @Override
        public byte[] echo(byte[] data) {
            return data;
        }
    }

    /** Loopback only (the benchmark sends no traffic elsewhere); otherwise the JDK's plain sockets. */
    static final class Loopback implements RMIServerSocketFactory {
        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            ServerSocket socket = new ServerSocket();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return socket;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Loopback;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    public static void main(String[] args) throws Exception {
        int plainPort = Integer.parseInt(args[0]);
        int estuaryPort = Integer.parseInt(args[1]);
        Echo plainEcho = new Echo();
        Registry plain = LocateRegistry.createRegistry(plainPort, null, new Loopback());
        Remote stub = UnicastRemoteObject.exportObject(plainEcho, plainPort, null, new Loopback());
        plain.rebind("echo", stub);

        RmiExporter exporter = RmiExporter.start(RemoteSettings.builder().registryPort(estuaryPort).build());
        BackendRef<RpcEcho> ref = exporter.export(UUID.randomUUID(), RpcEcho.class, new Echo());
        exporter.bind("echo", ref);
        System.out.println("READY");
        System.in.read(); // until the client side closes our stdin or kills us
        exporter.close();
    }
}
