package org.estuary.mailbox.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.ConnectException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;
import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.event.InvalidIteratorException;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.MailboxRegistration;
import net.jini.event.PullEventMailbox;
import net.jini.event.RemoteEventIterator;

import org.estuary.core.concurrent.Waits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The mailbox's spec logic on a manual clock and the memory store, each test naming its EM section. */
class MailboxServiceTest {

    private final Harness harness = new Harness();

    @AfterEach
    void close() {
        harness.close();
    }

    private PullEventMailbox mailbox() throws Exception {
        return harness.start().proxy();
    }

    private static List<String> drain(RemoteEventIterator events) throws Exception {
        List<String> payloads = new ArrayList<>();
        for (RemoteEvent event; (event = events.next(0)) != null;) {
            payloads.add(((TestEvent) event).payload);
        }
        return payloads;
    }

    @Test
    void em3RegisterTakesPositiveOrAnyOnly() throws Exception {
        PullEventMailbox mailbox = mailbox();
        assertThrows(IllegalArgumentException.class, () -> mailbox.register(0));
        assertThrows(IllegalArgumentException.class, () -> mailbox.pullRegister(-5));
        assertThrows(IllegalArgumentException.class, () -> harness.start().register(0)); // the backend checks too
        long now = harness.clock.currentTimeMillis();
        assertEquals(now + 60_000, mailbox.register(Lease.ANY).getLease().getExpiration());
        assertEquals(now + TestSettings.LEASE_MAX, mailbox.pullRegister(Lease.FOREVER).getLease().getExpiration());
    }

    @Test
    void em3RegistrationLimitDeniesWithReason() throws Exception {
        PullEventMailbox mailbox = harness.start(TestSettings.with(1, 10, 1_000_000, 10)).proxy();
        mailbox.register(10_000);
        LeaseDeniedException denied = assertThrows(LeaseDeniedException.class, () -> mailbox.register(10_000));
        assertTrue(denied.getMessage().contains("max.registrations=1"), denied.getMessage());
    }

    @Test
    void em41ListenersEqualPerRegistrationAndEndWithTheLease() throws Exception {
        PullEventMailbox mailbox = mailbox();
        MailboxRegistration one = mailbox.register(10_000);
        MailboxRegistration two = mailbox.register(10_000);
        assertEquals(one.getListener(), one.getListener());
        assertEquals(one.getListener().hashCode(), one.getListener().hashCode());
        assertNotEquals(one.getListener(), two.getListener());
        one.getListener().notify(TestEvent.of("a", 1, 1));
        one.getLease().cancel();
        assertThrows(NoSuchObjectException.class, () -> one.getListener().notify(TestEvent.of("a", 1, 2)));
        assertThrows(NoSuchObjectException.class, one::disableDelivery);
        harness.advance(10_001); // EM.4.1: an expired lease ends the listener as well
        assertThrows(NoSuchObjectException.class, () -> two.getListener().notify(TestEvent.of("a", 1, 1)));
    }

    @Test
    void em41StoredEventsReachTheTargetInArrivalOrder() throws Exception {
        MailboxRegistration registration = mailbox().register(60_000);
        RemoteEventListener listener = registration.getListener();
        listener.notify(TestEvent.of("a", 1, 1));
        listener.notify(TestEvent.of("b", 2, 7));
        TestTarget target = new TestTarget();
        registration.enableDelivery(target);
        listener.notify(TestEvent.of("a", 1, 2));
        assertEquals(List.of("a#1/1", "b#2/7", "a#1/2"), target.payloads());
        registration.disableDelivery();
        listener.notify(TestEvent.of("a", 1, 3));
        assertEquals(3, target.received().size()); // EM.4.1: disabled, nothing more
        registration.enableDelivery(null); // EM.4.1: null disables too
        assertEquals(3, target.received().size());
    }

    @Test
    void em41OwnListenerAsTargetIsRefused() throws Exception {
        PullEventMailbox mailbox = mailbox();
        MailboxRegistration one = mailbox.register(60_000);
        MailboxRegistration two = mailbox.register(60_000);
        assertThrows(IllegalArgumentException.class, () -> one.enableDelivery(one.getListener()));
        assertThrows(IllegalArgumentException.class, () -> one.enableDelivery(two.getListener()));
        // recognised by the service too, also after a restart (the service id is persistent)
        MailboxService restarted = harness.start();
        long id = ((org.estuary.mailbox.proxy.RegistrationProxy) one).registrationId();
        assertThrows(IllegalArgumentException.class, () -> restarted.enableDelivery(id, two.getListener()));
    }

