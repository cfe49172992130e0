package org.estuary.discovery.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.MulticastSocket;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.StubRegistrar;

import org.estuary.core.time.ManualClock;
import org.estuary.discovery.protocol.MulticastAnnouncement;
import org.estuary.discovery.protocol.MulticastRequest;
import org.estuary.discovery.protocol.UnicastResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

// DJ multicast request and announcement protocols, version 1, on the loopback interface of a network namespace of
// the test's own (MulticastInNamespaceTest runs this class there). Scripted lookup services play the registrars.
@EnabledIfSystemProperty(named = InNamespace.IN_NAMESPACE, matches = "true")
class MulticastProtocolsTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final long WAIT_SECONDS = 20;

    private final ManualClock clock = new ManualClock(0);
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private <T extends AutoCloseable> T open(T c) {
        open.add(c);
        return c;
    }

    private LookupServiceEndpoint lookup(long id, List<String> groups) throws IOException {
        StubRegistrar registrar = new StubRegistrar(id);
        return open(new LookupServiceEndpoint(NetworkNamespace.settings(), clock, registrar.getServiceID(),
                new MarshalledObject<>(registrar), groups, LOOPBACK, 0, true));
    }

    /** A plain receiver of one group's packets, standing for whoever listens there. */
    private final class Sniffer implements AutoCloseable {
        final MulticastSocket socket;

        Sniffer(InetAddress group) throws IOException {
            socket = Multicast.receiver(NetworkNamespace.settings(), group);
            socket.setSoTimeout((int) TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            open(this);
        }

        byte[] next() throws IOException {
            byte[] buffer = new byte[2048];
            DatagramPacket p = new DatagramPacket(buffer, buffer.length);
            socket.receive(p);
            byte[] data = new byte[p.getLength()];
            System.arraycopy(p.getData(), p.getOffset(), data, 0, p.getLength());
            return data;
        }

        MulticastRequest nextRequest() throws IOException {
            byte[] p = next();
            return MulticastRequest.decode(p, 0, p.length);
        }

        MulticastAnnouncement nextAnnouncement() throws IOException {
            byte[] p = next();
            return MulticastAnnouncement.decode(p, 0, p.length);
        }

        @Override
        public void close() {
            socket.close();
        }
    }

    private static ServiceID idOf(UnicastResponse r) throws Exception {
        return ((StubRegistrar) r.registrar().get()).getServiceID();
    }

    @Test
    void requestsFollowTheStandardScheduleSevenPacketsFiveSecondsApart() throws Exception {
        DiscoverySettings settings = NetworkNamespace.settings();
        Sniffer sniffer = new Sniffer(settings.requestAddress());
        MulticastRequester requester = open(new MulticastRequester(settings, LOOPBACK, clock, r -> { }));
        ServiceID heard = new ServiceID(1, 2);
        requester.request(List.of("public"), () -> Set.of(heard));
        clock.advance(0, TimeUnit.MILLISECONDS);
        for (int i = 1; i <= 7; i++) {
            MulticastRequest r = sniffer.nextRequest();
            assertEquals(requester.responsePort(), r.responsePort());
            assertEquals(List.of("public"), r.groups());
            assertEquals(List.of(heard), r.heard());
            clock.advance(settings.requestIntervalMillis() - 1, TimeUnit.MILLISECONDS);
            clock.advance(1, TimeUnit.MILLISECONDS); // the next falls due exactly one interval later
        }
        // The round is over: the next packet the group carries is the next round's.
        requester.request(List.of("next-round"), Set::of);
        clock.advance(0, TimeUnit.MILLISECONDS);
        assertEquals(List.of("next-round"), sniffer.nextRequest().groups());
    }

    @Test
    void noGroupsMeansNoRequestAndEveryGroupIsAnEmptyList() throws Exception {
        DiscoverySettings settings = NetworkNamespace.settings();
        Sniffer sniffer = new Sniffer(settings.requestAddress());
        MulticastRequester requester = open(new MulticastRequester(settings, LOOPBACK, clock, r -> { }));
        requester.request(List.of(), Set::of);
        clock.advance(0, TimeUnit.MILLISECONDS);
        requester.request(null, Set::of);
        clock.advance(0, TimeUnit.MILLISECONDS);
        assertEquals(List.of(), sniffer.nextRequest().groups(), "the first packet is the every-group request");
    }

    @Test
    void lookupServicesOfASoughtGroupAnswerAndHeardOnesStaySilent() throws Exception {
        LookupServiceEndpoint a = lookup(101, List.of("g1"));
        LookupServiceEndpoint b = lookup(102, List.of("g2"));
        LookupServiceEndpoint c = lookup(103, List.of("g1", "g3"));
        BlockingQueue<ServiceID> answered = new LinkedBlockingQueue<>();
        MulticastRequester requester = open(new MulticastRequester(NetworkNamespace.settings(), LOOPBACK, clock,
                r -> {
                    try {
                        answered.add(idOf(r));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }));
        requester.request(List.of("g1"), Set::of); // one packet: the clock sends the rest only when advanced
        clock.advance(0, TimeUnit.MILLISECONDS);
        Set<ServiceID> first = new HashSet<>(List.of(poll(answered), poll(answered)));
        assertEquals(Set.of(a.serviceId(), c.serviceId()), first);

        requester.request(null, () -> first); // every group, but a and c were heard already
        clock.advance(0, TimeUnit.MILLISECONDS);
        assertEquals(b.serviceId(), poll(answered));
        requester.stop();

        // A last request that only b answers: anything a or c sent meanwhile would be queued before it.
        requester.request(List.of("g2"), () -> Set.of(a.serviceId(), c.serviceId()));
        clock.advance(0, TimeUnit.MILLISECONDS);
        assertEquals(b.serviceId(), poll(answered));
        assertTrue(answered.isEmpty(), "answers nobody asked for: " + answered);
    }

    private static ServiceID poll(BlockingQueue<ServiceID> q) throws InterruptedException {
        ServiceID id = q.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertTrue(id != null, "no lookup service answered within " + WAIT_SECONDS + " s");
        return id;
    }

    @Test
    void announcementsNameHostPortIdAndGroupsAndRepeatEveryInterval() throws Exception {
        DiscoverySettings settings = NetworkNamespace.settings();
        BlockingQueue<MulticastAnnouncement> heard = new LinkedBlockingQueue<>();
        open(new AnnouncementListener(settings, heard::add));
        LookupServiceEndpoint lookup = lookup(201, List.of("public"));
        lookup.startAnnouncing();
        MulticastAnnouncement first = heard.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(new MulticastAnnouncement("127.0.0.1", lookup.locator().getPort(), lookup.serviceId(),
                List.of("public")), first);

        clock.advance(settings.announcementIntervalMillis(), TimeUnit.MILLISECONDS);
        assertEquals(first, heard.poll(WAIT_SECONDS, TimeUnit.SECONDS), "the next after one interval");

        lookup.setGroups(List.of("lab"));
        assertEquals(List.of("lab"), heard.poll(WAIT_SECONDS, TimeUnit.SECONDS).groups(),
                "a change of groups is announced at once");

        lookup.stopAnnouncing();
        clock.advance(10 * settings.announcementIntervalMillis(), TimeUnit.MILLISECONDS);
        LookupServiceEndpoint other = lookup(202, List.of("other"));
        other.announce();
        assertEquals(other.serviceId(), heard.poll(WAIT_SECONDS, TimeUnit.SECONDS).serviceId(),
                "the silent lookup service sent nothing more");
    }

    @Test
    void anAnnouncementWithManyGroupsArrivesInPacketsOfAtMost512Bytes() throws Exception {
        DiscoverySettings settings = NetworkNamespace.settings();
        Sniffer sniffer = new Sniffer(settings.announcementAddress());
        List<String> groups = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            groups.add("many-groups-" + i + "-" + "z".repeat(20));
        }
        LookupServiceEndpoint lookup = lookup(301, groups);
        lookup.announce();
        List<String> seen = new ArrayList<>();
        while (seen.size() < groups.size()) {
            byte[] p = sniffer.next();
            assertTrue(p.length <= 512, "packet of " + p.length + " bytes");
            MulticastAnnouncement part = MulticastAnnouncement.decode(p, 0, p.length);
            assertEquals(lookup.serviceId(), part.serviceId());
            seen.addAll(part.groups());
        }
        assertEquals(groups, seen);
    }
}
