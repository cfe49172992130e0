package org.estuary.discovery.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.rmi.MarshalledObject;
import java.util.List;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;

import org.estuary.core.time.ManualClock;
import org.estuary.discovery.protocol.UnicastResponse;
import org.junit.jupiter.api.Test;

// DJ unicast discovery, version 1, over TCP on 127.0.0.1: a scripted lookup service answers both Estuary's client
// and LookupLocator.getRegistrar.
class UnicastDiscoveryTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private static LookupServiceEndpoint endpoint(StubRegistrar registrar, List<String> groups) throws IOException {
        return new LookupServiceEndpoint(DiscoverySettings.defaults(), new ManualClock(0), registrar.getServiceID(),
                new MarshalledObject<>(registrar), groups, LOOPBACK, 0, false);
    }

    @Test
    void theResponseCarriesTheMarshalledRegistrarAndItsGroups() throws Exception {
        StubRegistrar registrar = new StubRegistrar(5, "public");
        try (LookupServiceEndpoint lookup = endpoint(registrar, List.of("public", "lab"))) {
            UnicastResponse response = UnicastDiscovery.discover(lookup.locator(), 10_000);
            assertEquals(List.of("public", "lab"), response.groups());
            assertEquals(registrar, response.registrar().get());
        }
    }

    @Test
    void lookupLocatorGetRegistrarDiscoversTheScriptedLookupService() throws Exception {
        StubRegistrar registrar = new StubRegistrar(6);
        try (LookupServiceEndpoint lookup = endpoint(registrar, List.of())) {
            LookupLocator locator = new LookupLocator("127.0.0.1", lookup.locator().getPort());
            ServiceRegistrar found = locator.getRegistrar(10_000);
            assertEquals(registrar.getServiceID(), found.getServiceID());
        }
    }

    @Test
    void groupsChangedLaterAreInTheNextResponse() throws Exception {
        try (LookupServiceEndpoint lookup = endpoint(new StubRegistrar(7), List.of("a"))) {
            assertEquals(List.of("a"), UnicastDiscovery.discover(lookup.locator(), 10_000).groups());
            lookup.setGroups(List.of("b", "c"));
            assertEquals(List.of("b", "c"), UnicastDiscovery.discover(lookup.locator(), 10_000).groups());
        }
    }

    @Test
    void aRequestOfAnotherVersionGetsNoResponseAndTheEndpointGoesOn() throws Exception {
        try (LookupServiceEndpoint lookup = endpoint(new StubRegistrar(8), List.of("a"))) {
            try (Socket s = new Socket(LOOPBACK, lookup.locator().getPort())) {
                s.setSoTimeout(10_000);
                new DataOutputStream(s.getOutputStream()).writeInt(2);
                assertEquals(-1, s.getInputStream().read(), "the endpoint closes without answering");
            }
            assertEquals(List.of("a"), UnicastDiscovery.discover(lookup.locator(), 10_000).groups());
        }
    }

    @Test
    void nothingListeningIsAnIOException() throws Exception {
        LookupLocator gone;
        try (LookupServiceEndpoint lookup = endpoint(new StubRegistrar(9), List.of())) {
            gone = lookup.locator();
        }
        assertThrows(IOException.class, () -> UnicastDiscovery.discover(gone, 10_000));
    }

    @Test
    void anEndpointWithoutMulticastRefusesToAnnounce() throws Exception {
        try (LookupServiceEndpoint lookup = endpoint(new StubRegistrar(10), List.of())) {
            IllegalStateException e = assertThrows(IllegalStateException.class, lookup::startAnnouncing);
            assertTrue(e.getMessage().contains("without multicast"), e.getMessage());
        }
    }
}
