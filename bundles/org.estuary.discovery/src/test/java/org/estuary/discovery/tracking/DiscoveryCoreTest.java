package org.estuary.discovery.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.StubRegistrar;

import org.estuary.core.time.ManualClock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.net.LookupServiceEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

// LD.3.1, LD.3.2, LD.4.1.1 end to end without leases or persistence: registrations' notices from discovery of
// scripted lookup services by locator on 127.0.0.1.
class DiscoveryCoreTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final DiscoverySettings SETTINGS = DiscoverySettings.defaults();

    private final ManualClock clock = new ManualClock(0);
    private final List<AutoCloseable> open = new ArrayList<>();
    private final BlockingQueue<String> notices = new LinkedBlockingQueue<>();
    private final DiscoveryCore<String> core = new DiscoveryCore<>(batch -> batch.forEach(n -> notices.add(
            n.registration() + (n.discarded() ? " discarded " : " discovered ")
                    + n.registrars().stream().map(r -> r.id().getLeastSignificantBits()).toList())));

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private LookupServiceEndpoint lookup(long id, String... groups) throws IOException {
        StubRegistrar registrar = new StubRegistrar(id);
        LookupServiceEndpoint e = new LookupServiceEndpoint(SETTINGS, clock, registrar.getServiceID(),
                new MarshalledObject<>(registrar), List.of(groups), LOOPBACK, 0, false);
        open.add(e);
        return e;
    }

    private void start() throws IOException {
        NetworkDiscovery discovery = new NetworkDiscovery(SETTINGS, clock, LOOPBACK, false,
                NetworkDiscoveryTest::idOf, core);
        open.add(discovery);
        core.attach(discovery.tracker());
    }

    private String next() throws InterruptedException {
        String n = notices.poll(20, TimeUnit.SECONDS);
        return n == null ? "nothing within 20 s" : n;
    }

    private static Interest locators(LookupLocator... at) {
        return Interest.register(new String[0], at);
    }

    @Test
    void registrationsHearOfLookupServicesAtTheirLocatorsOnceAndLaterOnesAtOnce() throws Exception {
        LookupServiceEndpoint a = lookup(1, "public");
        LookupServiceEndpoint b = lookup(2);
        start();
        core.register("r1", locators(a.locator(), b.locator()));
        List<String> first = List.of(next(), next());
        assertEquals(List.of("r1 discovered [1]", "r1 discovered [2]"), first.stream().sorted().toList());

        core.register("r2", locators(a.locator(), b.locator()));
        core.flush();
        String batched = next();
        assertTrue(batched.equals("r2 discovered [1, 2]") || batched.equals("r2 discovered [2, 1]"),
                "one event for both lookup services already known: " + batched);
        assertEquals(List.of(), List.copyOf(notices));
    }

    @Test
    void discardTellsTheRegistrationAndItHearsOfTheRediscovery() throws Exception {
        LookupServiceEndpoint a = lookup(3);
        start();
        core.register("r1", locators(a.locator()));
        core.register("bystander", locators(a.locator()));
        assertEquals("r1 discovered [3]", next());
        assertEquals("bystander discovered [3]", next());

        core.discard("r1", a.serviceId());
        assertEquals("r1 discarded [3]", next());
        assertEquals("r1 discovered [3]", next(), "discovery looked again at the locator");
        assertEquals(List.of(a.serviceId().getLeastSignificantBits()),
                core.discovered("bystander").stream().map(r -> r.id().getLeastSignificantBits()).toList());
    }

    @Test
    void removingTheLocatorDiscardsAndRefusedMutatorsChangeNothing() throws Exception {
        LookupServiceEndpoint a = lookup(4);
        start();
        core.register("r1", locators(a.locator()));
        assertEquals("r1 discovered [4]", next());
        assertThrows(UnsupportedOperationException.class,
                () -> core.change("r1", i -> i.setGroups(null).addGroups(new String[] {"g"})));
        assertEquals(List.of(a.locator()), List.copyOf(core.interest("r1").locators()));
        core.change("r1", i -> i.removeLocators(new LookupLocator[] {a.locator()}));
        core.flush();
        assertEquals("r1 discarded [4]", next());
    }
}
