package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.net.InetAddress;
import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lookup.ServiceID;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.LookupDiscoveryService;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.ManualClock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.net.LookupServiceEndpoint;
import org.estuary.store.api.testing.LoopbackPorts;
import org.junit.AfterClass;
import org.junit.ClassRule;
import org.junit.Test;

import com.example.lookup.ExampleRegistrar;

/**
 * Durability of the lookup discovery service of the distribution (feature estuary-discovery, part of estuary), on
 * its default embedded store, used from this JVM through org.estuary.client: its registrations, with their groups
 * and locators as last changed, and their cancellations, survive bundle:update of the discovery bundle while a
 * client keeps calling, an orderly restart and a container killed with SIGKILL; the proxies handed out before keep
 * working (LD.3.1: a registration persists until its lease ends). A registration seeking a scripted lookup service
 * of this JVM by locator (its proxy class, {@link ExampleRegistrar}, installed in the container as a bundle) hears of
 * it again after each, with sequence numbers that keep increasing (LD.4.2).
 */
public class DiscoveryDurabilityIT {

    private static final long HOUR = 3_600_000L;
    private static final String REGISTRAR_CLASSES = "com.example.lookup.*";

    @ClassRule
    public static final DistributionRule KARAF = DistributionRule.allowing(LookupDiscoveryService.class,
            REGISTRAR_CLASSES, karaf -> karaf.installBundleOf(ExampleRegistrar.class));

    /** The scripted lookup service, answering unicast discovery on 127.0.0.1. */
    private static LookupServiceEndpoint lookup;

    @AfterClass
    public static void stop() {
        if (lookup != null) {
            lookup.close();
        }
    }

    /** The registrations made before the update, restart and crash, as their clients hold them. */
    private record Made(LookupDiscoveryRegistration kept, LookupDiscoveryRegistration changed,
            LookupDiscoveryRegistration cancelled, LookupLocator nowhere) {
    }

    /** The events of the registration that seeks the scripted lookup service, and the greatest number so far. */
    private static final class Heard {
        final BlockingQueue<RemoteDiscoveryEvent> events = new LinkedBlockingQueue<>();
        final ServiceID lookup;
        long last = Long.MIN_VALUE;

        Heard(ServiceID lookup) {
            this.lookup = lookup;
        }

        /** LD.4.2: the next event discovers the lookup service with a number above every one before it. */
        void discoveredAgain(String after) throws Exception {
            RemoteDiscoveryEvent event = events.poll(60, TimeUnit.SECONDS);
            assertNotNull("a discovered event within 60 s " + after, event);
            assertFalse(after + ": " + event, event.isDiscarded());
            assertEquals(Set.of(lookup), event.getGroups().keySet());
            assertTrue(after + ": sequence number " + event.getSequenceNumber() + " > " + last,
                    event.getSequenceNumber() > last);
            last = event.getSequenceNumber();
        }
    }

    @Test
    public void registrationsSurviveBundleUpdateRestartAndKill() throws Exception {
        EstuaryClient client = KARAF.client();
        LookupDiscoveryService lds = client.lookup(LookupDiscoveryService.class);
        RemoteEventListener listener = client.exportListener(event -> { });
        ExampleRegistrar scripted = new ExampleRegistrar(0x42, "it-scripted");
        Heard heard = new Heard(scripted.getServiceID());
        RemoteEventListener hearing = client.exportListener(event -> heard.events.add((RemoteDiscoveryEvent) event));
        lookup = new LookupServiceEndpoint(DiscoverySettings.defaults(), new ManualClock(0),
                scripted.getServiceID(), new MarshalledObject<>(scripted), List.of(scripted.getGroups()),
                InetAddress.getLoopbackAddress(), 0, false);
        lds.register(new String[0], new LookupLocator[] {lookup.locator()}, hearing, null, HOUR);
        heard.discoveredAgain("after register");
        LookupLocator nowhere = new LookupLocator("127.0.0.1", LoopbackPorts.free()); // sought, never answers
        Made made = new Made(
                lds.register(new String[] {"it-a", "it-b"}, new LookupLocator[] {nowhere}, listener, null, HOUR),
                lds.register(new String[0], null, listener, null, HOUR),
                lds.register(new String[0], null, listener, null, HOUR), nowhere);
        made.changed().addGroups(new String[] {"it-c"}); // LD.4.1.1: acknowledged, so durable
        made.cancelled().getLease().cancel();
        assertKept(made);
        String registrations = KARAF.get().ssh("estuary:discovery-registrations");
        assertTrue(registrations, registrations.contains("3 registrations"));

        bundleUpdateUnderCalls(made);
        assertKept(made);
        heard.discoveredAgain("after bundle:update");

        KARAF.restart();
        assertKept(made);
        heard.discoveredAgain("after a restart");

        KARAF.crashAndRestart();
        assertKept(made);
        heard.discoveredAgain("after kill -9");
        made.kept().getLease().renew(HOUR); // the lease came back with its registration
        client.unexport(listener);
        client.unexport(hearing);
    }

    /** bundle:update while a client keeps reading a registration: only indefinite failures, never a wrong answer. */
    private static void bundleUpdateUnderCalls(Made made) throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger answered = new AtomicInteger();
        AtomicReference<Throwable> wrong = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120); // bounded in time and count
            for (int i = 0; i < 1_000_000 && running.get() && System.nanoTime() < end; i++) {
                try {
                    if (!Set.of(made.kept().getGroups()).equals(Set.of("it-a", "it-b"))) {
                        wrong.compareAndSet(null, new AssertionError("groups changed"));
                        return;
                    }
                    answered.incrementAndGet();
                } catch (NoSuchObjectException e) {
                    wrong.compareAndSet(null, e); // LD.4.1: only once the lease has ended
                    return;
                } catch (RemoteException retryable) {
                    // US.2.6: a call caught mid-swap fails indefinitely
                }
            }
        }, "it-discovery-calls");
        caller.start();
        KARAF.get().await("calls answered before the update", Duration.ofSeconds(30), () -> answered.get() >= 20);
        KARAF.get().updateBundle("org.estuary.discovery", "Estuary lookup discovery service active");
        int before = answered.get();
        KARAF.get().await("calls answered again after the update", Duration.ofSeconds(60),
                () -> answered.get() >= before + 20 || wrong.get() != null);
        running.set(false);
        caller.join(30_000);
        if (wrong.get() != null) {
            throw new AssertionError("a call during the update got a wrong answer, not an indefinite failure",
                    wrong.get());
        }
    }

    /** The registrations as they were acknowledged, read through the proxies handed out before. */
    private static void assertKept(Made made) throws Exception {
        KARAF.get().await("the registrations answer", Duration.ofSeconds(60), () -> {
            try {
                made.kept().getGroups();
                return true;
            } catch (RemoteException notYet) {
                return false;
            }
        });
        assertEquals(Set.of("it-a", "it-b"), Set.of(made.kept().getGroups()));
        assertEquals(List.of(made.nowhere()), List.of(made.kept().getLocators()));
        assertEquals(Set.of("it-c"), Set.of(made.changed().getGroups()));
        try {
            made.cancelled().getGroups();
            fail("LD.4.1: a cancelled registration answers NoSuchObjectException");
        } catch (NoSuchObjectException expected) {
            // stays cancelled
        }
    }
}
