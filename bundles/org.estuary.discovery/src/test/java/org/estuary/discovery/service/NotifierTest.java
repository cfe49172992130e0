package org.estuary.discovery.service;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.rmi.ConnectException;
import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.estuary.core.time.ManualClock;
import org.estuary.discovery.tracking.Interest;
import org.estuary.discovery.tracking.Registrar;
import org.estuary.discovery.tracking.Registrations;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.event.GoverningLease;
import org.estuary.event.HighWaterMark;
import org.estuary.event.SequenceNumbers;
import org.estuary.io.Marshallers;
import org.junit.jupiter.api.Test;

// LD.3.2 and LD.4.2: how a registration's events are numbered and what its listener's answers do.
class NotifierTest {

    /** Answers each notify with the next scripted failure, then accepts. */
    static final class Listener implements RemoteEventListener, Serializable {
        private static final long serialVersionUID = 1L;
        final transient Deque<Exception> script = new ArrayDeque<>();
        final transient List<RemoteDiscoveryEvent> received = new ArrayList<>();

        @Override
        public void notify(RemoteEvent event) throws UnknownEventException, RemoteException {
            Exception next = script.poll();
            if (next instanceof UnknownEventException u) {
                throw u;
            }
            if (next instanceof RemoteException r) {
                throw r;
            }
            received.add((RemoteDiscoveryEvent) event);
        }
    }

    private final ManualClock clock = new ManualClock(1_000_000L);
    private final EventDelivery delivery = new EventDelivery(clock, Runnable::run, DeliveryConfig.builder()
            .threads(1).maxQueuedPerLane(2).maxQueuedTotal(10).initialRetryDelayMillis(1_000)
            .maxRetryDelayMillis(1_000).build());
    private final List<String> ended = new ArrayList<>();
    private final DiscoveryMetrics metrics = new DiscoveryMetrics();
    private final Notifier notifier = new Notifier(delivery, new SequenceNumbers(HighWaterMark.inMemory(), 10, 100),
            (id, reason) -> ended.add(id + ": " + reason), metrics);
    private final StubRegistrar stub = new StubRegistrar(1, "g");

    private Registration registration(long id, Listener listener) throws Exception {
        return new Registration(id, Long.MAX_VALUE, Interest.register(null, null),
                Marshallers.defaults().marshalled(listener), null);
    }

    private Registrations.Notice<Long> notice(long id, boolean discarded) throws Exception {
        return notice(id, discarded, stub);
    }

    private static Registrations.Notice<Long> notice(long id, boolean discarded, StubRegistrar... stubs)
            throws Exception {
        List<Registrar> registrars = new ArrayList<>();
        for (StubRegistrar s : stubs) {
            registrars.add(new Registrar(s.getServiceID(), new MarshalledObject<>(s), List.of("g"), null));
        }
        return new Registrations.Notice<>(id, registrars, discarded);
    }

    /** A listener whose first delivery fails once, so what is decided meanwhile waits behind it. */
    private static Listener busyOnce() {
        Listener l = new Listener();
        l.script.add(new ConnectException("refused"));
        return l;
    }

    @Test
    void eachRegistrationsEventsAreNumberedStrictlyIncreasingInDecisionOrder() throws Exception {
        Listener a = new Listener();
        Listener b = new Listener();
        Registration ra = registration(1, a);
        Registration rb = registration(2, b);
        notifier.send("source", ra, a, GoverningLease.forever(), notice(1, false));
        notifier.send("source", rb, b, GoverningLease.forever(), notice(2, false));
        notifier.send("source", ra, a, GoverningLease.forever(), notice(1, true));
        assertEquals(2, a.received.size());
        assertTrue(a.received.get(0).getSequenceNumber() < a.received.get(1).getSequenceNumber());
        assertFalse(a.received.get(0).isDiscarded());
        assertTrue(a.received.get(1).isDiscarded());
        assertArrayEquals(new ServiceRegistrar[] {stub}, a.received.get(1).getRegistrars());
        assertEquals(1, b.received.size());
        assertEquals(a.received.get(1).getSequenceNumber(), notifier.current("source", 1));
        assertEquals(List.of(), ended);
    }

    @Test
    void unknownEventExceptionEndsTheRegistration() throws Exception {
        Listener a = new Listener();
        a.script.add(new UnknownEventException("not wanted"));
        notifier.send("source", registration(1, a), a, GoverningLease.forever(), notice(1, false));
        assertEquals(1, ended.size());
        assertTrue(ended.get(0).startsWith("1: ") && ended.get(0).contains("UnknownEventException"), ended.get(0));
    }

    @Test
    void aDefiniteFailureEndsTheRegistration() throws Exception {
        Listener a = new Listener();
        a.script.add(new NoSuchObjectException("listener unexported"));
        notifier.send("source", registration(1, a), a, GoverningLease.forever(), notice(1, false));
        assertEquals(1, ended.size());
        assertTrue(ended.get(0).startsWith("1: "), ended.get(0));
    }

    @Test
    void anIndefiniteFailureIsRetriedAndTheOtherRegistrationsAreNotHeldUp() throws Exception {
        Listener slow = new Listener();
        slow.script.add(new ConnectException("refused"));
        Listener other = new Listener();
        notifier.send("source", registration(1, slow), slow, GoverningLease.forever(), notice(1, false));
        notifier.send("source", registration(2, other), other, GoverningLease.forever(), notice(2, false));
        assertEquals(1, other.received.size());
        assertEquals(0, slow.received.size());
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(1, slow.received.size());
        assertEquals(List.of(), ended);
    }

