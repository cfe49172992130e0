package org.estuary.discovery.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;
import net.jini.core.lease.Lease;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.LookupDiscoveryService;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.net.LookupServiceEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.example.lookup.ExampleRegistrar;

/**
 * The LD conformance suite: talks to the lookup discovery service only through {@code net.jini.discovery} and
 * {@code net.jini.core.*}; scripted lookup services ({@link LookupServiceEndpoint}) in this JVM answer unicast
 * discovery on 127.0.0.1 with proxies of a class Estuary does not know ({@link ExampleRegistrar}, package
 * {@code com.example.lookup}) and are sought by locator. A subclass supplies the service (configured with
 * {@code max.groups.per.registration} = {@value #MAX_GROUPS}), its restart, the passing of time and how its listeners
 * reach the service.
 *
 * <p>A run against another JVM on real time overrides {@link #export} (the service calls the listeners back over
 * RMI) and {@link #requiresManualClock} (tests that need the clock to jump are skipped; the in-JVM runs cover them on
 * every store).
 */
public abstract class LookupDiscoveryConformance {

    /** The service's bound on the groups of one registration. */
    public static final int MAX_GROUPS = 4;

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final DiscoverySettings NETWORK = DiscoverySettings.defaults();

    /** Collects events; answers UnknownEventException when told to. */
    static final class Listener implements RemoteEventListener, Serializable {
        private static final long serialVersionUID = 1L;
        final transient BlockingQueue<RemoteDiscoveryEvent> events = new LinkedBlockingQueue<>();
        transient volatile boolean unknown;

        @Override
        public void notify(RemoteEvent event) throws UnknownEventException {
            if (unknown) {
                throw new UnknownEventException("not wanted");
            }
            events.add((RemoteDiscoveryEvent) event);
        }

        RemoteDiscoveryEvent next() throws InterruptedException {
            RemoteDiscoveryEvent e = events.poll(20, TimeUnit.SECONDS);
            assertNotNull(e, "an event within 20 s");
            return e;
        }
    }

    /**
     * Plays a remote listener across a restart: the service reads back a copy from its record, which reaches the
     * same queue through its name, as a stub reaches the same remote object.
     */
    static final class NamedListener implements RemoteEventListener, Serializable {
        private static final long serialVersionUID = 1L;
        static final java.util.Map<String, BlockingQueue<RemoteDiscoveryEvent>> QUEUES =
                new java.util.concurrent.ConcurrentHashMap<>();
        private final String name;

        NamedListener(String name) {
            this.name = name;
            QUEUES.put(name, new LinkedBlockingQueue<>());
        }

        @Override
        public void notify(RemoteEvent event) {
            QUEUES.get(name).add((RemoteDiscoveryEvent) event);
        }

        RemoteDiscoveryEvent next() throws InterruptedException {
            RemoteDiscoveryEvent e = QUEUES.get(name).poll(20, TimeUnit.SECONDS);
            assertNotNull(e, "an event within 20 s");
            return e;
        }
    }

    /** Collects events; holds the first one in {@code notify} until {@link #release}, as a busy listener would. */
    static final class HoldingListener implements RemoteEventListener, Serializable {
        private static final long serialVersionUID = 1L;
        final transient BlockingQueue<RemoteDiscoveryEvent> events = new LinkedBlockingQueue<>();
        final transient CountDownLatch held = new CountDownLatch(1);
        private final transient CountDownLatch released = new CountDownLatch(1);

        @Override
        public void notify(RemoteEvent event) {
            events.add((RemoteDiscoveryEvent) event);
            held.countDown();
            try {
                released.await(20, TimeUnit.SECONDS); // bounded: a test that never releases fails on its own
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void release() {
            released.countDown();
        }

        RemoteDiscoveryEvent next() throws InterruptedException {
            RemoteDiscoveryEvent e = events.poll(20, TimeUnit.SECONDS);
            assertNotNull(e, "an event within 20 s");
            return e;
        }
    }

    private final List<AutoCloseable> open = new ArrayList<>();

    /** The service under test, its first start (a fresh store per test). */
    protected abstract LookupDiscoveryService service() throws Exception;

    /** Restarts the service on the same store and returns its proxy. */
    protected abstract LookupDiscoveryService restart() throws Exception;

    /** Lets {@code millis} pass and the service act on what fell due. */
    protected abstract void advance(long millis) throws Exception;

    /** What the service is handed for {@code listener}: the listener itself in this JVM, a stub of it remotely. */
    protected RemoteEventListener export(RemoteEventListener listener) throws Exception {
        return listener;
    }

    /** Declares that the test can show what it checks only with the manual clock, for the reason given. */
    protected void requiresManualClock(String why) {
        // the manual clock: always
    }

    /** A condition that holds once the service acted. */
    @FunctionalInterface
    protected interface Condition {
        boolean holds() throws Exception;
    }

    /** Waits, at most 20 s, for what discovery's and delivery's threads do. */
    protected static void eventually(String what, Condition condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.holds()) {
            assertTrue(System.nanoTime() < deadline, what);
            Thread.sleep(20);
        }
    }

