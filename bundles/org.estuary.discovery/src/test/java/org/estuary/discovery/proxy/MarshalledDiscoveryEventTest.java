package org.estuary.discovery.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;
import net.jini.discovery.LookupUnmarshalException;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.estuary.remote.BackendRef;
import org.junit.jupiter.api.Test;

// LD.4.2: the events the service makes from marshalled proxies behave, after travelling, as the published
// constructor's do.
class MarshalledDiscoveryEventTest {

    /** Serializes, then refuses to come back, as a proxy whose codebase is down does. */
    private static final class Unreadable implements Serializable {
        private static final long serialVersionUID = 1L;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            throw new ClassNotFoundException("codebase down");
        }
    }

    private static RemoteDiscoveryEvent travel(RemoteDiscoveryEvent event) throws Exception {
        return read(written(event));
    }

    private static byte[] written(RemoteDiscoveryEvent event) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(event);
        }
        return bytes.toByteArray();
    }

    private static RemoteDiscoveryEvent read(byte[] bytes) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return (RemoteDiscoveryEvent) in.readObject();
        }
    }

    private static MarshalledDiscoveryEvent from(Object source, StubRegistrar registrar) throws IOException {
        return new MarshalledDiscoveryEvent(source, 7, 42, null, false, List.of(new MarshalledObject<>(registrar)),
                Map.of(registrar.getServiceID(), new String[] {"g1"}));
    }

    @Test
    void theServiceProxyAsSourceTravelsCompactAndComesBackEqualAndWorking() throws Exception {
        UUID service = UUID.randomUUID();
        List<String> calls = new ArrayList<>();
        DiscoveryBackend backend = (DiscoveryBackend) Proxy.newProxyInstance(
                DiscoveryBackend.class.getClassLoader(), new Class<?>[] {DiscoveryBackend.class}, (p, m, args) -> {
                    calls.add(m.getName());
                    return null;
                });
        LookupDiscoveryProxy source = new LookupDiscoveryProxy(service,
                BackendRef.local(service, DiscoveryBackend.class, backend).backend());
        try {
            byte[] bytes = written(from(source, new StubRegistrar(1, "g1")));
            String text = new String(bytes, StandardCharsets.ISO_8859_1);
            assertFalse(text.contains(BackendRef.class.getName()), "the source's backend reference is not written");
            assertFalse(text.contains(LookupDiscoveryProxy.class.getName()), "nor the proxy's class");

            // LD.3.2, EV.2.3.2: the listener's source is the service the registration was made with
            RemoteDiscoveryEvent event = read(bytes);
            LookupDiscoveryProxy read = assertInstanceOf(LookupDiscoveryProxy.class, event.getSource());
            assertEquals(source, read);
            assertEquals(service, read.serviceId());
            assertEquals(7, event.getID());
            assertArrayEquals(new ServiceRegistrar[] {new StubRegistrar(1, "g1")}, event.getRegistrars());
            read.register(null, null, e -> { }, null, 1);
            assertEquals(List.of("register"), calls, "the source read calls the service");
        } finally {
            BackendRef.release(service, backend);
        }
    }

    @Test
    void anEventWithTheSourceWrittenInFullIsStillRead() throws Exception {
        // a source proxy over a backend that is no backend reference's view is written as it is, the full form
        UUID service = UUID.randomUUID();
        LookupDiscoveryProxy source = new LookupDiscoveryProxy(service, (DiscoveryBackend) Proxy.newProxyInstance(
                DiscoveryBackend.class.getClassLoader(), new Class<?>[] {DiscoveryBackend.class}, new Refusing()));
        byte[] bytes = written(from(source, new StubRegistrar(1, "g1")));
        assertTrue(new String(bytes, StandardCharsets.ISO_8859_1).contains(LookupDiscoveryProxy.class.getName()));
        assertEquals(source, read(bytes).getSource());
    }

    /** A backend's handler that travels as itself and is never called. */
    private static final class Refusing implements java.lang.reflect.InvocationHandler, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public Object invoke(Object proxy, java.lang.reflect.Method method, Object[] args) {
            throw new AssertionError("not called");
        }
    }

    @Test
    void fieldsAndRegistrarsAsTheServiceGaveThem() throws Exception {
        StubRegistrar a = new StubRegistrar(1, "g1");
        StubRegistrar b = new StubRegistrar(2, "g2", "g3");
        MarshalledObject<String> handback = new MarshalledObject<>("hb");
        RemoteDiscoveryEvent event = travel(new MarshalledDiscoveryEvent("source", 7, 42, handback, true,
                List.of(new MarshalledObject<>(a), new MarshalledObject<>(b)),
                Map.of(a.getServiceID(), new String[] {"g1"}, b.getServiceID(), new String[] {"g2", "g3"})));
        assertEquals("source", event.getSource());
        assertEquals(7, event.getID());
        assertEquals(42, event.getSequenceNumber());
        assertEquals(handback, event.getRegistrationObject());
        assertTrue(event.isDiscarded());
        assertArrayEquals(new ServiceRegistrar[] {a, b}, event.getRegistrars());
        assertArrayEquals(new ServiceRegistrar[] {a, b}, event.getRegistrars(), "a second call returns them again");
        assertEquals(2, event.getGroups().size());
        assertArrayEquals(new String[] {"g2", "g3"}, event.getGroups().get(b.getServiceID()));
    }

    @Test
    void aProxyThatCannotBeUnmarshalledIsCarriedWithTheOthersAndRetriedLater() throws Exception {
        StubRegistrar a = new StubRegistrar(3);
        MarshalledObject<?> down = new MarshalledObject<>(new Unreadable());
        RemoteDiscoveryEvent event = travel(new MarshalledDiscoveryEvent("source", 1, 1, null, false,
                List.of(down, new MarshalledObject<>(a)), Map.of(a.getServiceID(), new String[0])));
        LookupUnmarshalException e = assertThrows(LookupUnmarshalException.class, event::getRegistrars);
        assertArrayEquals(new ServiceRegistrar[] {a}, e.getRegistrars());
        assertEquals(1, e.getMarshalledRegistrars().length);
        LookupUnmarshalException again = assertThrows(LookupUnmarshalException.class, event::getRegistrars);
        assertArrayEquals(new ServiceRegistrar[] {a}, again.getRegistrars());
    }

    @Test
    void aCopyForAnotherRegistrationHasItsIdNumberAndHandbackAndSharesNothingAListenerChanges() throws Exception {
        StubRegistrar a = new StubRegistrar(4, "g1");
        MarshalledDiscoveryEvent shared = new MarshalledDiscoveryEvent("source", 0, 0, null, false,
                List.of(new MarshalledObject<>(a)), Map.of(a.getServiceID(), new String[] {"g1"}));
        MarshalledObject<String> handback = new MarshalledObject<>("hb");
        MarshalledDiscoveryEvent first = shared.forRegistration(7, 42, handback);
        MarshalledDiscoveryEvent second = shared.forRegistration(8, 3, null);
        // LD.4.2: each registration's event carries its own event id, sequence number and handback
        assertEquals(7, first.getID());
        assertEquals(42, first.getSequenceNumber());
        assertEquals(handback, first.getRegistrationObject());
        assertEquals(8, second.getID());
        assertEquals(3, second.getSequenceNumber());
        assertEquals(null, second.getRegistrationObject());
        assertEquals("source", second.getSource());
        // a listener in this JVM that unmarshals or changes its event leaves the others as they were
        assertArrayEquals(new ServiceRegistrar[] {a}, first.getRegistrars());
        first.getGroups().get(a.getServiceID())[0] = "changed";
        first.getGroups().clear();
        assertArrayEquals(new String[] {"g1"}, second.getGroups().get(a.getServiceID()));
        RemoteDiscoveryEvent travelled = travel(second);
        assertEquals(8, travelled.getID());
        assertEquals(3, travelled.getSequenceNumber());
        assertArrayEquals(new ServiceRegistrar[] {a}, travelled.getRegistrars());
        assertArrayEquals(new String[] {"g1"}, travelled.getGroups().get(a.getServiceID()));
    }

    @Test
    void anEventNamesAtLeastOneLookupService() {
        assertThrows(IllegalArgumentException.class,
                () -> new MarshalledDiscoveryEvent("source", 1, 1, null, false, List.of(), Map.of()));
    }
}
