package net.jini.discovery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import net.jini.core.event.RemoteEvent;
import net.jini.core.lookup.SerialTestSupport;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

// LD.4.2: RemoteDiscoveryEvent.
class RemoteDiscoveryEventTest {

    /** Counts its deserializations, and fails them while {@link #fail} is set. */
    static final class TrackedRegistrar extends StubRegistrar {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger READS = new AtomicInteger();
        static volatile boolean fail;

        TrackedRegistrar(long id) {
            super(id);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            if (fail) {
                throw new IOException("codebase unavailable");
            }
            READS.incrementAndGet();
        }
    }

    /** Cannot be serialized at all. */
    static final class UnserializableRegistrar extends StubRegistrar {
        private static final long serialVersionUID = 1L;
        @SuppressWarnings({"unused", "serial"})
        private final Object notSerializable = new Object();

        UnserializableRegistrar(long id) {
            super(id);
        }
    }

    @BeforeEach
    void reset() {
        TrackedRegistrar.READS.set(0);
        TrackedRegistrar.fail = false;
    }

    private static Map<ServiceRegistrar, String[]> groups(ServiceRegistrar... regs) {
        Map<ServiceRegistrar, String[]> m = new LinkedHashMap<>();
        for (ServiceRegistrar r : regs) {
            m.put(r, new String[] {"g" + r.getServiceID().getLeastSignificantBits()});
        }
        return m;
    }

    @Test
    void isARemoteEventCarryingItsArguments() throws Exception {
        MarshalledObject<String> hb = new MarshalledObject<>("hb");
        RemoteDiscoveryEvent e = new RemoteDiscoveryEvent("lds", 5, 6, hb, true, groups(new StubRegistrar(1)));
        assertInstanceOf(RemoteEvent.class, e);
        assertEquals("lds", e.getSource());
        assertEquals(5, e.getID());
        assertEquals(6, e.getSequenceNumber());
        assertSame(hb, e.getRegistrationObject());
        assertTrue(e.isDiscarded());
        assertFalse(new RemoteDiscoveryEvent("lds", 5, 7, null, false, groups(new StubRegistrar(1))).isDiscarded());
    }

    @Test
    void constructorChecks() {
        // LD.4.2.1: empty groups -> IllegalArgumentException, null groups -> NullPointerException
        assertThrows(IllegalArgumentException.class,
                () -> new RemoteDiscoveryEvent("lds", 1, 1, null, false, new HashMap<ServiceRegistrar, String[]>()));
        assertThrows(NullPointerException.class, () -> new RemoteDiscoveryEvent("lds", 1, 1, null, false, null));
    }

    @Test
    void ioExceptionWhenNoProxyCanBeSerialized() {
        // LD.4.2.1: "If none of the proxies ... can be successfully serialized, ... IOException"
        assertThrows(IOException.class, () -> new RemoteDiscoveryEvent("lds", 1, 1, null, false,
                groups(new UnserializableRegistrar(1), new UnserializableRegistrar(2))));
    }

    @Test
    void proxiesThatCannotBeSerializedAreLeftOut() throws Exception {
        RemoteDiscoveryEvent e = new RemoteDiscoveryEvent("lds", 1, 1, null, false,
                groups(new UnserializableRegistrar(1), new StubRegistrar(2)));
        assertArrayEquals(new ServiceRegistrar[] {new StubRegistrar(2)}, e.getRegistrars());
        assertEquals(Set.of(new StubRegistrar(2).getServiceID()), e.getGroups().keySet());
    }

    @Test
    void getGroupsIsKeyedByServiceIDAndIsTheSameMapEachTime() throws Exception {
        // LD.4.2.1: map from ServiceID to String[] member groups; "the same Map object is returned"
        StubRegistrar a = new StubRegistrar(1);
        StubRegistrar b = new StubRegistrar(2);
        Map<ServiceRegistrar, String[]> in = groups(a, b);
        RemoteDiscoveryEvent e = new RemoteDiscoveryEvent("lds", 1, 1, null, false, in);
        Map<ServiceID, String[]> g = e.getGroups();
        assertSame(g, e.getGroups());
        assertEquals(Set.of(a.getServiceID(), b.getServiceID()), g.keySet());
        assertArrayEquals(in.get(a), g.get(a.getServiceID()));
        assertArrayEquals(in.get(b), g.get(b.getServiceID()));
    }

    @Test
    void getRegistrarsReturnsEveryProxyInANewArrayEachTime() throws Exception {
        // LD.4.2.1: "each invocation will return a new array"
        RemoteDiscoveryEvent e = new RemoteDiscoveryEvent("lds", 1, 1, null, false,
                groups(new StubRegistrar(1), new StubRegistrar(2), new StubRegistrar(3)));
        ServiceRegistrar[] first = e.getRegistrars();
        ServiceRegistrar[] second = e.getRegistrars();
        assertNotSame(first, second);
        assertEquals(Set.of(new StubRegistrar(1), new StubRegistrar(2), new StubRegistrar(3)),
                Set.copyOf(Arrays.asList(first)));
        assertArrayEquals(first, second);
    }