    @AfterEach
    void closeLookupServices() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private LookupServiceEndpoint lookup(long id, String... groups) throws IOException {
        ExampleRegistrar registrar = new ExampleRegistrar(id, groups);
        LookupServiceEndpoint e = new LookupServiceEndpoint(NETWORK, new org.estuary.core.time.ManualClock(0), registrar.getServiceID(),
                new MarshalledObject<>(registrar), List.of(groups), LOOPBACK, 0, false);
        open.add(e);
        return e;
    }

    @Test
    // LD.3.1, LD.3.2, LD.4.1.1, LD.4.2
    void aRegistrationHearsOfItsLookupServicesAndItsStateIsAsked() throws Exception {
        LookupServiceEndpoint a = lookup(1, "public");
        LookupDiscoveryService lds = service();
        Listener listener = new Listener();
        MarshalledObject<String> handback = new MarshalledObject<>("hb");
        LookupDiscoveryRegistration r = lds.register(new String[0], new LookupLocator[] {a.locator()},
                export(listener), handback, 30_000);
        // LD.3.2: a discovered event naming the lookup service, with the registration's id and handback
        RemoteDiscoveryEvent first = listener.next();
        assertFalse(first.isDiscarded());
        assertEquals(r.getEventRegistration().getID(), first.getID());
        assertEquals(handback, first.getRegistrationObject());
        assertEquals(lds, first.getSource());
        assertArrayEquals(new ServiceRegistrar[] {new ExampleRegistrar(1)}, first.getRegistrars());
        assertArrayEquals(new String[] {"public"}, first.getGroups().get(a.serviceId()));
        // LD.4.1.1 accessors
        assertEquals(r.getLease(), r.getEventRegistration().getLease());
        assertArrayEquals(new ServiceRegistrar[] {new ExampleRegistrar(1)}, r.getRegistrars());
        assertArrayEquals(new String[0], r.getGroups());
        assertArrayEquals(new LookupLocator[] {a.locator()}, r.getLocators());
        // LD.4.1.1: removing the locator discards, with a greater sequence number
        r.removeLocators(new LookupLocator[] {a.locator()});
        RemoteDiscoveryEvent discarded = listener.next();
        assertTrue(discarded.isDiscarded());
        assertTrue(discarded.getSequenceNumber() > first.getSequenceNumber());
        assertArrayEquals(new ServiceRegistrar[0], r.getRegistrars());
    }

    // LD.4.2: an event names "one or more" lookup services: those discovered while the registration's listener is
    // busy with its last event reach it together in the next one, each named once, numbered after it
    @Test
    public void lookupServicesDiscoveredWhileTheListenerIsBusyArriveInOneEvent() throws Exception {
        LookupServiceEndpoint a = lookup(4, "public");
        LookupServiceEndpoint b = lookup(5, "public");
        LookupServiceEndpoint c = lookup(6, "public");
        LookupDiscoveryService lds = service();
        HoldingListener listener = new HoldingListener();
        LookupDiscoveryRegistration r = lds.register(new String[0], new LookupLocator[] {a.locator()},
                export(listener), null, Lease.FOREVER);
        try {
            assertTrue(listener.held.await(20, TimeUnit.SECONDS), "the first event within 20 s");
            r.addLocators(new LookupLocator[] {b.locator(), c.locator()});
            eventually("b and c discovered for the registration", () -> r.getRegistrars().length == 3);
        } finally {
            listener.release();
        }
        RemoteDiscoveryEvent first = listener.next();
        assertArrayEquals(new ServiceRegistrar[] {new ExampleRegistrar(4)}, first.getRegistrars());
        RemoteDiscoveryEvent together = listener.next();
        assertFalse(together.isDiscarded());
        assertEquals(Set.of(b.serviceId(), c.serviceId()), together.getGroups().keySet());
        assertEquals(Set.of(new ExampleRegistrar(5), new ExampleRegistrar(6)),
                Set.of(together.getRegistrars()));
        assertTrue(together.getSequenceNumber() > first.getSequenceNumber());
        // no event of its own for b or c came between: the next one is the discard that follows
        r.removeLocators(new LookupLocator[] {a.locator()});
        RemoteDiscoveryEvent discarded = listener.next();
        assertTrue(discarded.isDiscarded());
        assertEquals(Set.of(a.serviceId()), discarded.getGroups().keySet());
        assertTrue(discarded.getSequenceNumber() > together.getSequenceNumber());
    }

