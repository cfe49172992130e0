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

// DJ multicast request protocol, version 1: version, response port, heard service ids, groups; packets of at
// most 512 bytes.
class MulticastRequestTest {

    private static final ServiceID A = new ServiceID(0x0102030405060708L, 0x1112131415161718L);
    private static final ServiceID B = new ServiceID(-1L, 42L);

    @Test
    void packetHoldsVersionPortHeardIdsAndGroupsInThePublishedOrder() throws Exception {
        List<byte[]> packets = new MulticastRequest(4161, List.of(A, B), List.of("public", "x")).encode(512);
        assertEquals(1, packets.size());
        String expected = int32(1) + int32(4161)
                + int32(2) + int64(0x0102030405060708L) + int64(0x1112131415161718L) + int64(-1L) + int64(42L)
                + int32(2) + utf("public") + utf("x");
        assertEquals(expected, Hex.of(packets.get(0)));
    }

    @Test
    void emptyGroupsMeanEveryGroupAndAreOneEmptyList() throws Exception {
        List<byte[]> packets = new MulticastRequest(7, List.of(), List.of()).encode(512);
        assertEquals(List.of(int32(1) + int32(7) + int32(0) + int32(0)), hex(packets));
    }

    @Test
    void decodeReadsWhatTheLayoutSays() throws Exception {
        byte[] packet = Hex.bytes(int32(1) + int32(9000) + int32(1) + int64(-1L) + int64(42L) + int32(1)
                + utf("g1") + "ffff" /* trailing bytes are ignored */);
        MulticastRequest r = MulticastRequest.decode(packet, 0, packet.length);
        assertEquals(9000, r.responsePort());
        assertEquals(List.of(B), r.heard());
        assertEquals(List.of("g1"), r.groups());
    }

    @Test
    void duplicatesAreRemoved() {
        MulticastRequest r = new MulticastRequest(1, List.of(A, A, B), List.of("g", "h", "g"));
        assertEquals(List.of(A, B), r.heard());
        assertEquals(List.of("g", "h"), r.groups());
    }

    @Test
    void groupsThatDoNotFitAreSplitOverPacketsOfAtMost512Bytes() throws Exception {
        List<String> groups = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            groups.add(String.format("group-%02d-%s", i, "x".repeat(20)));
        }
        MulticastRequest request = new MulticastRequest(4161, List.of(A, B), groups);
        List<byte[]> packets = request.encode(512);
        assertTrue(packets.size() > 1, "60 groups of 31 bytes need more than one packet");
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < packets.size(); i++) {
            byte[] p = packets.get(i);
            assertTrue(p.length <= 512, "packet of " + p.length + " bytes");
            MulticastRequest part = MulticastRequest.decode(p, 0, p.length);
            assertEquals(4161, part.responsePort());
            assertEquals(List.of(A, B), part.heard(), "every packet carries the heard ids that fit");
            if (i < packets.size() - 1) {
                assertTrue(p.length + 31 > 512, "a packet is only closed when the next group does not fit");
            }
            seen.addAll(part.groups());
        }
        assertEquals(groups, seen);
    }

    @Test
    void heardIdsAreCutToWhatFitsBesideTheFirstGroup() throws Exception {
        List<ServiceID> heard = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            heard.add(new ServiceID(i, i));
        }
        byte[] p = new MulticastRequest(1, heard, List.of("public")).encode(512).get(0);
        MulticastRequest decoded = MulticastRequest.decode(p, 0, p.length);
        // 512 - version, port, id count, group count - "public" (8) = 488 bytes: 30 ids.
        assertEquals(heard.subList(0, 30), decoded.heard());
        assertEquals(List.of("public"), decoded.groups());
        assertEquals(4 * 4 + 30 * 16 + 8, p.length);
    }

    @Test
    void aGroupThatCannotFitInAPacketIsRefused() throws Exception {
        MulticastRequest r = new MulticastRequest(1, List.of(), List.of("g".repeat(497)));
        DiscoveryProtocolException e = assertThrows(DiscoveryProtocolException.class, () -> r.encode(512));
        assertTrue(e.getMessage().contains("more than a packet of 512 bytes"), e.getMessage());
        assertEquals(1, fillsAPacketExactly(new MulticastRequest(1, List.of(), List.of("g".repeat(494)))).size());
    }

    private static List<byte[]> fillsAPacketExactly(MulticastRequest r) throws Exception {
        List<byte[]> packets = r.encode(512);
        assertEquals(512, packets.get(0).length);
        return packets;
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new MulticastRequest(0, List.of(), List.of()));
        assertThrows(IllegalArgumentException.class, () -> new MulticastRequest(65536, List.of(), List.of()));
        assertThrows(NullPointerException.class, () -> new MulticastRequest(1, null, List.of()));
        assertThrows(NullPointerException.class, () -> new MulticastRequest(1, List.of(), null));
        assertThrows(NullPointerException.class, () -> new MulticastRequest(1, Arrays.asList(A, null), List.of()));
        assertThrows(NullPointerException.class, () -> new MulticastRequest(1, List.of(), Arrays.asList("g", null)));
    }

    @Test
    void malformedPacketsAreProtocolErrors() {
        String good = int32(1) + int32(9000) + int32(0) + int32(1) + utf("g");
        assertProtocolError(int32(2) + good.substring(8), "protocol version 2");
        assertProtocolError(int32(1) + int32(9000) + int32(-1) + int32(0), "negative service id count");
        assertProtocolError(int32(1) + int32(9000) + int32(3) + int64(1) + int64(2), "announces 3 service id");
        assertProtocolError(int32(1) + int32(0) + int32(0) + int32(0), "response port out of range");
        assertProtocolError(good.substring(0, good.length() - 2), "truncated");
        assertProtocolError(int32(1) + int32(9000), "truncated");
    }

    private static void assertProtocolError(String hex, String expected) {
        byte[] b = Hex.bytes(hex);
        DiscoveryProtocolException e = assertThrows(DiscoveryProtocolException.class,
                () -> MulticastRequest.decode(b, 0, b.length));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    private static List<String> hex(List<byte[]> packets) {
        List<String> result = new ArrayList<>();
        for (byte[] p : packets) {
            result.add(Hex.of(p));
        }
        return result;
    }
}
