package org.estuary.event.agent;

import static org.estuary.event.test.Events.event;
import static org.estuary.event.test.Events.forever;
import static org.estuary.event.test.Events.marshal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.UnknownEventException;

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

class DemultiplexingFilterTest {

    private static final EventKind A = EventKind.of("source-A", 1);
    private static final EventKind B = EventKind.of("source-A", 2);
    private static final EventKind C = EventKind.of("source-C", 1);

    private final ManualClock clock = new ManualClock(1_000_000L);
    private final EventDelivery delivery = new EventDelivery(clock, Runnable::run, DeliveryConfig.defaults());
    private final ScriptedListener client = new ScriptedListener();

    private DemultiplexingFilter filter(EventPattern pattern) {
        return DemultiplexingFilter.builder(delivery, pattern).emitAs("filter", 99)
                .to(client, marshal("client-handback"), forever()).build();
    }

    private static List<Long> sequenceNumbers(List<RemoteEvent> events) {
        List<Long> numbers = new ArrayList<>();
        events.forEach(e -> numbers.add(e.getSequenceNumber()));
        return numbers;
    }

    @Test
    void allOfEmitsOneEventOfItsOwnKindOnceEveryKindArrived() throws Exception {
        // EV.3.2.2: "when the notifications fit the desired pattern ... generate some new notification".
        DemultiplexingFilter filter = filter(EventPatterns.allOf(List.of(A, B, C)));
        filter.notify(event("source-A", 1, 1, null));
        filter.notify(event("source-A", 2, 1, null));
        filter.notify(event("source-A", 1, 2, null)); // A again: the latest counts
        assertEquals(0, client.calls());
        filter.notify(event("source-C", 1, 1, null));
        PatternEvent emitted = (PatternEvent) client.received().get(0);
        assertEquals("filter", emitted.getSource());
        assertEquals(99, emitted.getID());
        assertEquals(1, emitted.getSequenceNumber());
        assertEquals("client-handback", emitted.getRegistrationObject().get());
        List<RemoteEvent> matched = emitted.getMatchedEvents();
        assertEquals(3, matched.size());
        assertEquals(B, EventKind.of(matched.get(0)), "arrival order");
        assertEquals(A, EventKind.of(matched.get(1)));
        assertEquals(2, matched.get(1).getSequenceNumber());
        assertEquals(C, EventKind.of(matched.get(2)));
        assertEquals(EventKind.of("filter", 99), filter.kind());

        // EV.2.3.2: the pattern starts over and the filter's own numbers are fully ordered.
        filter.notify(event("source-A", 1, 3, null));
        filter.notify(event("source-A", 2, 2, null));
        filter.notify(event("source-C", 1, 2, null));
        assertEquals(List.of(1L, 2L), sequenceNumbers(client.received()));
    }

    @Test
    void eventsOutsideThePatternAreRefused() {
        // EV.2.3.3: the filter asks the sender of an unrelated kind to stop.
        DemultiplexingFilter filter = filter(EventPatterns.allOf(Set.of(A)));
        assertThrows(UnknownEventException.class, () -> filter.notify(event("source-A", 5, 1, null)));
    }

    @Test
    void allOfWithinForgetsEventsOlderThanTheWindow() throws Exception {
        // EV.3.2.2: a pattern over a window of (monotonic) time.
        DemultiplexingFilter filter = filter(EventPatterns.allOfWithin(List.of(A, B), 5, TimeUnit.SECONDS));
        filter.notify(event("source-A", 1, 1, null));
        clock.advance(6, TimeUnit.SECONDS);
        filter.notify(event("source-A", 2, 1, null));
        assertEquals(0, client.calls(), "A fell out of the window");
        clock.advance(4, TimeUnit.SECONDS);
        filter.notify(event("source-A", 1, 2, null));
        assertEquals(1, client.calls());
        List<RemoteEvent> matched = ((PatternEvent) client.received().get(0)).getMatchedEvents();
        assertEquals(List.of(1L, 2L), sequenceNumbers(matched));
    }

    @Test
    void countWithinCountsDistinctOccurrencesOnly() throws Exception {
        // EV.4.1: a notification "could be delivered more than once by some notification agent".
        DemultiplexingFilter filter = filter(EventPatterns.countWithin(A::matches, 3, 10, TimeUnit.SECONDS));
        filter.notify(event("source-A", 1, 1, null));
        filter.notify(event("source-A", 1, 1, null)); // duplicate
        filter.notify(event("source-A", 1, 2, null));
        assertEquals(0, client.calls());
        clock.advance(11, TimeUnit.SECONDS);
        filter.notify(event("source-A", 1, 3, null));
        assertEquals(0, client.calls(), "1 and 2 fell out of the window");
        filter.notify(event("source-A", 1, 4, null));
        filter.notify(event("source-A", 1, 5, null));
        assertEquals(List.of(3L, 4L, 5L),
                sequenceNumbers(((PatternEvent) client.received().get(0)).getMatchedEvents()));
        assertThrows(UnknownEventException.class, () -> filter.notify(event("source-A", 2, 1, null)));
    }

