package org.estuary.event;

import static org.estuary.event.test.Events.event;
import static org.estuary.event.test.Events.forever;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.ConnectException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;

import org.estuary.core.time.ManualClock;
import org.estuary.event.DeliveryOutcome.Status;
import org.estuary.event.DeliveryRefusedException.Reason;
import org.estuary.event.test.Events.Outcomes;
import org.estuary.event.test.ScriptedListener;
import org.estuary.event.test.StepExecutor;
import org.junit.jupiter.api.Test;

class EventDeliveryTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final ManualClock clock = new ManualClock(1_000_000L);
    private final DeliveryConfig config = DeliveryConfig.builder().threads(2).maxQueuedPerLane(10)
            .maxQueuedTotal(20).initialRetryDelayMillis(1_000).maxRetryDelayMillis(4_000).build();
    private final EventDelivery delivery = new EventDelivery(clock, Runnable::run, config);

    private ScriptedListener listener() {
        return new ScriptedListener(clock::nanoTime);
    }

    private static RemoteException connectionRefused() {
        return new ConnectException("refused");
    }

    @Test
    void aDeliveredEventIsReportedOnce() {
        // EV.2.3.1: notify returning normally is a delivery.
        ScriptedListener listener = listener();
        Outcomes outcomes = new Outcomes();
        RemoteEvent sent = event(1, 1);
        DeliveryTicket ticket = delivery.submit("lane", listener, sent, forever(), outcomes);
        DeliveryOutcome outcome = outcomes.only();
        assertEquals(Status.DELIVERED, outcome.status());
        assertEquals(1, outcome.attempts());
        assertNull(outcome.failure());
        assertSame(sent, outcome.event());
        assertSame(listener, outcome.listener());
        assertEquals("lane", outcome.lane());
        assertEquals(List.of(sent), listener.received());
        assertTrue(ticket.isDone());
        assertFalse(ticket.cancel());
        assertEquals(0, delivery.queued());
    }

    @Test
    void indefiniteFailuresAreRetriedWithDoublingBackOffOnTheClock() {
        // EM.4.1 / ARCHITECTURE "Exceptions": indefinite -> retry with back-off (1 s, 2 s, 4 s, capped at 4 s).
        ScriptedListener listener = listener().thenThrow(connectionRefused(), connectionRefused(),
                connectionRefused(), connectionRefused());
        Outcomes outcomes = new Outcomes();
        long start = clock.nanoTime();
        delivery.submit("lane", listener, event(1, 1), forever(), outcomes);
        assertEquals(1, listener.calls());
        clock.advance(999, TimeUnit.MILLISECONDS);
        assertEquals(1, listener.calls(), "no attempt before the first back-off elapsed");
        clock.advance(1, TimeUnit.MILLISECONDS);
        assertEquals(2, listener.calls());
        clock.advance(20, TimeUnit.SECONDS);
        assertEquals(List.of(start, start + SECOND, start + 3 * SECOND, start + 7 * SECOND, start + 11 * SECOND),
                listener.callTimes());
        DeliveryOutcome outcome = outcomes.only();
        assertEquals(Status.DELIVERED, outcome.status());
        assertEquals(5, outcome.attempts());
        assertEquals(0, clock.pending(), "no timer left behind");
    }

    @Test
    void aDefiniteFailureEndsTheDeliveryWithoutRetry() {
        // ARCHITECTURE "Exceptions": NoSuchObjectException is definite; EM.4.1: stop on definite.
        NoSuchObjectException gone = new NoSuchObjectException("listener unexported");
        ScriptedListener listener = listener().thenThrow(gone);
        Outcomes outcomes = new Outcomes();
        delivery.submit("lane", listener, event(1, 1), forever(), outcomes);
        clock.advance(1, TimeUnit.HOURS);
        DeliveryOutcome outcome = outcomes.only();
        assertEquals(Status.DEFINITE_FAILURE, outcome.status());
        assertSame(gone, outcome.failure());
        assertEquals(1, listener.calls());
        assertEquals(0, clock.pending());
    }

    @Test
    void aRuntimeExceptionOfALocalListenerIsDefinite() {
        // ARCHITECTURE "Exceptions": runtime exceptions thrown by the callee are definite.
        ScriptedListener listener = listener().thenThrow(new IllegalStateException("bug"));
        Outcomes outcomes = new Outcomes();
        delivery.submit("lane", listener, event(1, 1), forever(), outcomes);
        assertEquals(Status.DEFINITE_FAILURE, outcomes.only().status());
    }

    @Test
    void unknownEventExceptionIsReportedWithTheKindToRecord() {
        // EV.2.3.3 / EM.4.1 / LR.2.1: the caller applies its rule for the (source, id) pair.
        UnknownEventException refusal = new UnknownEventException("not mine");
        ScriptedListener listener = listener().thenThrow(refusal);
        Outcomes outcomes = new Outcomes();
        delivery.submit("lane", listener, event(9, 4), forever(), outcomes);
        clock.advance(1, TimeUnit.HOURS);
        DeliveryOutcome outcome = outcomes.only();
        assertEquals(Status.UNKNOWN_EVENT, outcome.status());
        assertSame(refusal, outcome.failure());
        assertEquals(EventKind.of("source-A", 9), outcome.kind());
        assertEquals(1, listener.calls(), "never retried");
    }

    @Test
    void retriesStopWhenTheGoverningLeaseEnds() {
        // EM.4.1 / LR.2.1: redeliver "until the associated registration's lease terminates".
        ScriptedListener listener = listener();
        for (int i = 0; i < 100; i++) {
            listener.thenThrow(connectionRefused());
        }
        Outcomes outcomes = new Outcomes();
        long start = clock.nanoTime();
        GoverningLease lease = GoverningLease.until(start + 2_500 * 1_000_000L);
        List<Long> reportedAt = new ArrayList<>();
        delivery.submit("lane", listener, event(1, 1), lease, outcome -> {
            reportedAt.add(clock.nanoTime());
            outcomes.completed(outcome);
        });
        clock.advance(1, TimeUnit.HOURS);
        DeliveryOutcome outcome = outcomes.only();
        assertEquals(Status.LEASE_ENDED, outcome.status());
        assertEquals(2, outcome.attempts(), "attempts at 0 s and 1 s; the 3 s retry falls after the lease");
        assertTrue(outcome.failure() instanceof ConnectException);
        assertEquals(List.of(start + 2_500 * 1_000_000L), reportedAt, "given up when the lease ended, not later");
        assertEquals(0, clock.pending());
    }

    @Test
    void aRenewedLeaseKeepsTheRetriesGoing() {
        // LE.2.2 + EM.4.1: the deadline is read again at each retry, so a renewal extends the effort.
        ScriptedListener listener = listener().thenThrow(connectionRefused(), connectionRefused());
        Outcomes outcomes = new Outcomes();
        AtomicLong deadline = new AtomicLong(clock.nanoTime() + 1_500 * 1_000_000L);
        delivery.submit("lane", listener, event(1, 1), deadline::get, outcomes);
        clock.advance(1, TimeUnit.SECONDS); // second attempt fails; the next is due at 3 s, the lease ends at 1.5 s
        deadline.set(clock.nanoTime() + 10 * SECOND); // renewed
        clock.advance(10, TimeUnit.SECONDS);
        assertEquals(Status.DELIVERED, outcomes.only().status());
        assertEquals(3, listener.calls());
    }

    @Test
    void aLeaseThatEndedBeforeTheFirstAttemptMeansNoAttempt() {
        // EV.2.4/LE: no notification for a registration whose lease has ended.
        ScriptedListener listener = listener();
        Outcomes outcomes = new Outcomes();
        delivery.submit("lane", listener, event(1, 1), () -> Long.MIN_VALUE, outcomes);
        DeliveryOutcome outcome = outcomes.only();
        assertEquals(Status.LEASE_ENDED, outcome.status());
        assertEquals(0, outcome.attempts());
        assertNull(outcome.failure());
        assertEquals(0, listener.calls());
    }

    @Test
    void eventsOfOneLaneGoOneAtATimeInSubmissionOrderEvenAcrossRetries() {
        // LR.2.1: "events sent ... must be in the same sequence"; a failing head holds its lane.
        ScriptedListener listener = listener().thenThrow(connectionRefused(), connectionRefused());
        Outcomes outcomes = new Outcomes();
        for (long seq = 1; seq <= 5; seq++) {
            delivery.submit("lane", listener, event(1, seq), forever(), outcomes);
        }
        assertEquals(1, listener.calls(), "event 2 waits while event 1 waits to retry");
        assertEquals(5, delivery.queued("lane"));
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(2, listener.calls());
        clock.advance(2, TimeUnit.SECONDS);
        List<Long> order = new ArrayList<>();
        for (RemoteEvent e : listener.received()) {
            order.add(e.getSequenceNumber());
        }
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), order);
        assertEquals(5, outcomes.all().size());
        assertEquals(0, delivery.queued());
    }

    @Test
    void aFailingLaneDoesNotHoldUpOtherLanes() {
        // EM.4.1: one registration's unreachable listener must not stop delivery to others.
        ScriptedListener failing = listener().thenThrow(connectionRefused());
        ScriptedListener healthy = listener();
        Outcomes outcomes = new Outcomes();
        delivery.submit("a", failing, event(1, 1), forever(), outcomes);
        delivery.submit("b", healthy, event(1, 1), forever(), outcomes);
        assertEquals(1, healthy.received().size());
        assertEquals(0, failing.received().size());
    }

    @Test
    void theCallbackOfOneEventRunsBeforeTheNextEventOfItsLaneIsAttempted() {
        // LR.2.1: on UnknownEventException clear the registration; its queued events must not go out.
        ScriptedListener listener = listener().thenThrow(new UnknownEventException());
        Outcomes outcomes = new Outcomes();
        StepExecutor executor = new StepExecutor();
        EventDelivery stepped = new EventDelivery(clock, executor, config);
        stepped.submit("reg", listener, event(1, 1), forever(), outcome -> {
            outcomes.completed(outcome);
            if (outcome.status() == Status.UNKNOWN_EVENT) {
                stepped.cancelLane("reg");
            }
        });
        stepped.submit("reg", listener, event(1, 2), forever(), outcomes);
        stepped.submit("reg", listener, event(1, 3), forever(), outcomes);
        executor.runAll();
        assertEquals(1, listener.calls());
        List<Status> statuses = new ArrayList<>();
        for (DeliveryOutcome o : outcomes.all()) {
            statuses.add(o.status());
        }
        assertEquals(List.of(Status.UNKNOWN_EVENT, Status.CANCELLED, Status.CANCELLED), statuses);
    }

    @Test
    void boundedQueuesRefuseWithAClearReason() {
        // ARCHITECTURE "Threads and bounds": full -> clear error, never OOM.
        StepExecutor executor = new StepExecutor(); // nothing runs: everything stays queued
        EventDelivery bounded = new EventDelivery(clock, executor,
                DeliveryConfig.builder().threads(1).maxQueuedPerLane(2).maxQueuedTotal(3).build());
        ScriptedListener listener = listener();
        Outcomes outcomes = new Outcomes();
        bounded.submit("a", listener, event(1, 1), forever(), outcomes);
        bounded.submit("a", listener, event(1, 2), forever(), outcomes);
        DeliveryRefusedException laneFull = assertThrows(DeliveryRefusedException.class,
                () -> bounded.submit("a", listener, event(1, 3), forever(), outcomes));
        assertEquals(Reason.LANE_FULL, laneFull.reason());
        assertTrue(laneFull.getMessage().contains("maxQueuedPerLane=2"), laneFull.getMessage());
        bounded.submit("b", listener, event(1, 1), forever(), outcomes);
        DeliveryRefusedException totalFull = assertThrows(DeliveryRefusedException.class,
                () -> bounded.submit("c", listener, event(1, 1), forever(), outcomes));
        assertEquals(Reason.TOTAL_FULL, totalFull.reason());
        assertTrue(totalFull.getMessage().contains("maxQueuedTotal=3"), totalFull.getMessage());
        assertEquals(3, bounded.queued());
        assertEquals(1, executor.pending(), "one thread configured: one worker handed to the executor");
        executor.runAll();
        assertEquals(0, bounded.queued());
        bounded.submit("c", listener, event(1, 1), forever(), outcomes); // room again
    }

    @Test
    void eventsWaitingToRetryCountAgainstTheBounds() {
        // ARCHITECTURE "Threads and bounds": a listener that never answers cannot make the queue grow unbounded.
        EventDelivery bounded = new EventDelivery(clock, Runnable::run,
                DeliveryConfig.builder().threads(1).maxQueuedPerLane(1).maxQueuedTotal(10).build());
        ScriptedListener listener = listener().thenThrow(connectionRefused());
        bounded.submit("a", listener, event(1, 1), forever(), o -> { });
        assertThrows(DeliveryRefusedException.class,
                () -> bounded.submit("a", listener, event(1, 2), forever(), o -> { }));
    }

    @Test
    void cancellingAQueuedEventMeansItIsNeverAttempted() {
        // EM.4.1: listener replacement cancels in-progress deliveries to the old listener.
        StepExecutor executor = new StepExecutor();
        EventDelivery stepped = new EventDelivery(clock, executor, config);
        ScriptedListener listener = listener();
        Outcomes outcomes = new Outcomes();
        DeliveryTicket first = stepped.submit("a", listener, event(1, 1), forever(), outcomes);
        DeliveryTicket second = stepped.submit("a", listener, event(1, 2), forever(), outcomes);
        assertTrue(first.cancel());
        assertFalse(first.cancel(), "a second cancel changes nothing");
        assertTrue(first.isDone());
        executor.runAll();
        assertEquals(1, listener.calls());
        assertEquals(2, listener.received().get(0).getSequenceNumber());
        assertTrue(second.isDone());
        assertEquals(Status.CANCELLED, outcomes.all().get(0).status());
        assertEquals(Status.DELIVERED, outcomes.all().get(1).status());
    }

    @Test
    void cancellingAWaitingRetryStopsItAndReleasesTheLane() {
        // EM.4.1: a disabled delivery is not retried.
        ScriptedListener listener = listener().thenThrow(connectionRefused());
        Outcomes outcomes = new Outcomes();
        DeliveryTicket ticket = delivery.submit("a", listener, event(1, 1), forever(), outcomes);
        delivery.submit("a", listener, event(1, 2), forever(), outcomes);
        assertEquals(1, clock.pending());
        assertTrue(ticket.cancel());
        assertEquals(0, clock.pending(), "the retry timer is cancelled");
        clock.advance(1, TimeUnit.HOURS);
        assertEquals(2, listener.calls(), "event 2 went out once event 1 was cancelled");
        DeliveryOutcome cancelled = outcomes.all().get(0);
        assertEquals(Status.CANCELLED, cancelled.status());
        assertTrue(cancelled.failure() instanceof ConnectException, "the last failure is kept");
        assertEquals(Status.DELIVERED, outcomes.all().get(1).status());
    }

    @Test
    void cancellingDuringAnAttemptPreventsTheRetry() {
        // EM.4.1: an in-progress attempt is not retried after the listener is replaced.
        Outcomes outcomes = new Outcomes();
        DeliveryTicket[] ticket = new DeliveryTicket[1];
        RemoteEventListener cancelsItself = e -> {
            assertTrue(ticket[0].cancel());
            throw new ConnectException("refused");
        };
        StepExecutor executor = new StepExecutor();
        EventDelivery stepped = new EventDelivery(clock, executor, config);
        ticket[0] = stepped.submit("a", cancelsItself, event(1, 1), forever(), outcomes);
        executor.runAll();
        assertEquals(Status.CANCELLED, outcomes.only().status());
        assertEquals(0, clock.pending());
    }

    @Test
    void closeCancelsWhatIsQueuedAndRefusesNewEvents() {
        // ARCHITECTURE "Hot swap": a deactivating service stops delivering and says so.
        StepExecutor executor = new StepExecutor();
        EventDelivery stepped = new EventDelivery(clock, executor, config);
        ScriptedListener listener = listener();
        Outcomes outcomes = new Outcomes();
        stepped.submit("a", listener, event(1, 1), forever(), outcomes);
        stepped.submit("b", listener, event(1, 1), forever(), outcomes);
        stepped.close();
        stepped.close();
        executor.runAll();
        assertEquals(0, listener.calls());
        assertEquals(2, outcomes.all().size());
        for (DeliveryOutcome o : outcomes.all()) {
            assertEquals(Status.CANCELLED, o.status());
        }
        DeliveryRefusedException closed = assertThrows(DeliveryRefusedException.class,
                () -> stepped.submit("a", listener, event(1, 2), forever(), outcomes));
        assertEquals(Reason.CLOSED, closed.reason());
    }

    @Test
    void aThrowingCallbackDoesNotStopDelivery() {
        // EV.2.3.1: one caller's bug must not stall the lane of its listener.
        ScriptedListener listener = listener();
        delivery.submit("a", listener, event(1, 1), forever(), o -> {
            throw new IllegalStateException("callback bug");
        });
        delivery.submit("a", listener, event(1, 2), forever(), o -> { });
        assertEquals(2, listener.received().size());
    }

    @Test
    void listenersThatNeverAnswerHoldUpOnlyTheirOwnLanes() throws Exception {
        // EV.2.3.1, LR.2.1: a listener's notify that does not return must not keep other registrations' events
        // from their listeners. Every thread is taken by a listener that blocks; once the calls have run
        // slowCallMillis they are set aside and another lane's event goes out while they still block.
        DeliveryConfig oneThread = DeliveryConfig.builder().threads(1).slowCallMillis(2_000).maxSlowCalls(4).build();
        CountDownLatch release = new CountDownLatch(1);
        java.util.concurrent.Semaphore started = new java.util.concurrent.Semaphore(0);
        RemoteEventListener hanging = e -> {
            started.release();
            try {
                release.await();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        };
        try (EventDelivery pooled = EventDelivery.withOwnThreads(clock, oneThread, "test-slow-delivery")) {
            Outcomes hangingOutcomes = new Outcomes();
            pooled.submit("hostile-1", hanging, event(1, 1), forever(), hangingOutcomes);
            pooled.submit("hostile-2", hanging, event(1, 1), forever(), hangingOutcomes);
            CountDownLatch delivered = new CountDownLatch(1);
            ScriptedListener good = listener();
            pooled.submit("good", good, event(2, 1), forever(), o -> delivered.countDown());
            assertTrue(started.tryAcquire(10, TimeUnit.SECONDS), "the one thread is in the first hanging call");
            // the second hanging lane and the good one wait for it
            clock.advance(2_000, TimeUnit.MILLISECONDS); // set aside: a second worker takes the next lane
            assertTrue(started.tryAcquire(10, TimeUnit.SECONDS), "the second hanging lane got a thread");
            assertEquals(0, good.calls(), "the good lane is after both hanging ones");
            clock.advance(2_000, TimeUnit.MILLISECONDS); // the second one set aside too
            assertTrue(delivered.await(10, TimeUnit.SECONDS), "the good lane is served while both still hang");
            assertEquals(1, good.received().size());
            assertTrue(hangingOutcomes.all().isEmpty(), "the hanging listeners have not returned");
            release.countDown();
        } finally {
            release.countDown();
        }
    }

    @Test
    void orderPerLaneHoldsUnderConcurrencyAndNoLaneRunsTwoEventsAtOnce() throws Exception {
        // EV.2.3.2 / LR.2.1: with many threads each lane still sees its events in order, one at a time.
        int lanes = 8;
        int perLane = 300;
        try (EventDelivery pooled = EventDelivery.withOwnThreads(clock,
                DeliveryConfig.builder().threads(4).maxQueuedPerLane(perLane).maxQueuedTotal(lanes * perLane).build(),
                "test-delivery")) {
            CountDownLatch done = new CountDownLatch(lanes * perLane);
            List<List<Long>> seen = new ArrayList<>();
            AtomicInteger overlaps = new AtomicInteger();
            List<Thread> submitters = new ArrayList<>();
            for (int l = 0; l < lanes; l++) {
                List<Long> received = java.util.Collections.synchronizedList(new ArrayList<>());
                seen.add(received);
                AtomicInteger inFlight = new AtomicInteger();
                RemoteEventListener laneListener = e -> {
                    if (inFlight.incrementAndGet() != 1) {
                        overlaps.incrementAndGet();
                    }
                    received.add(e.getSequenceNumber());
                    inFlight.decrementAndGet();
                };
                String lane = "lane-" + l;
                Thread submitter = new Thread(() -> {
                    for (long seq = 1; seq <= perLane; seq++) {
                        pooled.submit(lane, laneListener, event(1, seq), forever(), o -> done.countDown());
                    }
                });
                submitters.add(submitter);
            }
            submitters.forEach(Thread::start);
            for (Thread t : submitters) {
                t.join(5_000);
            }
            assertTrue(done.await(5, TimeUnit.SECONDS), "all delivered");
            assertEquals(0, overlaps.get(), "one event at a time per lane");
            for (List<Long> received : seen) {
                assertEquals(perLane, received.size());
                for (int i = 0; i < perLane; i++) {
                    assertEquals(i + 1, received.get(i), "in submission order");
                }
            }
        }
    }

    @Test
    void badInputIsRefused() {
        // Bad input: nulls everywhere, configuration out of range.
        ScriptedListener l = listener();
        RemoteEvent e = event(1, 1);
        GoverningLease lease = forever();
        DeliveryCallback cb = o -> { };
        assertThrows(NullPointerException.class, () -> delivery.submit(null, l, e, lease, cb));
        assertThrows(NullPointerException.class, () -> delivery.submit("a", null, e, lease, cb));
        assertThrows(NullPointerException.class, () -> delivery.submit("a", l, null, lease, cb));
        assertThrows(NullPointerException.class, () -> delivery.submit("a", l, e, null, cb));
        assertThrows(NullPointerException.class, () -> delivery.submit("a", l, e, lease, null));
        assertThrows(NullPointerException.class, () -> delivery.cancelLane(null));
        assertThrows(NullPointerException.class, () -> delivery.queued(null));
        assertThrows(NullPointerException.class, () -> new EventDelivery(null, Runnable::run, config));
        assertThrows(NullPointerException.class, () -> new EventDelivery(clock, null, config));
        assertThrows(NullPointerException.class, () -> new EventDelivery(clock, Runnable::run, null));
        assertThrows(IllegalArgumentException.class, () -> DeliveryConfig.builder().threads(0).build());
        assertThrows(IllegalArgumentException.class, () -> DeliveryConfig.builder().maxQueuedPerLane(-1).build());
        assertThrows(IllegalArgumentException.class, () -> DeliveryConfig.builder().maxQueuedTotal(0).build());
        assertThrows(IllegalArgumentException.class,
                () -> DeliveryConfig.builder().initialRetryDelayMillis(0).build());
        assertThrows(IllegalArgumentException.class,
                () -> DeliveryConfig.builder().initialRetryDelayMillis(5).maxRetryDelayMillis(4).build());
        assertEquals(0, l.calls());
    }

    @Test
    void aHugeMaximumDelayDoesNotOverflow() {
        // Overflowing durations: Long.MAX_VALUE ms saturates instead of wrapping to a negative delay.
        EventDelivery patient = new EventDelivery(clock, Runnable::run, DeliveryConfig.builder()
                .initialRetryDelayMillis(Long.MAX_VALUE / 2).maxRetryDelayMillis(Long.MAX_VALUE).build());
        ScriptedListener listener = listener().thenThrow(connectionRefused(), connectionRefused());
        Outcomes outcomes = new Outcomes();
        patient.submit("a", listener, event(1, 1), forever(), outcomes);
        clock.advance(365, TimeUnit.DAYS);
        assertEquals(1, listener.calls(), "the retry is far away, not in the past");
        assertTrue(outcomes.all().isEmpty());
    }
}