    @Test
    void em41ReplacingTheTargetSendsTheRestToTheNewOne() throws Exception {
        MailboxRegistration registration = mailbox().register(60_000);
        TestTarget first = new TestTarget();
        registration.enableDelivery(first);
        registration.getListener().notify(TestEvent.of("a", 1, 1));
        TestTarget second = new TestTarget();
        registration.enableDelivery(second);
        registration.getListener().notify(TestEvent.of("a", 1, 2));
        assertEquals(List.of("a#1/1"), first.payloads());
        assertEquals(List.of("a#1/2"), second.payloads());
    }

    @Test
    void em41IndefiniteFailureIsRetriedWithBackoffUntilDelivered() throws Exception {
        MailboxRegistration registration = mailbox().register(60_000);
        int[] failures = {2};
        TestTarget target = new TestTarget().answering(event -> {
            if (failures[0]-- > 0) {
                throw new ConnectException("target down");
            }
        });
        registration.enableDelivery(target);
        registration.getListener().notify(TestEvent.of("a", 1, 1));
        registration.getListener().notify(TestEvent.of("a", 1, 2));
        assertEquals(1, target.received().size());
        harness.advance(999);
        assertEquals(1, target.received().size()); // the first retry waits 1 s
        harness.advance(1);
        assertEquals(2, target.received().size());
        harness.advance(2_000); // then 2 s; the second event waits behind the first (order)
        assertEquals(List.of("a#1/1", "a#1/1", "a#1/1", "a#1/2"), target.payloads());
    }

    @Test
    void em41ARetriedDeliveryGoesOnAfterAWallClockStepAhead() throws Exception {
        // EM.4.1: delivery is retried while the registration's lease lasts; the lease ends at its deadline on
        // monotonic time (LE.2.2), which a step of the wall clock an hour ahead does not move
        MailboxRegistration registration = mailbox().register(60_000);
        int[] failures = {1};
        TestTarget target = new TestTarget().answering(event -> {
            if (failures[0]-- > 0) {
                throw new ConnectException("target down");
            }
        });
        registration.enableDelivery(target);
        registration.getListener().notify(TestEvent.of("a", 1, 1));
        assertEquals(1, target.received().size());
        harness.clock.setWallTime(harness.clock.currentTimeMillis() + 3_600_000L);
        harness.advance(1_000); // the first retry, with the lease 59 s from its end
        assertEquals(List.of("a#1/1", "a#1/1"), target.payloads());
    }

    @Test
    void em41DefiniteFailureDisablesDeliveryAndKeepsTheEvent() throws Exception {
        MailboxRegistration registration = mailbox().register(60_000);
        TestTarget broken = new TestTarget().answering(event -> {
            throw new NoSuchObjectException("unexported");
        });
        registration.enableDelivery(broken);
        registration.getListener().notify(TestEvent.of("a", 1, 1));
        registration.getListener().notify(TestEvent.of("a", 1, 2));
        assertEquals(1, broken.received().size()); // disabled after the definite failure
        harness.advance(60_000 - 1);
        assertEquals(1, broken.received().size());
        TestTarget working = new TestTarget();
        registration.enableDelivery(working);
        assertEquals(List.of("a#1/1", "a#1/2"), working.payloads());
    }

    @Test
    void em41DisablingFromInsideTheTargetsNotifyDoesNotDeadlock() throws Exception {
        MailboxRegistration registration = mailbox().register(60_000);
        TestTarget target = new TestTarget();
        target.answering(event -> registration.disableDelivery());
        registration.enableDelivery(target);
        registration.getListener().notify(TestEvent.of("a", 1, 1));
        registration.getListener().notify(TestEvent.of("a", 1, 2));
        assertEquals(List.of("a#1/1"), target.payloads());
    }

