package org.estuary.event.agent;

import static org.estuary.event.test.Events.event;
import static org.estuary.event.test.Events.forever;
import static org.estuary.event.test.Events.marshal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.ConnectException;
import java.rmi.MarshalledObject;
import java.rmi.RemoteException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.UnknownEventException;

import org.estuary.core.failure.Failure;
import org.estuary.core.time.ManualClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.DeliveryOutcome.Status;
import org.estuary.event.EventDelivery;
import org.estuary.event.EventKind;
import org.estuary.event.GoverningLease;
import org.estuary.event.test.Events.Outcomes;
import org.estuary.event.test.ScriptedListener;
import org.estuary.event.test.StepExecutor;
import org.junit.jupiter.api.Test;

class StoreAndForwardAgentTest {

    private static final EventKind KIND = EventKind.of("source-A", 1);

    private final ManualClock clock = new ManualClock(1_000_000L);
    private final DeliveryConfig config = DeliveryConfig.builder().threads(2).maxQueuedPerLane(5)
            .maxQueuedTotal(100).initialRetryDelayMillis(1_000).maxRetryDelayMillis(8_000).build();
    private final EventDelivery delivery = new EventDelivery(clock, Runnable::run, config);
    private final StoreAndForwardAgent agent = new StoreAndForwardAgent(delivery, 10);

    @Test
    void oneNotificationReachesEveryDestinationWithItsOwnHandback() throws Exception {
        // EV.3.1: the generator sends once; the agent forwards to all, holding each registrant's handback.
        ScriptedListener first = new ScriptedListener();
        ScriptedListener second = new ScriptedListener();
        ScriptedListener asSent = new ScriptedListener();
        agent.forward(KIND, first, marshal("h1"), forever(), new Outcomes());
        agent.forward(KIND, second, marshal("h2"), forever(), new Outcomes());
        agent.forward(KIND, asSent, null, forever(), new Outcomes());
        RemoteEvent sent = event("source-A", 1, 42, "generator's");
        agent.notify(sent);
        RemoteEvent toFirst = first.received().get(0);
        RemoteEvent toSecond = second.received().get(0);
        assertEquals("h1", toFirst.getRegistrationObject().get());
        assertEquals("h2", toSecond.getRegistrationObject().get());
        for (RemoteEvent forwarded : List.of(toFirst, toSecond)) {
            assertEquals("source-A", forwarded.getSource());
            assertEquals(1, forwarded.getID());
            assertEquals(42, forwarded.getSequenceNumber());
        }
        assertSame(sent, asSent.received().get(0), "no handback of its own: forwarded as sent");
    }

    @Test
    void theGeneratorReturnsAtOnceAndDeliveryHappensLater() throws Exception {
        // EV.3.1: "This notification can return immediately, with processing further happening inside the agent."
        StepExecutor executor = new StepExecutor();
        StoreAndForwardAgent async = new StoreAndForwardAgent(new EventDelivery(clock, executor, config), 10);
        ScriptedListener listener = new ScriptedListener();
        async.forward(KIND, listener, null, forever(), new Outcomes());
        async.notify(event(1, 1));
        assertEquals(0, listener.calls());
        executor.runAll();
        assertEquals(1, listener.calls());
    }

    @Test
    void anUnreachableDestinationIsRetriedWhileOthersAreServed() throws Exception {
        // EV.3.1: "try again at a preset or computed interval of time for some known period of time".
        ScriptedListener flaky = new ScriptedListener(clock::nanoTime).thenThrow(new ConnectException("down"));
        ScriptedListener healthy = new ScriptedListener();
        Outcomes flakyOutcomes = new Outcomes();
        agent.forward(KIND, flaky, null, forever(), flakyOutcomes);
        agent.forward(KIND, healthy, null, forever(), new Outcomes());
        agent.notify(event(1, 1));
        assertEquals(1, healthy.received().size());
        assertEquals(0, flaky.received().size());
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(1, flaky.received().size());
        assertEquals(Status.DELIVERED, flakyOutcomes.only().status());
        assertEquals(2, flakyOutcomes.only().attempts());
    }

    @Test
    void unknownEventExceptionEndsTheDestinationAndFinallyReachesTheGenerator() throws Exception {
        // EV.2.3.3 through EV.3.4 compositionality: the refusal travels back up the chain.
        ScriptedListener refusing = new ScriptedListener().thenThrow(new UnknownEventException("not mine"));
        Outcomes outcomes = new Outcomes();
        Forwarding forwarding = agent.forward(KIND, refusing, null, forever(), outcomes);
        agent.notify(event(1, 1));
        assertEquals(Status.UNKNOWN_EVENT, outcomes.only().status());
        assertSame(forwarding, outcomes.only().lane());
        assertFalse(forwarding.isActive());
        assertEquals(0, agent.size());
        assertThrows(UnknownEventException.class, () -> agent.notify(event(1, 2)));
    }

    @Test
    void eventsOfAKindNobodyForwardsAreRefused() throws Exception {
        // EV.2.3.3: an agent distinguishes the events it expects from those that should generate an exception.
        agent.forward(KIND, new ScriptedListener(), null, forever(), new Outcomes());
        assertThrows(UnknownEventException.class, () -> agent.notify(event(2, 1)));
        assertThrows(UnknownEventException.class, () -> agent.notify(event("other", 1, 1, null)));
    }

