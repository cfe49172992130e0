package org.estuary.discovery.net;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.ServerSocket;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import net.jini.core.lookup.ServiceID;

import org.estuary.core.time.Clock;
import org.estuary.discovery.protocol.MulticastRequest;
import org.estuary.discovery.protocol.UnicastResponse;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The discovering side of the multicast request protocol: sends requests for a set of groups on the standard
 * schedule ({@link DiscoverySettings#requestCount()} packets sets {@link DiscoverySettings#requestIntervalMillis()}
 * apart, the first at once, each naming the lookup services heard from so far) and accepts the connections lookup
 * services open in answer, asking each for its unicast response.
 *
 * <p>Threads: one accepting connections, a {@link Connections} pool asking (a connection beyond its bound is closed,
 * and its lookup service answers the next request); sends run on the clock's thread.
 */
@ProviderType
public final class MulticastRequester implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(MulticastRequester.class.getName());

    private final DiscoverySettings settings;
    private final Clock clock;
    private final Consumer<UnicastResponse> responses;
    private final ServerSocket server;
    private final MulticastSocket sender;
    private final Connections handlers = new Connections("estuary-discovery-response");
    private final Receiver acceptor;
    private Round round;

    /**
     * Opens the response port and the sending socket.
     *
     * @param settings where and how often to send
     * @param bindAddress the address the response port is bound to (lookup services connect to the source address
     *        of the request packets, which should be this one)
     * @param clock the clock the schedule runs on
     * @param responses receives each lookup service's response, in a handler thread
     * @throws IOException if a socket cannot be opened
     */
    public MulticastRequester(DiscoverySettings settings, InetAddress bindAddress, Clock clock,
            Consumer<UnicastResponse> responses) throws IOException {
        this.settings = settings;
        this.clock = clock;
        this.responses = responses;
        this.server = new ServerSocket();
        try {
            server.bind(new InetSocketAddress(bindAddress, 0), Connections.QUEUED);
            this.sender = Multicast.sender(settings);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        this.acceptor = new Receiver("estuary-discovery-response-port", server, this::acceptOne).start();
    }

    /** @return the TCP port lookup services connect to in answer to a request */
    public int responsePort() {
        return server.getLocalPort();
    }

    /**
     * Starts a new round of requests for the given groups, ending the round before it. No round is started for an
     * empty set of groups; {@code null} means every group (an empty group list on the wire).
     *
     * @param groups the groups sought, null for every group
     * @param heard the lookup services heard from so far, read anew for each packet
     */
    public synchronized void request(Collection<String> groups, Supplier<? extends Collection<ServiceID>> heard) {
        if (round != null) {
            round.cancel();
            round = null;
        }
        if (groups != null && groups.isEmpty()) {
            return;
        }
        round = new Round(groups == null ? List.of() : List.copyOf(groups), heard);
        round.next(0);
    }

    /** Ends the current round of requests, if any. */
    public synchronized void stop() {
        if (round != null) {
            round.cancel();
            round = null;
        }
    }

    private final class Round {
        private final List<String> groups;
        private final Supplier<? extends Collection<ServiceID>> heard;
        private int sent;
        private Clock.Scheduled next;
        private boolean cancelled;

        Round(List<String> groups, Supplier<? extends Collection<ServiceID>> heard) {
            this.groups = groups;
            this.heard = heard;
        }

        void next(long delayMillis) {
            next = clock.schedule(this::send, delayMillis, TimeUnit.MILLISECONDS);
        }

        void send() {
            synchronized (MulticastRequester.this) {
                if (cancelled) {
                    return;
                }
                try {
                    MulticastRequest request = new MulticastRequest(responsePort(), heard.get(), groups);
                    Multicast.send(sender, request.encode(settings.maxPacketSize()), settings.requestAddress(),
                            settings.multicastPort());
                } catch (IOException | RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "could not send a multicast discovery request for groups "
                            + groups + ": " + e + "; check the discovery interface setting");
                }
                if (++sent < settings.requestCount()) {
                    next(settings.requestIntervalMillis());
                }
            }
        }

        void cancel() {
            cancelled = true;
            if (next != null) {
                next.cancel();
            }
        }
    }

    private void acceptOne() throws IOException {
        handlers.handle(server.accept(), socket -> responses.accept(
                UnicastDiscovery.ask(socket, settings.unicastTimeoutMillis())));
    }

    @Override
    public void close() {
        stop();
        acceptor.close();
        sender.close();
        handlers.close();
    }
}