    @Test
    void em41DisablingWaitsForTheAttemptInFlightAndTellsItsTransportFirst() throws Exception {
        // EM.4.1: once disableDelivery returns, the old target gets nothing more, so it waits for the delivery in
        // flight; the transport serving the call is told before that wait (Waits), so its connection reads on
        ExecutorService threads = Executors.newFixedThreadPool(2);
        harness.deliverOn(threads);
        MailboxRegistration registration = harness.start(TestSettings.withDisableWait(60_000)).proxy().register(60_000);
        CountDownLatch inFlight = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        AtomicBoolean answered = new AtomicBoolean();
        TestTarget target = new TestTarget().answering(event -> {
            inFlight.countDown();
            assertTrue(answer.await(10, TimeUnit.SECONDS));
        });
        registration.enableDelivery(target);
        try {
            registration.getListener().notify(TestEvent.of("a", 1, 1)); // delivered on a thread of the pool
            assertTrue(inFlight.await(10, TimeUnit.SECONDS));
            CountDownLatch told = new CountDownLatch(1);
            Future<Boolean> disabling = threads.submit(() -> {
                Waits.during(told::countDown, () -> {
                    try {
                        registration.disableDelivery();
                    } catch (RemoteException e) {
                        throw new IllegalStateException(e);
                    }
                });
                return answered.get();
            });
            assertTrue(told.await(10, TimeUnit.SECONDS), "the transport is told before the wait");
            answered.set(true);
            answer.countDown();
            assertTrue(disabling.get(10, TimeUnit.SECONDS), "returned only once the attempt in flight ended");
        } finally {
            answer.countDown();
            threads.shutdownNow();
        }
        registration.getListener().notify(TestEvent.of("a", 1, 2));
        assertEquals(List.of("a#1/1"), target.payloads(), "nothing more for the old target");
    }

    @Test
    void em41UnknownEventIsRefusedSkippedAndClearedByEnable() throws Exception {
        MailboxRegistration registration = mailbox().register(60_000);
        RemoteEventListener listener = registration.getListener();
        listener.notify(TestEvent.of("a", 1, 1));
        listener.notify(TestEvent.of("a", 1, 2)); // stored, same pair: skipped once the pair is unknown
        listener.notify(TestEvent.of("b", 1, 1)); // another source: delivered
        TestTarget target = new TestTarget().answering(event -> {
            if (((TestEvent.Source) event.getSource()).name().equals("a")) {
                throw new UnknownEventException("not interested in a");
            }
        });
        registration.enableDelivery(target);
        assertEquals(List.of("a#1/1", "b#1/1"), target.payloads());
        assertThrows(UnknownEventException.class, () -> listener.notify(TestEvent.of("a", 1, 3)));
        listener.notify(TestEvent.of("a", 2, 1)); // another event id of the same source is known
        registration.disableDelivery();
        registration.enableDelivery(target.answering(event -> { })); // EM.4.1: re-enabling clears the list
        listener.notify(TestEvent.of("a", 1, 4));
        assertEquals(List.of("a#1/1", "b#1/1", "a#2/1", "a#1/4"), target.payloads());
    }

