package org.estuary.discovery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.util.List;
import java.util.Map;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lookup.StubRegistrar;
import net.jini.discovery.LookupDiscoveryRegistration;

import org.estuary.discovery.admin.RegistrarInfo;
import org.estuary.discovery.admin.RegistrationInfo;
import org.estuary.discovery.protocol.UnicastResponse;
import org.estuary.management.Page;
import org.estuary.management.ServiceView;
import org.estuary.store.memory.testing.MemoryStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What operators see of the lookup discovery service and the one thing they may do to it. */
class AdminViewTest {

    private static final class Quiet implements RemoteEventListener, java.io.Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void notify(RemoteEvent event) {
        }
    }

    private final Harness harness = new Harness(MemoryStores.open(), Harness.scripted());

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void registrationsWithTheirInterestsLookupServicesAndMetrics() throws Exception {
        DiscoveryService service = harness.start();
        AdminView admin = new AdminView(service, harness.tracker(), harness.clock);
        LookupLocator at = new LookupLocator("127.0.0.1", 4999);
        LookupDiscoveryRegistration all = service.register(null, null, new Quiet(), null, 60_000);
        LookupDiscoveryRegistration some = service.register(new String[] {"a", "b"}, new LookupLocator[] {at},
                new Quiet(), null, 60_000);
        harness.tracker().responded(null, new UnicastResponse(new MarshalledObject<>(new StubRegistrar(9, "a")),
                List.of("a")));

        Page<RegistrationInfo> page = admin.registrations(0, 10);
        assertEquals(2, page.total());
        RegistrationInfo first = page.items().get(0);
        assertEquals(all.getEventRegistration().getID(), first.id());
        assertEquals("(all)", first.groups());
        assertEquals("", first.locators());
        assertEquals(1, first.registrars(), "told of the lookup service of group a");
        RegistrationInfo second = page.items().get(1);
        assertEquals("a,b", second.groups());
        assertEquals(at.toString(), second.locators());
        assertEquals(harness.clock.currentTimeMillis() + 60_000, second.expiration());
        assertEquals(List.of(second), admin.registrationsAfter(first.id(), 1, 10).items());

        Page<RegistrarInfo> lookups = admin.registrars(0, 10);
        assertEquals(1, lookups.total());
        RegistrarInfo lookup = lookups.items().get(0);
        assertEquals(new StubRegistrar(9).getServiceID().toString(), lookup.serviceId());
        assertEquals("a", lookup.groups());
        assertNull(lookup.locator(), "found by a multicast response, not announced yet");
        assertTrue(lookup.byGroup());
        assertEquals(harness.clock.currentTimeMillis(), lookup.lastHeard());

        Map<String, Long> metrics = admin.metrics();
        assertEquals(2, metrics.get("registrations.granted"));
        assertEquals(2, metrics.get("events.discovered"));
        assertEquals(0, metrics.get("events.dropped"));
        assertEquals(2, admin.registrationCount());
        assertEquals(1, admin.registrarCount());
    }

    // LD.4.1.1: cancelled by the operator as by its client
    @Test
    void cancelEndsTheRegistrationAndAnUnknownOneIsNotFound() throws Exception {
        DiscoveryService service = harness.start();
        AdminView admin = new AdminView(service, harness.tracker(), harness.clock);
        LookupDiscoveryRegistration r = service.register(new String[] {"g"}, null, new Quiet(), null, 60_000);
        long id = r.getEventRegistration().getID();

        assertTrue(admin.cancel(id));
        assertEquals(0, admin.registrationCount());
        assertThrows(NoSuchObjectException.class, r::getGroups);
        assertFalse(admin.cancel(id));
    }

    @Test
    void theViewNamesItsTablesAndAction() throws Exception {
        DiscoveryService service = harness.start();
        ServiceView view = DiscoveryView.of(new AdminView(service, harness.tracker(), harness.clock));
        assertEquals(List.of("discovery-registrations", "discovery-registrars"),
                view.tables().stream().map(t -> t.name()).toList());
        assertEquals(List.of("discovery-cancel"), view.actions().stream().map(a -> a.name()).toList());
        assertThrows(IllegalArgumentException.class, () -> view.tables().get(0).read(null, -1, 10, null));
    }
}
