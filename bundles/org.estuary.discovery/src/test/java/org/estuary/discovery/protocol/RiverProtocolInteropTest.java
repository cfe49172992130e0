package org.estuary.discovery.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import net.jini.core.lookup.ServiceID;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The packets of both multicast protocols, version 1, against Apache River 2.2.3's implementation of them
 * ({@code com.sun.jini.discovery.Discovery.getProtocol1()}), loaded from its published jar in a class loader of its
 * own: River decodes what Estuary encodes, and Estuary decodes what River encodes, packet by packet.
 */
class RiverProtocolInteropTest {

    private static URLClassLoader river;
    private static Object protocol1;
    private static Object noConstraints;

    @BeforeAll
    static void loadRiver() throws Exception {
        File jar = new File(System.getProperty("estuary.river.dir", "target/river"), "jsk-platform.jar");
        assertTrue(jar.isFile(), "River's jar is copied to " + jar + " by the build");
        river = new URLClassLoader(new URL[] {jar.toURI().toURL()}, ClassLoader.getPlatformClassLoader());
        protocol1 = riverClass("com.sun.jini.discovery.Discovery").getMethod("getProtocol1").invoke(null);
        noConstraints = riverClass("net.jini.core.constraint.InvocationConstraints").getField("EMPTY").get(null);
    }

    @AfterAll
    static void closeRiver() throws Exception {
        river.close();
    }

    private static Class<?> riverClass(String name) throws ClassNotFoundException {
        return Class.forName(name, true, river);
    }

    private static Object riverServiceId(ServiceID id) throws Exception {
        return riverClass("net.jini.core.lookup.ServiceID").getConstructor(long.class, long.class)
                .newInstance(id.getMostSignificantBits(), id.getLeastSignificantBits());
    }

    private static ServiceID estuaryServiceId(Object riverId) throws Exception {
        Class<?> c = riverId.getClass();
        return new ServiceID((long) c.getMethod("getMostSignificantBits").invoke(riverId),
                (long) c.getMethod("getLeastSignificantBits").invoke(riverId));
    }

