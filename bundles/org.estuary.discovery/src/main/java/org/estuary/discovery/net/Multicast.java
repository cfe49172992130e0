package org.estuary.discovery.net;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.NetworkInterface;
import java.util.List;

/** The multicast sockets of the discovery protocols, configured from {@link DiscoverySettings}. */
final class Multicast {

    private Multicast() {
    }

    /**
     * A socket receiving one group's packets: bound to the group's port with the address reusable (several
     * receivers on one host each get every packet), joined on the configured interface.
     */
    static MulticastSocket receiver(DiscoverySettings settings, InetAddress group) throws IOException {
        MulticastSocket socket = new MulticastSocket(null);
        try {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(settings.multicastPort()));
            NetworkInterface nif = settings.networkInterface();
            socket.joinGroup(new InetSocketAddress(group, settings.multicastPort()), nif);
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** A socket sending with the configured time to live on the configured interface. */
    static MulticastSocket sender(DiscoverySettings settings) throws IOException {
        MulticastSocket socket = new MulticastSocket(null);
        try {
            socket.bind(new InetSocketAddress(0));
            socket.setTimeToLive(settings.ttl());
            if (settings.networkInterface() != null) {
                socket.setNetworkInterface(settings.networkInterface());
            }
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    static void send(MulticastSocket socket, List<byte[]> packets, InetAddress group, int port) throws IOException {
        for (byte[] p : packets) {
            socket.send(new DatagramPacket(p, p.length, group, port));
        }
    }
}