    @Test
    void aDestinationWhoseLeaseEndedIsDropped() throws Exception {
        // EV.2.1: registrations of interest are leased; an ended lease ends forwarding.
        ScriptedListener listener = new ScriptedListener();
        long end = clock.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Forwarding forwarding = agent.forward(KIND, listener, null, GoverningLease.until(end), new Outcomes());
        agent.notify(event(1, 1));
        clock.advance(10, TimeUnit.SECONDS);
        assertThrows(UnknownEventException.class, () -> agent.notify(event(1, 2)));
        assertFalse(forwarding.isActive());
        assertEquals(1, listener.calls());
    }

    @Test
    void aFullDestinationMissesTheEventAndAFullAgentAsksTheGeneratorToRetry() throws Exception {
        // ARCHITECTURE "Threads and bounds" + EV.3.1: bounded storage; an indefinite answer means "send later".
        StepExecutor executor = new StepExecutor(); // nothing is delivered: queues fill
        EventDelivery stalled = new EventDelivery(clock, executor,
                DeliveryConfig.builder().threads(1).maxQueuedPerLane(1).maxQueuedTotal(100).build());
        StoreAndForwardAgent bounded = new StoreAndForwardAgent(stalled, 10);
        Outcomes outcomes = new Outcomes();
        bounded.forward(KIND, new ScriptedListener(), null, forever(), outcomes);
        bounded.notify(event(1, 1));
        RemoteException full = assertThrows(RemoteException.class, () -> bounded.notify(event(1, 2)));
        assertEquals(Failure.INDEFINITE, Failure.of(full), "the generator retries, EV.3.1");
        assertTrue(full.getMessage().contains("maxQueuedPerLane=1"), full.getMessage());
        // what crosses to the generator is made of classes it has: the container's DeliveryRefusedException stays
        // behind, its message is carried in the RemoteException's own
        assertNull(full.getCause(), "no cause of the container's own classes: " + full.getCause());
        assertEquals(Status.REFUSED, outcomes.only().status());
        assertEquals(2, outcomes.only().event().getSequenceNumber());
    }

    @Test
    void theNumberOfDestinationsIsBounded() {
        // ARCHITECTURE "Threads and bounds": a full table gives a clear error.
        StoreAndForwardAgent small = new StoreAndForwardAgent(delivery, 1);
        small.forward(KIND, new ScriptedListener(), null, forever(), new Outcomes());
        IllegalStateException full = assertThrows(IllegalStateException.class,
                () -> small.forward(KIND, new ScriptedListener(), null, forever(), new Outcomes()));
        assertTrue(full.getMessage().contains("1 destinations"), full.getMessage());
    }

    static final class PriceEvent extends RemoteEvent {
        private static final long serialVersionUID = 1L;
        final double price;

        PriceEvent(Object source, long id, long seq, MarshalledObject<?> handback, double price) {
            super(source, id, seq, handback);
            this.price = price;
        }
    }

    @Test
    void subclassEventsNeedABinderToChangeTheirHandback() throws Exception {
        // EV.4.2 "without loss of information": the plain binder refuses rather than drop subclass state.
        ScriptedListener listener = new ScriptedListener();
        agent.forward(KIND, listener, marshal("h"), forever(), new Outcomes());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> agent.notify(new PriceEvent("source-A", 1, 1, null, 9.5)));
        assertTrue(refused.getMessage().contains("HandbackBinder"), refused.getMessage());
        assertEquals(0, listener.calls());

        StoreAndForwardAgent withBinder = new StoreAndForwardAgent(delivery, 10, (e, handback) -> new PriceEvent(
                e.getSource(), e.getID(), e.getSequenceNumber(), handback, ((PriceEvent) e).price));
        withBinder.forward(KIND, listener, marshal("h"), forever(), new Outcomes());
        withBinder.notify(new PriceEvent("source-A", 1, 1, null, 9.5));
        PriceEvent received = (PriceEvent) listener.received().get(0);
        assertEquals(9.5, received.price);
        assertEquals("h", received.getRegistrationObject().get());
    }

    @Test
    void cancellingAForwardingCancelsItsQueuedEvents() throws Exception {
        // EV.3.1: the owner ends a registration; nothing more is sent for it.
        StepExecutor executor = new StepExecutor();
        StoreAndForwardAgent async = new StoreAndForwardAgent(new EventDelivery(clock, executor, config), 10);
        ScriptedListener listener = new ScriptedListener();
        Outcomes outcomes = new Outcomes();
        Forwarding forwarding = async.forward(KIND, listener, null, forever(), outcomes);
        async.notify(event(1, 1));
        async.notify(event(1, 2));
        forwarding.cancel();
        forwarding.cancel();
        executor.runAll();
        assertEquals(0, listener.calls());
        assertEquals(2, outcomes.all().size());
        assertEquals(Status.CANCELLED, outcomes.all().get(0).status());
    }

    @Test
    void badInputIsRefused() {
        // Bad input: nulls and bounds.
        assertThrows(NullPointerException.class, () -> new StoreAndForwardAgent(null, 1));
        assertThrows(NullPointerException.class, () -> new StoreAndForwardAgent(delivery, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new StoreAndForwardAgent(delivery, 0));
        ScriptedListener l = new ScriptedListener();
        assertThrows(NullPointerException.class, () -> agent.forward(null, l, null, forever(), o -> { }));
        assertThrows(NullPointerException.class, () -> agent.forward(KIND, null, null, forever(), o -> { }));
        assertThrows(NullPointerException.class, () -> agent.forward(KIND, l, null, null, o -> { }));
        assertThrows(NullPointerException.class, () -> agent.forward(KIND, l, null, forever(), null));
        assertThrows(NullPointerException.class, () -> agent.notify(null));
        assertEquals(0, agent.size());
        assertNull(HandbackBinder.plain().bind(event(1, 1), null).getRegistrationObject());
    }
}