    @Test
    void em71PullDisablesPushAndIteratorsInvalidateEachOther() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        TestTarget target = new TestTarget();
        registration.enableDelivery(target);
        registration.getListener().notify(TestEvent.of("a", 1, 1));
        RemoteEventIterator first = registration.getRemoteEvents(); // EM.7.1: disables delivery
        registration.getListener().notify(TestEvent.of("a", 1, 2));
        assertEquals(List.of("a#1/1"), target.payloads());
        assertEquals("a#1/2", ((TestEvent) first.next(0)).payload);
        RemoteEventIterator second = registration.getRemoteEvents();
        assertThrows(InvalidIteratorException.class, () -> first.next(0));
        assertThrows(InvalidIteratorException.class, () -> first.next(0)); // forever
        // the first iterator never told the mailbox it received a#1/2 (no later transfer, no close): given again
        assertEquals(List.of("a#1/2"), drain(second));
        registration.enableDelivery(target); // EM.7.1: enabling invalidates the iterator
        assertThrows(InvalidIteratorException.class, () -> second.next(0));
        assertThrows(InvalidIteratorException.class, second::close);
        RemoteEventIterator third = registration.getRemoteEvents();
        third.close();
        assertThrows(InvalidIteratorException.class, () -> third.next(0));
        assertThrows(InvalidIteratorException.class, third::close);
    }

    @Test
    void em71NextRefusesNegativeTimeoutAndReturnsNullWhenEmpty() throws Exception {
        RemoteEventIterator events = mailbox().pullRegister(60_000).getRemoteEvents();
        assertThrows(IllegalArgumentException.class, () -> events.next(-1));
        assertNull(events.next(0));
        assertNull(events.next(20)); // waits, then nothing came
    }

    @Test
    void em71EventsComeInBoundedBatchesAndNeverTwice() throws Exception {
        MailboxPullRegistration registration = harness.start(TestSettings.with(10, 100, 1_000_000, 2)).proxy()
                .pullRegister(60_000);
        for (int i = 1; i <= 5; i++) {
            registration.getListener().notify(TestEvent.of("a", 1, i));
        }
        MailboxState state = harness.start(TestSettings.with(10, 100, 1_000_000, 2)).state();
        RemoteEventIterator events = registration.getRemoteEvents();
        assertEquals("a#1/1", ((TestEvent) events.next(0)).payload);
        assertEquals(5, storedEvents(state)); // the first batch (2) is held by the client, not removed yet
        assertEquals("a#1/2", ((TestEvent) events.next(0)).payload);
        assertEquals("a#1/3", ((TestEvent) events.next(0)).payload);
        assertEquals(3, storedEvents(state)); // the next transfer told the mailbox the first two arrived
        assertEquals(List.of("a#1/4", "a#1/5"), drain(events));
        events.close(); // tells the mailbox what the iterator received
        assertEquals(0, storedEvents(state));
        assertNull(registration.getRemoteEvents().next(0));
    }

    @Test
    void em71NeverTwiceAcrossARestartOfTheMailbox() throws Exception {
        MailboxPullRegistration registration = harness.start(TestSettings.with(10, 100, 1_000_000, 1)).proxy()
                .pullRegister(600_000);
        for (int i = 1; i <= 3; i++) {
            registration.getListener().notify(TestEvent.of("a", 1, i));
        }
        RemoteEventIterator events = registration.getRemoteEvents();
        assertEquals("a#1/1", ((TestEvent) events.next(0)).payload);
        harness.start(TestSettings.with(10, 100, 1_000_000, 1)); // a crash and restart of the mailbox
        registration.getListener().notify(TestEvent.of("a", 1, 4));
        assertEquals(List.of("a#1/2", "a#1/3", "a#1/4"), drain(events)); // the same iterator goes on
    }

    @Test
    void em71AClientThatDiesHoldingABatchLosesNothing() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(600_000);
        for (int i = 1; i <= 3; i++) {
            registration.getListener().notify(TestEvent.of("a", 1, i));
        }
        RemoteEventIterator dying = registration.getRemoteEvents();
        assertEquals("a#1/1", ((TestEvent) dying.next(0)).payload); // then the client dies, never closing it
        // the next iterator gets every event the mailbox was not told was received: at least once
        assertEquals(List.of("a#1/1", "a#1/2", "a#1/3"), drain(registration.getRemoteEvents()));
    }

    @Test
    void em71AddUnknownEventsRefusesAndSkipsThatPair() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(600_000);
        RemoteEventListener listener = registration.getListener();
        listener.notify(TestEvent.of("a", 1, 1));
        listener.notify(TestEvent.of("b", 1, 1));
        RemoteEventIterator events = registration.getRemoteEvents();
        registration.addUnknownEvents(List.of(TestEvent.of("a", 1, 99)));
        assertThrows(UnknownEventException.class, () -> listener.notify(TestEvent.of("a", 1, 2)));
        listener.notify(TestEvent.of("a", 2, 1)); // another id of that source is still wanted
        assertEquals(List.of("b#1/1", "a#2/1"), drain(events)); // the stored a#1/1 is skipped
        registration.getRemoteEvents(); // EM.7.1: a new iterator clears the list
        listener.notify(TestEvent.of("a", 1, 3));
    }

    @Test
    void em7LimitsRefuseWithAnIndefiniteExceptionNamingTheLimit() throws Exception {
        MailboxPullRegistration registration = harness.start(TestSettings.with(10, 2, 1_000_000, 10)).proxy()
                .pullRegister(600_000);
        registration.getListener().notify(TestEvent.of("a", 1, 1));
        registration.getListener().notify(TestEvent.of("a", 1, 2));
        RemoteException full = assertThrows(RemoteException.class,
                () -> registration.getListener().notify(TestEvent.of("a", 1, 3)));
        assertFalse(full instanceof NoSuchObjectException);
        assertTrue(full.getMessage().contains("max.events.per.registration=2"), full.getMessage());
        RemoteEventIterator events = registration.getRemoteEvents();
        assertEquals(List.of("a#1/1", "a#1/2"), drain(events));
        assertNull(events.next(0)); // tells the mailbox: room again
        registration.getListener().notify(TestEvent.of("a", 1, 3));
        assertEquals(List.of("a#1/3"), drain(events));
    }

    @Test
    void em3RegistrationsTargetsAndUnknownListsSurviveARestart() throws Exception {
        MailboxRegistration registration = mailbox().register(600_000);
        TestTarget target = new TestTarget().answering(event -> {
            if (((TestEvent.Source) event.getSource()).name().equals("a")) {
                throw new UnknownEventException("no a");
            }
        });
        registration.enableDelivery(target);
        registration.getListener().notify(TestEvent.of("a", 1, 1));
        registration.disableDelivery();
        registration.getListener().notify(TestEvent.of("b", 1, 1)); // stored, undelivered
        harness.start(); // restart on the same store
        assertThrows(UnknownEventException.class,
                () -> registration.getListener().notify(TestEvent.of("a", 1, 2)));
        registration.enableDelivery(target);
        assertEquals(List.of("a#1/1", "b#1/1"), target.payloads());
        harness.advance(600_001);
        harness.start();
        assertThrows(NoSuchObjectException.class, () -> registration.getListener().notify(TestEvent.of("b", 1, 2)));
    }

    @Test
    void eventsOfClassesTheContainerLacksAreStoredAndPushStopsWithTheReason() throws Exception {
        try (Harness lacking = new Harness(org.estuary.store.memory.testing.MemoryStores.open(),
                org.estuary.io.SerialFilter.defaults())) { // com.example.leases is not allowed in the container
            MailboxService service = lacking.start();
            MailboxRegistration registration = service.proxy().register(60_000);
            com.example.leases.ExampleSource source = new com.example.leases.ExampleSource("generator");
            registration.getListener().notify(source.event(1, 1, "stored as bytes"));
            registration.getListener().notify(source.event(1, 2, "stored as bytes"));
            TestTarget target = new TestTarget();
            registration.enableDelivery(target);
            assertTrue(target.received().isEmpty());
            MailboxState state = service.state();
            String reason = state.read(() -> state.registrations.values().iterator().next().lastFailure);
            assertTrue(reason.contains("com.example.leases.ExampleEvent") && reason.contains("allowlist.extra"),
                    reason);
            assertEquals(2, storedEvents(state)); // nothing lost: the client can pull them where its classes are
        }
    }

    @Test
    void anEventThePullerRefusesFailsAloneAndTheEventsThatSharedItsTransferComeAgain() throws Exception {
        // EM.7.1: a transfer's events travel as one stream sharing their class descriptors; one the reader's
        // filter refuses is reported as it comes, and none after it is lost or returned twice
        try (Harness refusing = new Harness(org.estuary.store.memory.testing.MemoryStores.open(),
                org.estuary.io.SerialFilter.defaults())) { // com.example.leases is not allowed here
            MailboxService service = refusing.start();
            MailboxPullRegistration registration = service.proxy().pullRegister(60_000);
            registration.getListener().notify(TestEvent.of("a", 1, 1));
            registration.getListener().notify(new com.example.leases.ExampleSource("generator").event(1, 2, "x"));
            for (int i = 3; i <= 6; i++) {
                registration.getListener().notify(TestEvent.of("a", 1, i));
            }
            RemoteEventIterator iterator = registration.getRemoteEvents();
            assertEquals(1, iterator.next(0).getSequenceNumber());
            java.rmi.UnmarshalException refused = assertThrows(java.rmi.UnmarshalException.class,
                    () -> iterator.next(0));
            assertTrue(refused.getMessage().contains("com.example.leases"), refused.getMessage());
            List<Long> rest = new ArrayList<>();
            for (RemoteEvent event = iterator.next(0); event != null; event = iterator.next(0)) {
                rest.add(event.getSequenceNumber());
            }
            assertEquals(List.of(3L, 4L, 5L, 6L), rest);
            iterator.close();
            assertEquals(0, storedEvents(service.state()));
        }
    }

    private static int storedEvents(MailboxState state) {
        return state.read(() -> state.registrations.values().stream().mapToInt(r -> r.events.size()).sum());
    }
}
