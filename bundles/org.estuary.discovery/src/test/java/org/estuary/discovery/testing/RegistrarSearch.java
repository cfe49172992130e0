package org.estuary.discovery.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.rmi.MarshalledObject;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

import org.estuary.core.time.Clock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.tracking.NetworkDiscovery;
import org.estuary.discovery.tracking.Registrar;
import org.estuary.discovery.tracking.RegistrarTracker;

/**
 * The lookup service tracker the discovery service runs, for other modules' tests: seeks lookup services by
 * locator or by group (LD.3.1) on the loopback address and hands over each one it discovers.
 */
public final class RegistrarSearch implements AutoCloseable {

    /** A lookup service discovered: its id, its proxy's bytes, its member groups and where it was found. */
    public record Found(ServiceID id, MarshalledObject<?> proxy, List<String> groups, LookupLocator locator) {
    }

    private final BlockingQueue<Found> discovered = new LinkedBlockingQueue<>();
    private final NetworkDiscovery discovery;

    /**
     * Discovery on {@code settings}, by multicast too when {@code multicast}, {@code ids} telling the id of a
     * lookup service's proxy; it seeks nothing until told.
     */
    public RegistrarSearch(DiscoverySettings settings, Clock clock, boolean multicast,
            Function<MarshalledObject<?>, ServiceID> ids) throws IOException {
        this.discovery = new NetworkDiscovery(settings, clock, InetAddress.getLoopbackAddress(), multicast,
                ids::apply, new RegistrarTracker.Listener() {
                    @Override
                    public void discovered(Registrar r) {
                        discovered.add(new Found(r.id(), r.proxy(), r.groups(), r.locator()));
                    }

                    @Override
                    public void groupsChanged(Registrar r, List<String> before) {
                    }

                    @Override
                    public void silent(Registrar r) {
                    }
                });
    }

    /** Seeks the lookup services at {@code locators} by unicast. */
    public void seekLocators(Collection<LookupLocator> locators) {
        discovery.tracker().setLocators(locators);
    }

    /** Seeks the members of {@code groups} by multicast; {@code null} seeks every group. */
    public void seekGroups(Collection<String> groups) {
        discovery.tracker().setGroups(groups);
    }

    /** The next lookup service discovered, waiting up to {@code timeout}; {@code null} if none was. */
    public Found next(long timeout, TimeUnit unit) throws InterruptedException {
        return discovered.poll(timeout, unit);
    }

    @Override
    public void close() {
        discovery.close();
    }
}
