package org.estuary.discovery.net;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.MarshalledObject;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

import org.estuary.core.time.Clock;
import org.estuary.discovery.protocol.Discovery;
import org.estuary.discovery.protocol.DiscoveryProtocolException;
import org.estuary.discovery.protocol.MulticastAnnouncement;
import org.estuary.discovery.protocol.MulticastRequest;
import org.estuary.discovery.protocol.UnicastResponse;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The discovered side of the three protocols, for one lookup service: answers unicast requests on its port, answers
 * multicast requests that seek one of its groups (or every group) and do not name it as heard, by connecting to the
 * requester, and announces itself every announcement interval while announcing. A lookup service bundle puts its
 * proxy behind one; tests script lookup services with several (changing groups, going silent, unreachable).
 *
 * <p>Threads: one accepting unicast connections, one receiving multicast requests (when multicast is on), a
 * {@link Connections} pool answering; announcements run on the clock's thread.
 */
@ProviderType
public final class LookupServiceEndpoint implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(LookupServiceEndpoint.class.getName());

    private final DiscoverySettings settings;
    private final Clock clock;
    private final ServiceID serviceId;
    private final MarshalledObject<?> registrar;
    private final ServerSocket server;
    private final String host;
    private final Connections handlers = new Connections("estuary-lookup-endpoint");
    private final Receiver unicast;
    private final MulticastSocket requests;
    private final Receiver multicast;
    private final MulticastSocket sender;
    private volatile List<String> groups;
    private Clock.Scheduled nextAnnouncement;
    private boolean announcing;

    /**
     * Opens the unicast port and, if asked, the multicast request listener and the announcement sender. Nothing is
     * announced before {@link #startAnnouncing()}.
     *
     * @param settings the multicast groups, port, interface and intervals
     * @param clock the clock announcements are scheduled on
     * @param serviceId the lookup service's id
     * @param registrar its marshalled proxy, sent in every response
     * @param groups the groups it is a member of
     * @param bindAddress the address the unicast port is bound to and that announcements name
     * @param port the unicast port, 0 for any free port
     * @param multicast whether to answer multicast requests and be able to announce
     * @throws IOException if a socket cannot be opened
     */
    public LookupServiceEndpoint(DiscoverySettings settings, Clock clock, ServiceID serviceId,
            MarshalledObject<?> registrar, Collection<String> groups, InetAddress bindAddress, int port,
            boolean multicast) throws IOException {
        this.settings = settings;
        this.clock = clock;
        this.serviceId = serviceId;
        this.registrar = registrar;
        this.groups = List.copyOf(groups);
        this.host = bindAddress.getHostAddress();
        this.server = new ServerSocket();
        MulticastSocket req = null;
        MulticastSocket send = null;
        try {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(bindAddress, port), Connections.QUEUED);
            if (multicast) {
                req = Multicast.receiver(settings, settings.requestAddress());
                send = Multicast.sender(settings);
            }
        } catch (IOException | RuntimeException e) {
            server.close();
            if (req != null) {
                req.close();
            }
            handlers.close();
            throw e;
        }
        this.requests = req;
        this.sender = send;
        this.unicast = new Receiver("estuary-lookup-endpoint-unicast", server, this::acceptOne).start();
        this.multicast = req == null ? null
                : new Receiver("estuary-lookup-endpoint-requests", req, this::receiveRequest).start();
    }

    /** @return the locator of this lookup service's unicast port */
    public LookupLocator locator() {
        return new LookupLocator(host, server.getLocalPort());
    }

    /** @return the lookup service's id */
    public ServiceID serviceId() {
        return serviceId;
    }

    /** @return the groups the lookup service is a member of */
    public List<String> groups() {
        return groups;
    }

    /**
     * Changes the groups; a lookup service that is announcing announces the new groups at once.
     *
     * @param newGroups the groups it is now a member of
     */
    public synchronized void setGroups(Collection<String> newGroups) {
        this.groups = List.copyOf(newGroups);
        if (announcing) {
            announce();
        }
    }

    /** Announces now and then every announcement interval, until {@link #stopAnnouncing()}. */
    public synchronized void startAnnouncing() {
        requireMulticast();
        if (!announcing) {
            announcing = true;
            announceAndReschedule();
        }
    }

    /** Stops announcing: the lookup service falls silent, though it still answers requests. */
    public synchronized void stopAnnouncing() {
        announcing = false;
        if (nextAnnouncement != null) {
            nextAnnouncement.cancel();
            nextAnnouncement = null;
        }
    }

    private synchronized void announceAndReschedule() {
        if (!announcing) {
            return;
        }
        announce();
        nextAnnouncement = clock.schedule(this::announceAndReschedule, settings.announcementIntervalMillis(),
                TimeUnit.MILLISECONDS);
    }

    /** Sends one announcement (all its packets) now. */
    public void announce() {
        requireMulticast();
        try {
            MulticastAnnouncement a = new MulticastAnnouncement(host, server.getLocalPort(), serviceId, groups);
            Multicast.send(sender, a.encode(settings.maxPacketSize()), settings.announcementAddress(),
                    settings.multicastPort());
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "lookup service " + serviceId + " could not announce itself: " + e
                    + "; check the discovery interface setting");
        }
    }

    private void requireMulticast() {
        if (sender == null) {
            throw new IllegalStateException("this endpoint was opened without multicast");
        }
    }

    private void acceptOne() throws IOException {
        handlers.handle(server.accept(), socket -> UnicastDiscovery.answer(socket, response(),
                settings.unicastTimeoutMillis()));
    }

    private void receiveRequest() throws IOException {
        byte[] buffer = new byte[Discovery.MAX_PACKET_SIZE * 2];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        requests.receive(packet);
        MulticastRequest request;
        try {
            request = MulticastRequest.decode(packet.getData(), packet.getOffset(), packet.getLength());
        } catch (DiscoveryProtocolException e) {
            LOG.log(System.Logger.Level.DEBUG, "dropped a packet from " + packet.getSocketAddress() + ": " + e);
            return;
        }
        List<String> mine = groups;
        if (request.heard().contains(serviceId)
                || !(request.groups().isEmpty() || !Collections.disjoint(request.groups(), mine))) {
            return;
        }
        InetSocketAddress requester = new InetSocketAddress(packet.getAddress(), request.responsePort());
        handlers.handle(new Socket(), socket -> {
            socket.connect(requester, settings.unicastTimeoutMillis());
            UnicastDiscovery.answer(socket, response(), settings.unicastTimeoutMillis());
        });
    }

    private UnicastResponse response() {
        return new UnicastResponse(registrar, groups);
    }

    /** Stops announcing and closes every socket and thread. */
    @Override
    public void close() {
        stopAnnouncing();
        unicast.close();
        if (multicast != null) {
            multicast.close();
            sender.close();
        }
        handlers.close();
    }
}