    @Test
    void anEventBeyondTheRegistrationsQueueIsDroppedLeavingAGap() throws Exception {
        Listener slow = new Listener();
        for (int i = 0; i < 5; i++) {
            slow.script.add(new ConnectException("refused"));
        }
        Registration r = registration(1, slow);
        for (int i = 0; i < 4; i++) {
            notifier.send("source", r, slow, GoverningLease.forever(), notice(1, i % 2 == 1));
        }
        slow.script.clear();
        for (int i = 0; i < 10 && delivery.queued(1L) > 0; i++) {
            clock.advance(1, TimeUnit.SECONDS);
        }
        int kept = slow.received.size();
        assertTrue(kept < 4, "the queue bound dropped an event: " + kept + " of 4 arrived");
        notifier.send("source", r, slow, GoverningLease.forever(), notice(1, false));
        assertEquals(kept + 1, slow.received.size());
        long before = slow.received.get(kept - 1).getSequenceNumber();
        assertTrue(slow.received.get(kept).getSequenceNumber() > before + 1,
                "the listener sees a gap where the dropped event was (LD.4.1.1 getRegistrars resynchronizes)");
        assertEquals(List.of(), ended);
    }

    @Test
    // LD.4.2: an event names one or more lookup services: those decided while the registration's event is in
    // delivery go together in its next event, each named once, numbered after the one before
    void lookupServicesDecidedWhileAnEventIsInDeliveryGoTogetherInTheNextEvent() throws Exception {
        StubRegistrar two = new StubRegistrar(2, "g");
        StubRegistrar three = new StubRegistrar(3, "g");
        Listener busy = busyOnce();
        Registration r = registration(1, busy);
        notifier.send("source", r, busy, GoverningLease.forever(), notice(1, false));
        notifier.send("source", r, busy, GoverningLease.forever(), notice(1, false, two));
        notifier.send("source", r, busy, GoverningLease.forever(), notice(1, false, three, two));
        assertEquals(0, busy.received.size(), "the first event waits for its retry");
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(2, busy.received.size());
        assertArrayEquals(new ServiceRegistrar[] {stub}, busy.received.get(0).getRegistrars());
        assertArrayEquals(new ServiceRegistrar[] {two, three}, busy.received.get(1).getRegistrars());
        assertEquals(Set.of(two.getServiceID(), three.getServiceID()), busy.received.get(1).getGroups().keySet());
        assertEquals(busy.received.get(0).getSequenceNumber() + 1, busy.received.get(1).getSequenceNumber());
        assertEquals(2L, metrics.snapshot().get("events.discovered"));
        assertEquals(0L, metrics.snapshot().get("events.dropped"));
    }

    @Test
    // LD.3.2, LD.4.2: a discard waits behind the discoveries decided before it and merges with none of them, so
    // the listener hears of a lookup service's discard before its rediscovery
    void noticesOfTheOtherKindWaitBehindInDecisionOrder() throws Exception {
        StubRegistrar two = new StubRegistrar(2, "g");
        Listener busy = busyOnce();
        Registration r = registration(1, busy);
        Notifier roomy = new Notifier(new EventDelivery(clock, Runnable::run, DeliveryConfig.builder().threads(1)
                .maxQueuedPerLane(4).maxQueuedTotal(10).initialRetryDelayMillis(1_000).maxRetryDelayMillis(1_000)
                .build()), new SequenceNumbers(HighWaterMark.inMemory(), 10, 100), (id, reason) -> { }, metrics);
        roomy.send("source", r, busy, GoverningLease.forever(), notice(1, false));
        roomy.send("source", r, busy, GoverningLease.forever(), notice(1, false, two));
        roomy.send("source", r, busy, GoverningLease.forever(), notice(1, true, two));
        roomy.send("source", r, busy, GoverningLease.forever(), notice(1, true, stub));
        roomy.send("source", r, busy, GoverningLease.forever(), notice(1, false, two));
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(4, busy.received.size());
        List<Map.Entry<Boolean, Set<ServiceID>>> seen = new ArrayList<>();
        for (int i = 0; i < busy.received.size(); i++) {
            RemoteDiscoveryEvent e = busy.received.get(i);
            seen.add(Map.entry(e.isDiscarded(), Set.copyOf(e.getGroups().keySet())));
            if (i > 0) {
                assertTrue(e.getSequenceNumber() > busy.received.get(i - 1).getSequenceNumber());
            }
        }
        assertEquals(List.of(Map.entry(false, Set.of(stub.getServiceID())), Map.entry(false, Set.of(two
                .getServiceID())), Map.entry(true, Set.of(two.getServiceID(), stub.getServiceID())), Map.entry(false,
                        Set.of(two.getServiceID()))), seen);
    }

    @Test
    // LD.3.2: the listener's UnknownEventException ends the registration: what waits behind is not sent
    void whatWaitsIsNotSentOnceTheListenerRefuses() throws Exception {
        Listener refusing = new Listener();
        refusing.script.add(new ConnectException("refused"));
        refusing.script.add(new UnknownEventException("not wanted"));
        Registration r = registration(1, refusing);
        notifier.send("source", r, refusing, GoverningLease.forever(), notice(1, false));
        notifier.send("source", r, refusing, GoverningLease.forever(), notice(1, false, new StubRegistrar(2, "g")));
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(1, ended.size());
        assertEquals(0, refusing.received.size());
        clock.advance(10, TimeUnit.SECONDS);
        assertEquals(0, refusing.received.size());
        assertEquals(0, delivery.queued());
    }
}