    @Test
    void aClientThatRefusesEndsTheFilterAndTheRefusalGoesUpstream() throws Exception {
        // EV.2.3.3 + EV.3.4: the client's refusal ends the filter, whose refusal then stops the generators.
        client.thenThrow(new UnknownEventException("done"));
        Outcomes outcomes = new Outcomes();
        DemultiplexingFilter filter = DemultiplexingFilter.builder(delivery, EventPatterns.allOf(Set.of(A)))
                .emitAs("filter", 99).to(client, null, forever()).observer(outcomes).build();
        filter.notify(event("source-A", 1, 1, null));
        assertEquals(Status.UNKNOWN_EVENT, outcomes.only().status());
        assertFalse(filter.isActive());
        assertThrows(UnknownEventException.class, () -> filter.notify(event("source-A", 1, 2, null)));
    }

    @Test
    void theFilterEndsWithTheClientsLease() {
        // EV.2.1: registrations are leased; an ended lease ends the filter.
        long end = clock.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        DemultiplexingFilter filter = DemultiplexingFilter.builder(delivery, EventPatterns.allOf(Set.of(A)))
                .emitAs("filter", 99).to(client, null, GoverningLease.until(end)).build();
        clock.advance(5, TimeUnit.SECONDS);
        assertThrows(UnknownEventException.class, () -> filter.notify(event("source-A", 1, 1, null)));
        assertFalse(filter.isActive());
    }

    @Test
    void aCompletionThatCannotBeQueuedIsReportedAndLeavesAGap() throws Exception {
        // ARCHITECTURE "Threads and bounds" + LR.2.1: a gap in sequence numbers means an event was missed.
        StepExecutor executor = new StepExecutor();
        EventDelivery stalled = new EventDelivery(clock, executor,
                DeliveryConfig.builder().threads(1).maxQueuedPerLane(1).maxQueuedTotal(10).build());
        Outcomes outcomes = new Outcomes();
        DemultiplexingFilter filter = DemultiplexingFilter.builder(stalled, EventPatterns.allOf(Set.of(A)))
                .emitAs("filter", 99).to(client, null, forever()).observer(outcomes).build();
        filter.notify(event("source-A", 1, 1, null));
        filter.notify(event("source-A", 1, 2, null));
        assertEquals(Status.REFUSED, outcomes.only().status());
        assertEquals(2, outcomes.only().event().getSequenceNumber());
        executor.runAll();
        filter.notify(event("source-A", 1, 3, null));
        executor.runAll();
        assertEquals(List.of(1L, 3L), sequenceNumbers(client.received()));
    }

    @Test
    void aPatternEventKeepsItsMatchedEventsWhenSerialized() throws Exception {
        // EV.2.5 / EV.3.2.2: the new notification crosses JVMs with everything that caused it.
        PatternEvent event = new PatternEvent("filter", 99, 4, marshal("h"),
                List.of(event("source-A", 1, 7, "inner")));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(event);
        }
        PatternEvent copy;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            copy = (PatternEvent) in.readObject();
        }
        assertEquals("filter", copy.getSource());
        assertEquals(4, copy.getSequenceNumber());
        assertEquals("h", copy.getRegistrationObject().get());
        RemoteEvent inner = copy.getMatchedEvents().get(0);
        assertEquals(7, inner.getSequenceNumber());
        assertEquals("inner", inner.getRegistrationObject().get());
        assertThrows(UnsupportedOperationException.class, () -> copy.getMatchedEvents().clear());
    }

    @Test
    void badInputIsRefused() {
        // Bad input: nulls, empty and out-of-range patterns, missing settings.
        assertThrows(NullPointerException.class, () -> EventPatterns.allOf(null));
        assertThrows(IllegalArgumentException.class, () -> EventPatterns.allOf(List.of()));
        List<EventKind> withNull = new ArrayList<>();
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> EventPatterns.allOf(withNull));
        assertThrows(IllegalArgumentException.class, () -> EventPatterns.allOfWithin(List.of(A), 0, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> EventPatterns.allOfWithin(List.of(A), 1, null));
        assertThrows(IllegalArgumentException.class, () -> EventPatterns.countWithin(e -> true, 0, 1, TimeUnit.SECONDS));
        assertThrows(IllegalArgumentException.class,
                () -> EventPatterns.countWithin(e -> true, EventPatterns.MAX_COUNT + 1, 1, TimeUnit.SECONDS));
        assertThrows(IllegalArgumentException.class, () -> EventPatterns.countWithin(e -> true, 1, -1, TimeUnit.SECONDS));
        assertThrows(NullPointerException.class, () -> EventPatterns.countWithin(null, 1, 1, TimeUnit.SECONDS));
        EventPattern pattern = EventPatterns.allOf(Set.of(A));
        assertThrows(NullPointerException.class, () -> DemultiplexingFilter.builder(null, pattern));
        assertThrows(NullPointerException.class, () -> DemultiplexingFilter.builder(delivery, null));
        assertThrows(IllegalStateException.class,
                () -> DemultiplexingFilter.builder(delivery, pattern).to(client, null, forever()).build());
        assertThrows(IllegalStateException.class,
                () -> DemultiplexingFilter.builder(delivery, pattern).emitAs("f", 1).build());
        assertThrows(NullPointerException.class, () -> DemultiplexingFilter.builder(delivery, pattern).emitAs(null, 1));
        assertThrows(NullPointerException.class,
                () -> DemultiplexingFilter.builder(delivery, pattern).to(client, null, null));
        assertThrows(NullPointerException.class, () -> filter(pattern).notify(null));
        assertThrows(NullPointerException.class, () -> new PatternEvent("f", 1, 1, null, null));
        assertTrue(filter(pattern).isActive());
    }
}
