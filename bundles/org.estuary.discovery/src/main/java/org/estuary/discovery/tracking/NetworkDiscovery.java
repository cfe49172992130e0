package org.estuary.discovery.tracking;

import java.io.IOException;
import java.net.InetAddress;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

import org.estuary.core.concurrent.Pools;
import org.estuary.core.time.Clock;
import org.estuary.discovery.net.AnnouncementListener;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.net.MulticastRequester;
import org.estuary.discovery.net.UnicastDiscovery;

/**
 * A {@link RegistrarTracker} on the network: multicast requests and announcements (when multicast is on) and
 * unicast discovery in a bounded pool ({@value #THREADS} threads, at most {@value #QUEUED} waiting; a discovery
 * beyond that is reported as failed and retried like any failure).
 */
public final class NetworkDiscovery implements RegistrarTracker.Network, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(NetworkDiscovery.class.getName());
    private static final int THREADS = 4;
    private static final int QUEUED = 1024;

    private final DiscoverySettings settings;
    private final RegistrarTracker tracker;
    private final ThreadPoolExecutor unicast;
    private final MulticastRequester requester;
    private final AnnouncementListener announcements;

    /**
     * Creates the tracker and opens the sockets.
     *
     * @param settings where and how often to talk
     * @param clock the clock of the schedules
     * @param bindAddress the address the multicast response port is bound to
     * @param multicast whether to send requests and listen to announcements
     * @param identifier tells the id of a proxy
     * @param listener receives what the tracker decides
     * @throws IOException if a socket cannot be opened
     */
    public NetworkDiscovery(DiscoverySettings settings, Clock clock, InetAddress bindAddress, boolean multicast,
            RegistrarTracker.Identifier identifier, RegistrarTracker.Listener listener) throws IOException {
        this.settings = settings;
        this.tracker = new RegistrarTracker(settings, clock, this, identifier, listener);
        this.unicast = Pools.bounded("estuary-discovery-unicast", THREADS, QUEUED);
        MulticastRequester req = null;
        AnnouncementListener ann = null;
        try {
            if (multicast) {
                req = new MulticastRequester(settings, bindAddress, clock, r -> tracker.responded(null, r));
                ann = new AnnouncementListener(settings, tracker::announced);
            }
        } catch (IOException | RuntimeException e) {
            if (req != null) {
                req.close();
            }
            unicast.shutdownNow();
            throw e;
        }
        this.requester = req;
        this.announcements = ann;
        tracker.start();
    }

    /** @return the tracker, whose groups and locators say what is sought */
    public RegistrarTracker tracker() {
        return tracker;
    }

    @Override
    public void request(Collection<String> groups, Collection<ServiceID> heard) {
        if (requester != null) {
            List<ServiceID> snapshot = List.copyOf(heard);
            requester.request(groups, () -> snapshot);
        }
    }

    @Override
    public void discover(LookupLocator locator) {
        try {
            unicast.execute(() -> {
                try {
                    tracker.responded(locator, UnicastDiscovery.discover(locator, settings.unicastTimeoutMillis()));
                } catch (IOException | RuntimeException e) {
                    LOG.log(System.Logger.Level.DEBUG, "unicast discovery at " + locator + " failed: " + e);
                    tracker.failed(locator);
                }
            });
        } catch (RejectedExecutionException e) {
            tracker.failed(locator);
        }
    }

    @Override
    public void close() {
        tracker.stop();
        if (requester != null) {
            requester.close();
            announcements.close();
        }
        unicast.shutdownNow();
    }
}
