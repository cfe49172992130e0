package org.estuary.itest.clients;

import java.net.NetworkInterface;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.entry.Entry;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceItem;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.ServiceRegistration;
import net.jini.core.lookup.ServiceTemplate;

import org.estuary.core.time.SystemClock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.net.UnicastDiscovery;
import org.estuary.discovery.protocol.UnicastResponse;
import org.estuary.discovery.testing.RegistrarSearch;

/**
 * A plain Java program, with Estuary's API and discovery jars first on its class path and Reggie's proxy classes
 * behind them, that discovers Apache River's lookup service at {@code 127.0.0.1:<port>} by unicast three ways
 * (Estuary's protocol client, {@code LookupLocator.getRegistrar}, the registrar tracker) and uses the proxy it gets:
 * registers a service item through one and looks it up through another. With a second argument {@code multicast}
 * (run in a network namespace with Reggie) it also finds Reggie by multicast request on the loopback interface.
 * Prints what it saw; exits non-zero on any failure.
 */
public final class DiscoverReggie {

    private DiscoverReggie() {
    }

    public static void main(String[] args) throws Exception {
        LookupLocator at = new LookupLocator("127.0.0.1", Integer.parseInt(args[0]));

        UnicastResponse response = UnicastDiscovery.discover(at, 30_000);
        ServiceRegistrar viaProtocol = (ServiceRegistrar) response.registrar().get();
        System.out.println("unicast response: " + viaProtocol.getClass().getName() + " "
                + viaProtocol.getServiceID() + " groups " + response.groups());

        ServiceRegistrar viaLocator = at.getRegistrar(30_000);
        System.out.println("getRegistrar: " + viaLocator.getServiceID());
        if (!viaLocator.getServiceID().equals(viaProtocol.getServiceID())) {
            throw new AssertionError("two ids for one lookup service");
        }

        ServiceRegistration registration = viaProtocol.register(
                new ServiceItem(null, "estuary discovery probe", new Entry[0]), 8_000);
        Object found = viaLocator.lookup(new ServiceTemplate(registration.getServiceID(), null, null));
        System.out.println("registered " + registration.getServiceID() + ", looked up: " + found);
        if (!"estuary discovery probe".equals(found)) {
            throw new AssertionError("the registered item was not found through the other proxy");
        }
        registration.getLease().cancel();

        try (SystemClock clock = new SystemClock("discover-reggie");
                RegistrarSearch search = new RegistrarSearch(DiscoverySettings.defaults(), clock, false,
                        DiscoverReggie::idOf)) {
            search.seekLocators(List.of(at));
            RegistrarSearch.Found r = search.next(60, TimeUnit.SECONDS);
            if (r == null || !r.id().equals(viaProtocol.getServiceID())) {
                throw new AssertionError("the tracker did not discover Reggie at " + at + ": " + r);
            }
            System.out.println("tracker discovered " + r.id() + " at " + r.locator());
        }
        if (args.length > 1 && args[1].equals("multicast")) {
            discoverByMulticast(viaProtocol.getServiceID());
        }
    }

    private static void discoverByMulticast(ServiceID expected) throws Exception {
        DiscoverySettings d = DiscoverySettings.defaults();
        DiscoverySettings settings = new DiscoverySettings(NetworkInterface.getByName("lo"), 1, d.requestAddress(),
                d.announcementAddress(), d.multicastPort(), d.requestCount(), d.requestIntervalMillis(),
                d.announcementIntervalMillis(), d.missedAnnouncements(), 30_000, d.maxPacketSize());
        try (SystemClock clock = new SystemClock("discover-reggie-multicast");
                RegistrarSearch search = new RegistrarSearch(settings, clock, true, DiscoverReggie::idOf)) {
            search.seekGroups(null); // every group: Reggie's member groups are none
            RegistrarSearch.Found r = search.next(60, TimeUnit.SECONDS);
            if (r == null || !r.id().equals(expected)) {
                throw new AssertionError("multicast discovery did not find Reggie " + expected + ": " + r);
            }
            ServiceRegistrar proxy = (ServiceRegistrar) r.proxy().get();
            System.out.println("multicast discovered " + proxy.getServiceID() + " groups " + r.groups());
        }
    }

    private static ServiceID idOf(java.rmi.MarshalledObject<?> proxy) {
        try {
            return ((ServiceRegistrar) proxy.get()).getServiceID();
        } catch (Exception e) {
            return null;
        }
    }
}
