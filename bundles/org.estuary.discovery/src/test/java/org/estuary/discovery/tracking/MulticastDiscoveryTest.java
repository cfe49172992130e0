package org.estuary.discovery.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.net.LookupServiceEndpoint;
import org.estuary.discovery.net.InNamespace;
import org.estuary.discovery.net.NetworkNamespace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

// DJ multicast discovery through the tracker, in a network namespace of the test's own (MulticastDiscoveryInNamespace
// Test runs it there): scripted lookup services found by request and by announcement, regrouped, going silent.
@EnabledIfSystemProperty(named = InNamespace.IN_NAMESPACE, matches = "true")
class MulticastDiscoveryTest extends NetworkDiscoveryTest {

    @Test
    void aLookupServiceOfASoughtGroupAnswersTheRequest() throws Exception {
        DiscoverySettings settings = NetworkNamespace.settings();
        lookup(settings, 1, List.of("public"), true);
        lookup(settings, 2, List.of("elsewhere"), true);
        NetworkDiscovery d = discovery(settings, true);
        d.tracker().setGroups(List.of("public"));
        clock.advance(0, TimeUnit.MILLISECONDS);
        assertEquals("discovered 1 [public]", next());
    }

    @Test
    void anAnnouncingLookupServiceIsDiscoveredRegroupedAndGivenUpWhenSilent() throws Exception {
        DiscoverySettings settings = NetworkNamespace.settings();
        NetworkDiscovery d = discovery(settings, true);
        d.tracker().setGroups(List.of("g", "h"));
        LookupServiceEndpoint lookup = lookup(settings, 3, List.of("g"), true);
        lookup.startAnnouncing(); // requests are sent only when the clock moves: this is found by its announcement
        assertEquals("discovered 3 [g]", next());

        lookup.setGroups(List.of("g", "h"));
        assertEquals("changed 3 [g, h]", next());

        lookup.close(); // gone: it neither announces nor answers the requests still under way
        clock.advance(settings.silenceMillis(), TimeUnit.MILLISECONDS);
        assertEquals("silent 3", next());
    }
}