    /** Calls a method through the public River type that declares it (the implementations are package-private). */
    private static Object call(Object target, String method, Object... args) throws Exception {
        List<Class<?>> types = new ArrayList<>();
        for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
            types.add(c);
            types.addAll(Arrays.asList(c.getInterfaces()));
        }
        for (Class<?> type : types) {
            if (!Modifier.isPublic(type.getModifiers())) {
                continue;
            }
            for (Method m : type.getMethods()) {
                if (m.getName().equals(method) && m.getParameterCount() == args.length) {
                    return m.invoke(target, args);
                }
            }
        }
        throw new NoSuchMethodException(method);
    }

    private static List<DatagramPacket> riverPackets(Object encodeIterator) throws Exception {
        List<DatagramPacket> packets = new ArrayList<>();
        while ((boolean) call(encodeIterator, "hasNext")) {
            packets.addAll(Arrays.asList((DatagramPacket[]) call(encodeIterator, "next")));
        }
        return packets;
    }

    private static List<String> manyGroups() {
        List<String> groups = new ArrayList<>();
        for (int i = 0; i < 45; i++) {
            groups.add("interop-group-" + i);
        }
        return groups;
    }

    @Test
    void riverDecodesEstuarysMulticastRequests() throws Exception {
        ServiceID a = new ServiceID(11, 12);
        List<String> groups = manyGroups();
        List<String> decodedGroups = new ArrayList<>();
        for (byte[] p : new MulticastRequest(4199, List.of(a), groups).encode(Discovery.MAX_PACKET_SIZE)) {
            DatagramPacket packet = new DatagramPacket(p, p.length, InetAddress.getLoopbackAddress(), 4160);
            Object request = call(protocol1, "decodeMulticastRequest", packet, noConstraints, null);
            assertEquals(4199, call(request, "getPort"));
            Object[] ids = (Object[]) call(request, "getServiceIDs");
            assertEquals(1, ids.length);
            assertEquals(a, estuaryServiceId(ids[0]));
            decodedGroups.addAll(Arrays.asList((String[]) call(request, "getGroups")));
        }
        assertEquals(groups, decodedGroups);
    }

    @Test
    void estuaryDecodesRiversMulticastRequestsByteForByteAsItWouldWriteThem() throws Exception {
        List<String> groups = manyGroups();
        Object ids = Array.newInstance(riverClass("net.jini.core.lookup.ServiceID"), 1);
        Array.set(ids, 0, riverServiceId(new ServiceID(-7, 8)));
        Object request = riverClass("com.sun.jini.discovery.MulticastRequest")
                .getConstructor(String.class, int.class, String[].class, ids.getClass())
                .newInstance("127.0.0.1", 4198, groups.toArray(new String[0]), ids);
        List<DatagramPacket> packets = riverPackets(call(protocol1, "encodeMulticastRequest", request,
                Discovery.MAX_PACKET_SIZE, noConstraints));
        List<String> decodedGroups = new ArrayList<>();
        for (DatagramPacket packet : packets) {
            byte[] bytes = Arrays.copyOfRange(packet.getData(), packet.getOffset(), packet.getLength());
            MulticastRequest decoded = MulticastRequest.decode(bytes, 0, bytes.length);
            assertEquals(4198, decoded.responsePort());
            assertEquals(List.of(new ServiceID(-7, 8)), decoded.heard());
            decodedGroups.addAll(decoded.groups());
            byte[] again = new MulticastRequest(4198, decoded.heard(), decoded.groups()).encode(bytes.length).get(0);
            assertArrayEquals(bytes, again, "the same fields give the same bytes");
        }
        assertEquals(groups, decodedGroups);
    }

    @Test
    void riverDecodesEstuarysMulticastAnnouncements() throws Exception {
        ServiceID id = new ServiceID(21, 22);
        List<String> groups = manyGroups();
        List<String> decodedGroups = new ArrayList<>();
        for (byte[] p : new MulticastAnnouncement("127.0.0.1", 4171, id, groups).encode(Discovery.MAX_PACKET_SIZE)) {
            DatagramPacket packet = new DatagramPacket(p, p.length, InetAddress.getLoopbackAddress(), 4160);
            Object announcement = call(protocol1, "decodeMulticastAnnouncement", packet, noConstraints);
            assertEquals("127.0.0.1", call(announcement, "getHost"));
            assertEquals(4171, call(announcement, "getPort"));
            assertEquals(id, estuaryServiceId(call(announcement, "getServiceID")));
            decodedGroups.addAll(Arrays.asList((String[]) call(announcement, "getGroups")));
        }
        assertEquals(groups, decodedGroups);
    }

    @Test
    void estuaryDecodesRiversMulticastAnnouncementsByteForByteAsItWouldWriteThem() throws Exception {
        List<String> groups = manyGroups();
        Object announcement = riverClass("com.sun.jini.discovery.MulticastAnnouncement")
                .getConstructor(long.class, String.class, int.class, String[].class,
                        riverClass("net.jini.core.lookup.ServiceID"))
                .newInstance(1L, "lookup.example.org", 4172, groups.toArray(new String[0]),
                        riverServiceId(new ServiceID(31, 32)));
        List<DatagramPacket> packets = riverPackets(call(protocol1, "encodeMulticastAnnouncement", announcement,
                Discovery.MAX_PACKET_SIZE, noConstraints));
        assertTrue(packets.size() > 1, "45 groups take more than one packet");
        List<String> decodedGroups = new ArrayList<>();
        for (DatagramPacket packet : packets) {
            byte[] bytes = Arrays.copyOfRange(packet.getData(), packet.getOffset(), packet.getLength());
            MulticastAnnouncement decoded = MulticastAnnouncement.decode(bytes, 0, bytes.length);
            assertEquals(new ServiceID(31, 32), decoded.serviceId());
            assertEquals("lookup.example.org", decoded.host());
            assertEquals(4172, decoded.port());
            decodedGroups.addAll(decoded.groups());
            byte[] again = new MulticastAnnouncement(decoded.host(), decoded.port(), decoded.serviceId(),
                    decoded.groups()).encode(bytes.length).get(0);
            assertArrayEquals(bytes, again, "the same fields give the same bytes");
        }
        assertEquals(groups, decodedGroups);
    }
}