    @Test
    void proxiesAreMarshalledCopiesNotTheOriginals() throws Exception {
        // LD.4.2.1: the event holds marshalled instances; getRegistrars unmarshals them
        StubRegistrar original = new StubRegistrar(9);
        RemoteDiscoveryEvent e = new RemoteDiscoveryEvent("lds", 1, 1, null, false, groups(original));
        ServiceRegistrar r = e.getRegistrars()[0];
        assertEquals(original, r);
        assertNotSame(original, r);
    }

    @Test
    void unmarshallingHappensOnceAfterSuccess() throws Exception {
        // LD.4.2.1: after the first successful invocation no more unmarshalling attempts are made
        RemoteDiscoveryEvent e = new RemoteDiscoveryEvent("lds", 1, 1, null, false,
                groups(new TrackedRegistrar(1), new TrackedRegistrar(2)));
        assertEquals(0, TrackedRegistrar.READS.get());
        ServiceRegistrar[] first = e.getRegistrars();
        assertEquals(2, TrackedRegistrar.READS.get());
        ServiceRegistrar[] second = e.getRegistrars();
        assertEquals(2, TrackedRegistrar.READS.get());
        for (int i = 0; i < first.length; i++) {
            assertSame(first[i], second[i]);
        }
    }

    @Test
    void partialFailureThrowsLookupUnmarshalExceptionWithWhatCouldAndCouldNotBeUnmarshalled() throws Exception {
        // LD.4.2.1 / LD.4.3: failure to unmarshal any element -> LookupUnmarshalException
        RemoteDiscoveryEvent e = new RemoteDiscoveryEvent("lds", 1, 1, null, false,
                groups(new StubRegistrar(1), new TrackedRegistrar(2)));
        TrackedRegistrar.fail = true;
        LookupUnmarshalException x = assertThrows(LookupUnmarshalException.class, e::getRegistrars);
        assertArrayEquals(new ServiceRegistrar[] {new StubRegistrar(1)}, x.getRegistrars());
        assertEquals(1, x.getMarshalledRegistrars().length);
        assertEquals(1, x.getExceptions().length);
        assertInstanceOf(IOException.class, x.getExceptions()[0]);
        assertEquals("codebase unavailable", x.getExceptions()[0].getMessage());

        // A later call retries only the proxy that failed, and then returns both.
        TrackedRegistrar.fail = false;
        ServiceRegistrar[] all = e.getRegistrars();
        assertEquals(Set.of(new StubRegistrar(1), new TrackedRegistrar(2)), Set.copyOf(Arrays.asList(all)));
        assertEquals(1, TrackedRegistrar.READS.get());
        assertSame(x.getRegistrars()[0], all[0]);
    }

    @Test
    void serializedForm() throws Exception {
        // LD.4.2.2
        assertEquals(-9171289945014585248L, SerialTestSupport.uid(RemoteDiscoveryEvent.class));
        assertEquals(Map.of("discarded", "boolean", "marshalledRegs", ArrayList.class.getName(), "regs",
                "[L" + ServiceRegistrar.class.getName() + ";", "groups", Map.class.getName()),
                SerialTestSupport.serialFields(RemoteDiscoveryEvent.class));
    }

    @Test
    void eventSurvivesSerializationAndUnmarshalsAtTheReceiver() throws Exception {
        RemoteDiscoveryEvent sent = new RemoteDiscoveryEvent("lds", 3, 4, null, true,
                groups(new TrackedRegistrar(1), new StubRegistrar(2)));
        RemoteDiscoveryEvent received = SerialTestSupport.roundTrip(sent);
        assertEquals(0, TrackedRegistrar.READS.get()); // still marshalled: only the receiver's call unmarshals
        assertTrue(received.isDiscarded());
        assertEquals(3, received.getID());
        assertEquals(4, received.getSequenceNumber());
        assertEquals("lds", received.getSource());
        assertEquals(sent.getGroups().keySet(), received.getGroups().keySet());
        assertEquals(Set.of(new TrackedRegistrar(1), new StubRegistrar(2)),
                Set.copyOf(Arrays.asList(received.getRegistrars())));
        assertEquals(1, TrackedRegistrar.READS.get());
    }

    @Test
    void deserializationRejectsMissingState() throws Exception {
        RemoteDiscoveryEvent e = new RemoteDiscoveryEvent("lds", 1, 1, null, false, groups(new StubRegistrar(1)));
        e.groups = null;
        assertThrows(InvalidObjectException.class, () -> SerialTestSupport.roundTrip(e));
        RemoteDiscoveryEvent f = new RemoteDiscoveryEvent("lds", 1, 1, null, false, groups(new StubRegistrar(1)));
        f.regs = new ServiceRegistrar[0];
        assertThrows(InvalidObjectException.class, () -> SerialTestSupport.roundTrip(f));
    }
}
