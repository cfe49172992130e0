package org.estuary.discovery.net;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.MulticastSocket;
import java.util.function.Consumer;

import org.estuary.discovery.protocol.Discovery;
import org.estuary.discovery.protocol.DiscoveryProtocolException;
import org.estuary.discovery.protocol.MulticastAnnouncement;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The discovering side of the multicast announcement protocol: receives the announcements sent to the
 * announcement group on the configured interface and hands each decoded packet on, in its one thread. Packets that
 * are not version 1 announcements are dropped.
 */
@ProviderType
public final class AnnouncementListener implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(AnnouncementListener.class.getName());

    private final MulticastSocket socket;
    private final Receiver receiver;
    private final byte[] buffer = new byte[Discovery.MAX_PACKET_SIZE * 2];

    /**
     * Joins the announcement group and starts listening.
     *
     * @param settings the group, port and interface
     * @param announcements receives each announcement packet, in the listening thread
     * @throws IOException if the socket cannot be opened or the group joined
     */
    public AnnouncementListener(DiscoverySettings settings, Consumer<MulticastAnnouncement> announcements)
            throws IOException {
        this.socket = Multicast.receiver(settings, settings.announcementAddress());
        this.receiver = new Receiver("estuary-discovery-announcements", socket, () -> {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            socket.receive(packet);
            try {
                announcements.accept(MulticastAnnouncement.decode(packet.getData(), packet.getOffset(),
                        packet.getLength()));
            } catch (DiscoveryProtocolException e) {
                LOG.log(System.Logger.Level.DEBUG, "dropped a packet from " + packet.getSocketAddress() + ": " + e);
            }
        }).start();
    }

    @Override
    public void close() {
        receiver.close();
    }
}
