package org.estuary.discovery.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.InetAddress;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.StubRegistrar;

import org.estuary.core.time.ManualClock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.net.LookupServiceEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

// DJ unicast discovery by locator on 127.0.0.1 through the tracker: scripted lookup services, one unreachable.
class NetworkDiscoveryTest {

    static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    static final long WAIT_SECONDS = 20;

    final ManualClock clock = new ManualClock(0);
    final List<AutoCloseable> open = new ArrayList<>();
    final BlockingQueue<String> reports = new LinkedBlockingQueue<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    static ServiceID idOf(MarshalledObject<?> proxy) {
        try {
            Object o = proxy.get();
            return o instanceof StubRegistrar ? ((StubRegistrar) o).getServiceID() : null;
        } catch (IOException | ClassNotFoundException e) {
            return null;
        }
    }

    NetworkDiscovery discovery(DiscoverySettings settings, boolean multicast) throws IOException {
        NetworkDiscovery d = new NetworkDiscovery(settings, clock, LOOPBACK, multicast, NetworkDiscoveryTest::idOf,
                new RegistrarTracker.Listener() {
                    @Override
                    public void discovered(Registrar r) {
                        reports.add("discovered " + r.id().getLeastSignificantBits() + " " + r.groups());
                    }

                    @Override
                    public void groupsChanged(Registrar r, List<String> before) {
                        reports.add("changed " + r.id().getLeastSignificantBits() + " " + r.groups());
                    }

                    @Override
                    public void silent(Registrar r) {
                        reports.add("silent " + r.id().getLeastSignificantBits());
                    }
                });
        open.add(d);
        return d;
    }

    LookupServiceEndpoint lookup(DiscoverySettings settings, long id, List<String> groups, boolean multicast)
            throws IOException {
        StubRegistrar registrar = new StubRegistrar(id);
        LookupServiceEndpoint e = new LookupServiceEndpoint(settings, clock, registrar.getServiceID(),
                new MarshalledObject<>(registrar), groups, LOOPBACK, 0, multicast);
        open.add(e);
        return e;
    }

    String next() throws InterruptedException {
        String r = reports.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        return r == null ? "nothing within " + WAIT_SECONDS + " s" : r;
    }

    @Test
    void lookupServicesAtLocatorsAreDiscoveredAndAnUnreachableOneIsRetried() throws Exception {
        DiscoverySettings settings = DiscoverySettings.defaults();
        LookupServiceEndpoint a = lookup(settings, 1, List.of("a"), false);
        LookupServiceEndpoint later = lookup(settings, 2, List.of("b"), false);
        var unreachable = later.locator();
        later.close(); // nothing listens there until it comes back
        NetworkDiscovery d = discovery(settings, false);
        d.tracker().setLocators(List.of(a.locator(), unreachable));
        assertEquals("discovered 1 [a]", next());

        LookupServiceEndpoint back = new LookupServiceEndpoint(settings, clock, new StubRegistrar(2).getServiceID(),
                new MarshalledObject<>(new StubRegistrar(2)), List.of("b"), LOOPBACK, unreachable.getPort(), false);
        open.add(back);
        // the first attempt may still be failing: advance until the retry that finds it
        String report = null;
        for (int i = 0; i < 10 && report == null; i++) {
            clock.advance(settings.requestIntervalMillis(), TimeUnit.MILLISECONDS);
            report = reports.poll(2, TimeUnit.SECONDS);
        }
        assertEquals("discovered 2 [b]", report);
    }
}
