package org.estuary.discovery.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.StubRegistrar;

import org.estuary.core.time.ManualClock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.protocol.MulticastAnnouncement;
import org.estuary.discovery.protocol.UnicastResponse;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

// DJ discovery as the lookup discovery service uses it (LD.3.1): which lookup services become known by group and by
// locator, when one is given up for silence, and when discovery asks again. The network is scripted.
class RegistrarTrackerTest {

    private static final DiscoverySettings SETTINGS = DiscoverySettings.defaults();
    private static final long INTERVAL = SETTINGS.announcementIntervalMillis();

    private final ManualClock clock = new ManualClock(0);
    private final List<String> network = new ArrayList<>();
    private final List<String> reports = new ArrayList<>();
    private RegistrarTracker tracker;

    @BeforeEach
    void create() {
        tracker = new RegistrarTracker(SETTINGS, clock, new RegistrarTracker.Network() {
            @Override
            public void request(Collection<String> groups, Collection<ServiceID> heard) {
                network.add("request " + groups + " heard " + heard);
            }

            @Override
            public void discover(LookupLocator locator) {
                network.add("discover " + locator);
            }
        }, proxy -> {
            try {
                Object o = proxy.get();
                return o instanceof StubRegistrar ? ((StubRegistrar) o).getServiceID() : null;
            } catch (IOException | ClassNotFoundException e) {
                return null;
            }
        }, new RegistrarTracker.Listener() {
            @Override
            public void discovered(Registrar r) {
                reports.add("discovered " + r.id().getLeastSignificantBits() + " " + r.groups());
            }

            @Override
            public void groupsChanged(Registrar r, List<String> before) {
                reports.add("changed " + r.id().getLeastSignificantBits() + " " + before + " -> " + r.groups());
            }

            @Override
            public void silent(Registrar r) {
                reports.add("silent " + r.id().getLeastSignificantBits());
            }
        });
        tracker.start();
    }

    private static StubRegistrar registrar(long id) {
        return new StubRegistrar(id);
    }

    private static UnicastResponse response(long id, String... groups) throws IOException {
        return new UnicastResponse(new MarshalledObject<>(registrar(id)), List.of(groups));
    }

    private static MulticastAnnouncement announcement(long id, int port, String... groups) {
        return new MulticastAnnouncement("127.0.0.1", port, registrar(id).getServiceID(), List.of(groups));
    }

    @Test
    void settingGroupsStartsARoundOfRequestsNamingTheKnown() throws Exception {
        tracker.setGroups(List.of("g"));
        tracker.responded(null, response(1, "g"));
        tracker.setGroups(List.of("g", "h"));
        assertEquals(2, network.size());
        assertEquals("request [g] heard []", network.get(0));
        assertTrue(network.get(1).endsWith(" heard [" + registrar(1).getServiceID() + "]"), network.get(1));
    }

    @Test
    void anAnnouncementOfASoughtGroupLeadsToUnicastDiscoveryAndOneDiscovery() throws Exception {
        tracker.setGroups(List.of("g"));
        network.clear();
        tracker.announced(announcement(2, 5000, "g", "x"));
        tracker.announced(announcement(2, 5000, "g", "x")); // a unicast discovery is under way already
        assertEquals(List.of("discover jini://127.0.0.1:5000/"), network);
        tracker.responded(new LookupLocator("127.0.0.1", 5000), response(2, "g", "x"));
        tracker.responded(null, response(2, "g", "x"));
        assertEquals(List.of("discovered 2 [g, x]"), reports, "one discovery per lookup service");
        assertEquals(new LookupLocator("127.0.0.1", 5000), tracker.registrars().get(0).locator());
    }

    @Test
    void lookupServicesOfOtherGroupsAreIgnoredAndEveryGroupTakesThemAll() throws Exception {
        tracker.setGroups(List.of("g"));
        network.clear();
        tracker.announced(announcement(3, 5000, "other"));
        tracker.responded(null, response(3, "other"));
        assertEquals(List.of(), network);
        assertEquals(List.of(), reports);
        tracker.setGroups(null);
        tracker.responded(null, response(3, "other"));
        tracker.responded(null, response(4));
        assertEquals(List.of("discovered 3 [other]", "discovered 4 []"), reports);
    }

    @Test
    void aLookupServiceFoundByGroupIsGivenUpAfterThreeSilentAnnouncementIntervals() throws Exception {
        tracker.setGroups(List.of("g"));
        tracker.responded(null, response(5, "g"));
        tracker.responded(null, response(6, "g"));
        for (int i = 0; i < 5; i++) {
            clock.advance(INTERVAL, TimeUnit.MILLISECONDS);
            tracker.announced(announcement(6, 5006, "g")); // 6 keeps announcing, 5 is silent
        }
        assertEquals(List.of("discovered 5 [g]", "discovered 6 [g]", "silent 5"), reports);
        assertEquals(1, tracker.registrars().size());
    }

