package org.estuary.discovery.protocol;

import static org.estuary.discovery.protocol.Hex.int32;
import static org.estuary.discovery.protocol.Hex.int64;
import static org.estuary.discovery.protocol.Hex.utf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import net.jini.core.lookup.ServiceID;

import org.junit.jupiter.api.Test;

// DJ multicast announcement protocol, version 1: version, host, port, service id, groups; packets of at most
// 512 bytes.
class MulticastAnnouncementTest {

    private static final ServiceID ID = new ServiceID(0x0102030405060708L, -2L);

    @Test
    void packetHoldsVersionHostPortIdAndGroupsInThePublishedOrder() throws Exception {
        List<byte[]> packets = new MulticastAnnouncement("10.0.0.7", 4160, ID, List.of("public", "b")).encode(512);
        assertEquals(1, packets.size());
        String expected = int32(1) + utf("10.0.0.7") + int32(4160) + int64(0x0102030405060708L) + int64(-2L)
                + int32(2) + utf("public") + utf("b");
        assertEquals(expected, Hex.of(packets.get(0)));
    }

    @Test
    void noGroupsIsOnePacketWithAnEmptyList() throws Exception {
        List<byte[]> packets = new MulticastAnnouncement("h", 1, ID, List.of()).encode(512);
        assertEquals(1, packets.size());
        assertEquals(int32(1) + utf("h") + int32(1) + int64(0x0102030405060708L) + int64(-2L) + int32(0),
                Hex.of(packets.get(0)));
    }

    @Test
    void decodeReadsWhatTheLayoutSays() throws Exception {
        byte[] p = Hex.bytes(int32(1) + utf("lookup.example.org") + int32(4170) + int64(5) + int64(6) + int32(1)
                + utf("g") + "00");
        MulticastAnnouncement a = MulticastAnnouncement.decode(p, 0, p.length);
        assertEquals(new MulticastAnnouncement("lookup.example.org", 4170, new ServiceID(5, 6), List.of("g")), a);
    }

    @Test
    void groupsThatDoNotFitAreSplitAndEachPacketRepeatsHostPortAndId() throws Exception {
        List<String> groups = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            groups.add("group-" + i + "-" + "y".repeat(30));
        }
        MulticastAnnouncement a = new MulticastAnnouncement("127.0.0.1", 4160, ID, groups);
        List<byte[]> packets = a.encode(512);
        assertTrue(packets.size() > 1);
        List<String> seen = new ArrayList<>();
        for (byte[] p : packets) {
            assertTrue(p.length <= 512, "packet of " + p.length + " bytes");
            MulticastAnnouncement part = MulticastAnnouncement.decode(p, 0, p.length);
            assertEquals("127.0.0.1", part.host());
            assertEquals(4160, part.port());
            assertEquals(ID, part.serviceId());
            seen.addAll(part.groups());
        }
        assertEquals(groups, seen);
    }

    @Test
    void aGroupThatCannotFitBesideTheHostIsRefused() throws Exception {
        // version 4, host "h" 3, port 4, id 16, count 4 = 31 bytes before the groups: 481 left.
        assertEquals(512, new MulticastAnnouncement("h", 1, ID, List.of("g".repeat(479))).encode(512).get(0).length);
        MulticastAnnouncement tooLong = new MulticastAnnouncement("h", 1, ID, List.of("g".repeat(480)));
        DiscoveryProtocolException e = assertThrows(DiscoveryProtocolException.class, () -> tooLong.encode(512));
        assertTrue(e.getMessage().contains("more than a packet of 512 bytes"), e.getMessage());
        MulticastAnnouncement hostTooLong = new MulticastAnnouncement("h".repeat(500), 1, ID, List.of());
        assertThrows(DiscoveryProtocolException.class, () -> hostTooLong.encode(512));
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(NullPointerException.class, () -> new MulticastAnnouncement(null, 1, ID, List.of()));
        assertThrows(NullPointerException.class, () -> new MulticastAnnouncement("h", 1, null, List.of()));
        assertThrows(NullPointerException.class, () -> new MulticastAnnouncement("h", 1, ID, null));
        assertThrows(NullPointerException.class,
                () -> new MulticastAnnouncement("h", 1, ID, Arrays.asList("g", null)));
        assertThrows(IllegalArgumentException.class, () -> new MulticastAnnouncement("h", 0, ID, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new MulticastAnnouncement("h", 65536, ID, List.of()));
    }

    @Test
    void malformedPacketsAreProtocolErrors() {
        assertProtocolError(int32(3) + utf("h") + int32(1) + int64(1) + int64(2) + int32(0), "protocol version 3");
        assertProtocolError(int32(1) + utf("h") + int32(0) + int64(1) + int64(2) + int32(0), "port out of range");
        assertProtocolError(int32(1) + utf("h") + int32(1) + int64(1) + int64(2) + int32(-4), "negative group");
        assertProtocolError(int32(1) + utf("h") + int32(1) + int64(1) + int64(2) + int32(2) + utf("g"),
                "announces 2 group");
        assertProtocolError(int32(1) + utf("h") + int32(1) + int64(1), "truncated");
        assertProtocolError(int32(1) + "0005" + "6869", "truncated");
    }

    private static void assertProtocolError(String hex, String expected) {
        byte[] b = Hex.bytes(hex);
        DiscoveryProtocolException e = assertThrows(DiscoveryProtocolException.class,
                () -> MulticastAnnouncement.decode(b, 0, b.length));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