    // LD.3.1, LD.4.1.1: the argument rules
    @Test
    public void refusedArgumentsChangeNothing() throws Exception {
        LookupDiscoveryService lds = service();
        RemoteEventListener listener = export(new Listener());
        // LD.3.1
        assertThrows(NullPointerException.class, () -> lds.register(new String[] {null}, null, listener, null,
                Lease.ANY));
        assertThrows(NullPointerException.class, () -> lds.register(null, new LookupLocator[] {null}, listener,
                null, Lease.ANY));
        assertThrows(NullPointerException.class, () -> lds.register(null, null, null, null, Lease.ANY));
        assertThrows(IllegalArgumentException.class, () -> lds.register(null, null, listener, null, 0));
        String[] tooMany = new String[MAX_GROUPS + 1];
        for (int i = 0; i < tooMany.length; i++) {
            tooMany[i] = "g" + i;
        }
        assertThrows(IllegalArgumentException.class, () -> lds.register(tooMany, null, listener, null, Lease.ANY),
                "beyond max.groups.per.registration");
        // LD.4.1.1: every group: addGroups and removeGroups are unsupported
        LookupDiscoveryRegistration r = lds.register(null, null, listener, null, Lease.FOREVER);
        assertNull(r.getGroups());
        assertThrows(UnsupportedOperationException.class, () -> r.addGroups(new String[] {"x"}));
        assertThrows(UnsupportedOperationException.class, () -> r.removeGroups(new String[] {"x"}));
        assertThrows(NullPointerException.class, () -> r.setGroups(new String[] {"x", null}));
        assertNull(r.getGroups());
        r.setGroups(new String[] {"x", "x"});
        assertArrayEquals(new String[] {"x"}, r.getGroups(), "duplicates removed");
    }

    // LD.4.1: NoSuchObjectException once the registration's lease was cancelled
    @Test
    public void onceTheLeaseIsCancelledTheRegistrationAnswersNoSuchObjectException() throws Exception {
        LookupDiscoveryService lds = service();
        LookupDiscoveryRegistration cancelled = lds.register(null, null, export(new Listener()), null, 30_000);
        cancelled.getLease().cancel();
        assertThrows(NoSuchObjectException.class, cancelled::getGroups);
        assertThrows(NoSuchObjectException.class, () -> cancelled.addLocators(new LookupLocator[0]));
        assertThrows(NoSuchObjectException.class, cancelled::getRegistrars);
    }

    // LD.4.1: NoSuchObjectException once the registration's lease has expired
    @Test
    public void onceTheLeaseExpiresTheRegistrationAnswersNoSuchObjectException() throws Exception {
        requiresManualClock("the lease must expire without waiting for it");
        LookupDiscoveryService lds = service();
        LookupDiscoveryRegistration expired = lds.register(null, null, export(new Listener()), null, 30_000);
        advance(31_000);
        assertThrows(NoSuchObjectException.class, expired::getRegistrars);
    }

    // LD.3.1: a registration persists until its lease ends; LD.4.2: sequence numbers keep increasing
    @Test
    public void registrationsAndTheirSequenceNumbersSurviveARestart() throws Exception {
        LookupServiceEndpoint a = lookup(2);
        LookupDiscoveryService lds = service();
        NamedListener listener = new NamedListener("restart");
        LookupDiscoveryRegistration r = lds.register(new String[0], new LookupLocator[] {a.locator()},
                export(listener), null, Lease.FOREVER);
        long before = listener.next().getSequenceNumber();

        LookupDiscoveryService again = restart();
        assertEquals(lds, again, "the service keeps its identity");
        assertArrayEquals(new LookupLocator[] {a.locator()}, r.getLocators(), "the old proxy still works");
        RemoteDiscoveryEvent rediscovered = listener.next();
        assertFalse(rediscovered.isDiscarded());
        assertTrue(rediscovered.getSequenceNumber() > before, rediscovered.getSequenceNumber() + " > " + before);
    }

    // LD.3.2: UnknownEventException cancels the registration
    @Test
    public void unknownEventExceptionCancelsTheRegistration() throws Exception {
        LookupServiceEndpoint a = lookup(3);
        LookupDiscoveryService lds = service();
        Listener listener = new Listener();
        listener.unknown = true;
        LookupDiscoveryRegistration r = lds.register(new String[0], new LookupLocator[] {a.locator()},
                export(listener), null, Lease.FOREVER);
        // LD.3.2: the listener's UnknownEventException cancels the registration
        eventually("the registration is cancelled", () -> {
            try {
                r.getGroups();
                return false;
            } catch (NoSuchObjectException gone) {
                return true;
            }
        });
    }
}
