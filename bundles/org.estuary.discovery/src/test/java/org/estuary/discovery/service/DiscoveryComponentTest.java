package org.estuary.discovery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Map;

import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.event.DeliveryConfig;
import org.estuary.store.api.testing.ComponentConfig;
import org.junit.jupiter.api.Test;

/** The component's configuration as the service and its discovery receive it. */
class DiscoveryComponentTest {

    @Test
    void theDefaultsAreThePublishedProtocolValuesOnTheLoopbackInterface() throws Exception {
        DiscoveryComponent.Config config = ComponentConfig.of(DiscoveryComponent.Config.class);
        DiscoverySettings settings = DiscoveryComponent.discoverySettings(config, InetAddress.getByName("127.0.0.1"));
        DiscoverySettings published = DiscoverySettings.defaults();
        assertEquals(new DiscoverySettings(NetworkInterface.getByInetAddress(InetAddress.getByName("127.0.0.1")),
                published.ttl(), published.requestAddress(), published.announcementAddress(),
                published.multicastPort(), published.requestCount(), published.requestIntervalMillis(),
                published.announcementIntervalMillis(), published.missedAnnouncements(),
                published.unicastTimeoutMillis(), published.maxPacketSize()), settings);
        assertTrue(config.multicast_enabled());
    }

    @Test
    void anInterfaceTheHostLacksIsRefusedNamingTheSetting() throws Exception {
        DiscoveryComponent.Config config = ComponentConfig.of(DiscoveryComponent.Config.class,
                Map.of("multicast_interface", "no-such-nif0"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DiscoveryComponent.discoverySettings(config, InetAddress.getByName("127.0.0.1")));
        assertTrue(e.getMessage().contains("multicast.interface no-such-nif0"), e.getMessage());
    }

    @Test
    void aRequestAddressThatIsNotMulticastIsRefused() {
        DiscoveryComponent.Config config = ComponentConfig.of(DiscoveryComponent.Config.class,
                Map.of("multicast_request_address", "127.0.0.1"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DiscoveryComponent.discoverySettings(config, InetAddress.getByName("127.0.0.1")));
        assertTrue(e.getMessage().contains("request address"), e.getMessage());
    }

    @Test
    void eachRegistrationHasItsOwnEventQueue() {
        DeliveryConfig delivery = DiscoveryComponent.delivery(ComponentConfig.of(DiscoveryComponent.Config.class,
                Map.of("event_queue_per_registration", 7, "max_registrations", 3)));
        assertEquals(7, delivery.maxQueuedPerLane());
        assertEquals(21, delivery.maxQueuedTotal());
    }

    @Test
    void boundsBelowOneAreRefusedNamingTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DiscoveryComponent
                .settings(ComponentConfig.of(DiscoveryComponent.Config.class, Map.of("max_registrations", 0))));
        assertTrue(e.getMessage().contains("max.registrations"), e.getMessage());
    }
}
