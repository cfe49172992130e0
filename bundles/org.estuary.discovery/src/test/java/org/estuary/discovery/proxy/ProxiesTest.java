package org.estuary.discovery.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;
import net.jini.discovery.LookupUnmarshalException;

import org.junit.jupiter.api.Test;

// LD.3.1 and LD.4.1.1: what the proxies answer without the backend, and what they ask it.
class ProxiesTest {

    private final UUID service = UUID.randomUUID();
    private final List<String> calls = new ArrayList<>();
    private Object answer;

    /** A backend that records each call and answers {@link #answer}. */
    private final DiscoveryBackend backend = (DiscoveryBackend) Proxy.newProxyInstance(
            DiscoveryBackend.class.getClassLoader(), new Class<?>[] {DiscoveryBackend.class}, (p, m, args) -> {
                calls.add(m.getName());
                return answer;
            });

    private final Lease lease = (Lease) Proxy.newProxyInstance(Lease.class.getClassLoader(),
            new Class<?>[] {Lease.class}, (p, m, args) -> {
                throw new AssertionError("the lease is not used");
            });

    private final RemoteEventListener listener = event -> { };

    private RegistrationProxy registration(long id) {
        return new RegistrationProxy(service, id, backend, new EventRegistration(9, "source", lease, 0));
    }

    @Test
    void getEventRegistrationAndGetLeaseAreLocalAndAgree() {
        RegistrationProxy r = registration(5);
        assertSame(lease, r.getLease());
        assertSame(lease, r.getEventRegistration().getLease());
        assertEquals(9, r.getEventRegistration().getID());
        assertEquals(List.of(), calls);
    }

    @Test
    void registerRefusesABadLeaseOrNoListenerWithoutARemoteCall() {
        LookupDiscoveryProxy proxy = new LookupDiscoveryProxy(service, backend);
        assertThrows(IllegalArgumentException.class, () -> proxy.register(null, null, listener, null, 0));
        assertThrows(IllegalArgumentException.class, () -> proxy.register(null, null, listener, null, -2));
        assertThrows(NullPointerException.class, () -> proxy.register(null, null, null, null, Lease.ANY));
        assertEquals(List.of(), calls);
    }

    @Test
    void registerPassesAnyForeverAndPositiveDurationsToTheBackend() throws Exception {
        LookupDiscoveryProxy proxy = new LookupDiscoveryProxy(service, backend);
        answer = registration(1);
        assertSame(answer, proxy.register(null, null, listener, null, Lease.ANY));
        assertSame(answer, proxy.register(new String[0], null, listener, null, Lease.FOREVER));
        assertSame(answer, proxy.register(null, null, listener, null, 1));
        assertEquals(List.of("register", "register", "register"), calls);
    }

    @Test
    void discardOfNullIsRefusedAndARegistrarIsNamedByItsId() throws Exception {
        RegistrationProxy r = registration(5);
        assertThrows(NullPointerException.class, () -> r.discard(null));
        assertEquals(List.of(), calls);
        r.discard(new StubRegistrar(4));
        assertEquals(List.of("discard"), calls);
    }

    @Test
    void getRegistrarsUnmarshalsEachElementOnItsOwn() throws Exception {
        StubRegistrar a = new StubRegistrar(1);
        answer = List.of(new MarshalledObject<>(a), new MarshalledObject<>("not a registrar"));
        LookupUnmarshalException e = assertThrows(LookupUnmarshalException.class, registration(5)::getRegistrars);
        assertArrayEquals(new ServiceRegistrar[] {a}, e.getRegistrars());
    }

    @Test
    void equalityIsServiceAndRegistration() {
        assertEquals(registration(5), registration(5));
        assertEquals(registration(5).hashCode(), registration(5).hashCode());
        assertNotEquals(registration(5), registration(6));
        assertEquals(new LookupDiscoveryProxy(service, backend), new LookupDiscoveryProxy(service, backend));
        assertNotEquals(new LookupDiscoveryProxy(service, backend),
                new LookupDiscoveryProxy(UUID.randomUUID(), backend));
    }
}