    @Test
    void silenceIsMeasuredFromTheLastAnnouncementNotFromDiscovery() throws Exception {
        tracker.setGroups(List.of("g"));
        tracker.responded(null, response(7, "g"));
        clock.advance(2 * INTERVAL, TimeUnit.MILLISECONDS);
        tracker.announced(announcement(7, 5007, "g"));
        clock.advance(3 * INTERVAL - 1, TimeUnit.MILLISECONDS);
        clock.advance(1, TimeUnit.MILLISECONDS); // the check at 5 intervals: exactly 3 since the announcement
        assertEquals(List.of("discovered 7 [g]", "silent 7"), reports);
    }

    @Test
    void aLookupServiceFoundOnlyByLocatorIsNeverGivenUpForSilence() throws Exception {
        LookupLocator at = new LookupLocator("127.0.0.1", 5008);
        tracker.setLocators(List.of(at));
        assertEquals(List.of("discover jini://127.0.0.1:5008/"), network);
        tracker.responded(at, response(8, "g"));
        clock.advance(10 * INTERVAL, TimeUnit.MILLISECONDS);
        assertEquals(List.of("discovered 8 [g]"), reports);
    }

    @Test
    void heldByALocatorTooASilentLookupServiceIsGivenUpByGroupOnlyAndFoundByGroupWhenItAnnouncesAgain()
            throws Exception {
        LookupLocator at = new LookupLocator("127.0.0.1", 5013);
        tracker.setLocators(List.of(at));
        tracker.setGroups(List.of("g"));
        tracker.responded(at, response(13, "g"));
        tracker.announced(announcement(13, 5013, "g"));
        clock.advance(3 * INTERVAL, TimeUnit.MILLISECONDS);
        assertEquals(List.of("discovered 13 [g]", "silent 13"), reports);
        assertEquals(1, tracker.registrars().size(), "still known for its locator");
        clock.advance(10 * INTERVAL, TimeUnit.MILLISECONDS);
        tracker.announced(announcement(13, 5013, "g"));
        assertEquals(List.of("discovered 13 [g]", "silent 13", "discovered 13 [g]"), reports);
    }

    @Test
    void aLocatorThatDoesNotAnswerIsAskedAgainEveryRequestInterval() throws Exception {
        LookupLocator at = new LookupLocator("127.0.0.1", 5009);
        tracker.setLocators(List.of(at));
        clock.advance(SETTINGS.requestIntervalMillis(), TimeUnit.MILLISECONDS);
        assertEquals(1, network.size(), "still waiting for the first answer: not asked twice");
        tracker.failed(at);
        clock.advance(SETTINGS.requestIntervalMillis(), TimeUnit.MILLISECONDS);
        assertEquals(2, network.size());
        tracker.responded(at, response(9));
        clock.advance(5 * SETTINGS.requestIntervalMillis(), TimeUnit.MILLISECONDS);
        assertEquals(2, network.size(), "answered: asked no more");
        assertEquals(List.of("discovered 9 []"), reports);
    }

    @Test
    void anAnnouncementWithOtherGroupsLeadsToUnicastAndTheResponseChangesThem() throws Exception {
        tracker.setGroups(List.of("g", "h"));
        tracker.responded(null, response(10, "g"));
        network.clear();
        tracker.announced(announcement(10, 5010, "g"));
        assertEquals(List.of(), network, "same groups: nothing to ask");
        tracker.announced(announcement(10, 5010, "h"));
        assertEquals(List.of("discover jini://127.0.0.1:5010/"), network);
        tracker.responded(new LookupLocator("127.0.0.1", 5010), response(10, "g", "h"));
        assertEquals(List.of("discovered 10 [g]", "changed 10 [g] -> [g, h]"), reports);
    }

    @Test
    void discardForgetsAndAsksAgain() throws Exception {
        tracker.setGroups(List.of("g"));
        tracker.responded(null, response(11, "g"));
        network.clear();
        assertEquals(registrar(11).getServiceID(), tracker.discard(registrar(11).getServiceID()).id());
        assertEquals(List.of("request [g] heard []"), network);
        assertNull(tracker.discard(registrar(11).getServiceID()));
        tracker.responded(null, response(11, "g"));
        assertEquals(List.of("discovered 11 [g]", "discovered 11 [g]"), reports);
    }

    @Test
    void narrowingTheGroupsForgetsWithoutAReport() throws Exception {
        tracker.setGroups(List.of("g", "h"));
        tracker.responded(null, response(12, "h"));
        tracker.setGroups(List.of("g"));
        assertTrue(tracker.registrars().isEmpty());
        assertEquals(List.of("discovered 12 [h]"), reports);
    }

    @Test
    void aProxyWhoseIdCannotBeToldIsNotTracked() throws Exception {
        tracker.setGroups(null);
        tracker.responded(null, new UnicastResponse(new MarshalledObject<>("not a registrar"), List.of()));
        assertEquals(List.of(), reports);
        assertTrue(tracker.registrars().isEmpty());
    }
}
