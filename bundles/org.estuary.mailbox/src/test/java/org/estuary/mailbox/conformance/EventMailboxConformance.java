package org.estuary.mailbox.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.NoSuchObjectException;
import java.util.ArrayList;
import java.util.List;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;
import net.jini.core.lease.Lease;
import net.jini.core.lease.UnknownLeaseException;
import net.jini.event.InvalidIteratorException;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.MailboxRegistration;
import net.jini.event.PullEventMailbox;
import net.jini.event.RemoteEventIterator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.example.leases.ExampleEvent;
import com.example.leases.ExampleListener;
import com.example.leases.ExampleSource;
import com.example.leases.RefusingListener;

/**
 * The EM conformance suite: talks to the mailbox only through {@code net.jini.event} and {@code net.jini.core.*}.
 * Generators are the test itself, sending events of classes only it has ({@link ExampleEvent} from
 * {@link ExampleSource}s, package {@code com.example.leases}) to the mailbox listener it was given; targets are
 * listeners of the same package exported with plain RMI on 127.0.0.1. A subclass supplies the mailbox and a way to
 * let time pass: a manual clock in-JVM, real time against another JVM.
 *
 * <p>A run on real time overrides {@link #requiresManualClock} (tests that need the clock to jump are skipped; the
 * in-JVM runs cover them on every store) and {@link #eventually} (a bounded wait for what the in-JVM runs see at
 * once). Absence of a delivery is shown with a later event on the same registration (its target sees events in
 * arrival order), never by waiting and hoping.
 */
public abstract class EventMailboxConformance {

    private final List<AutoCloseable> exported = new ArrayList<>();
    private final ExampleSource alpha = new ExampleSource("alpha");
    private final ExampleSource beta = new ExampleSource("beta");

    /** The mailbox under test (a fresh one per test). */
    protected abstract PullEventMailbox mailbox() throws Exception;

    /** Lets {@code millis} pass and the mailbox act on what fell due. */
    protected abstract void advance(long millis) throws Exception;

    /** Declares that the test can show what it checks only with the manual clock, for the reason given. */
    protected void requiresManualClock(String why) {
        // the manual clock: always
    }

    /** Checks {@code condition}, which holds once the mailbox acted; a run on real time waits with a bound. */
    protected void eventually(String what, Condition condition) throws Exception {
        assertTrue(condition.holds(), what);
    }

    /** A condition {@link #eventually} checks. */
    @FunctionalInterface
    protected interface Condition {
        boolean holds() throws Exception;
    }

    @AfterEach
    void unexport() throws Exception {
        for (AutoCloseable listener : exported) {
            listener.close();
        }
    }

    private ExampleListener target() throws Exception {
        ExampleListener listener = new ExampleListener();
        exported.add(listener);
        return listener;
    }

    private RefusingListener refusing(String source) throws Exception {
        RefusingListener listener = new RefusingListener(source);
        exported.add(listener);
        return listener;
    }

    private static List<String> payloads(List<RemoteEvent> events) {
        return events.stream().map(event -> ((ExampleEvent) event).payload()).toList();
    }

    private static List<String> drain(RemoteEventIterator events) throws Exception {
        List<String> payloads = new ArrayList<>();
        for (RemoteEvent event; (event = events.next(0)) != null;) {
            payloads.add(((ExampleEvent) event).payload());
        }
        return payloads;
    }

    private void send(RemoteEventListener listener, ExampleSource source, long eventId, long sequence)
            throws Exception {
        listener.notify(source.event(eventId, sequence, source.name() + "#" + eventId + "/" + sequence));
    }

    // ---- EM.3, EM.6 ---------------------------------------------------------------------------------------------

    @Test
    void em3RegisterRefusesDurationsThatAreNeitherPositiveNorAny() throws Exception {
        PullEventMailbox mailbox = mailbox();
        assertThrows(IllegalArgumentException.class, () -> mailbox.register(0));
        assertThrows(IllegalArgumentException.class, () -> mailbox.register(-2));
        assertTrue(mailbox.register(Lease.ANY).getLease().getExpiration() > 0);
    }

    @Test
    void em6PullRegisterRefusesDurationsThatAreNeitherPositiveNorAny() throws Exception {
        PullEventMailbox mailbox = mailbox();
        assertThrows(IllegalArgumentException.class, () -> mailbox.pullRegister(0));
        assertThrows(IllegalArgumentException.class, () -> mailbox.pullRegister(Long.MIN_VALUE));
        assertTrue(mailbox.pullRegister(60_000).getLease().getExpiration() > 0);
    }

    @Test
    void em3EachRegisterMakesANewRegistration() throws Exception {
        PullEventMailbox mailbox = mailbox();
        MailboxRegistration one = mailbox.register(60_000);
        MailboxRegistration two = mailbox.register(60_000);
        assertNotEquals(one, two);
        assertEquals(one, one);
    }

    // ---- EM.4.1 -------------------------------------------------------------------------------------------------

    @Test
    void em41ListenersAreEqualPerRegistrationOnly() throws Exception {
        PullEventMailbox mailbox = mailbox();
        MailboxRegistration one = mailbox.register(60_000);
        MailboxRegistration two = mailbox.register(60_000);
        assertEquals(one.getListener(), one.getListener());
        assertEquals(one.getListener().hashCode(), one.getListener().hashCode());
        assertNotEquals(one.getListener(), two.getListener());
    }

    @Test
    void em41EndedRegistrationAnswersNoSuchObject() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        RemoteEventListener listener = registration.getListener();
        registration.getLease().cancel();
        assertThrows(NoSuchObjectException.class, () -> send(listener, alpha, 1, 1));
        assertThrows(NoSuchObjectException.class, registration::disableDelivery);
        assertThrows(NoSuchObjectException.class, () -> registration.enableDelivery(target().stub()));
        assertThrows(NoSuchObjectException.class, registration::getRemoteEvents);
        assertThrows(UnknownLeaseException.class, () -> registration.getLease().renew(60_000));
    }

    @Test
    void em41ExpiredRegistrationAnswersNoSuchObject() throws Exception {
        requiresManualClock("the lease must run out");
        MailboxRegistration registration = mailbox().register(10_000);
        advance(10_001);
        assertThrows(NoSuchObjectException.class, () -> send(registration.getListener(), alpha, 1, 1));
    }

    @Test
    void em41RenewedRegistrationOutlivesItsFirstTerm() throws Exception {
        requiresManualClock("the first term must run out");
        MailboxRegistration registration = mailbox().register(10_000);
        registration.getLease().renew(60_000);
        advance(10_001);
        send(registration.getListener(), alpha, 1, 1);
    }

    @Test
    void em41OwnListenerIsRefusedAsTarget() throws Exception {
        PullEventMailbox mailbox = mailbox();
        MailboxRegistration one = mailbox.register(60_000);
        MailboxRegistration two = mailbox.register(60_000);
        assertThrows(IllegalArgumentException.class, () -> one.enableDelivery(one.getListener()));
        assertThrows(IllegalArgumentException.class, () -> one.enableDelivery(two.getListener()));
    }

    @Test
    void em41StoredAndLaterEventsReachTheTargetInArrivalOrder() throws Exception {
        MailboxRegistration registration = mailbox().register(60_000);
        RemoteEventListener listener = registration.getListener();
        send(listener, alpha, 1, 1);
        send(listener, beta, 7, 3);
        ExampleListener target = target();
        registration.enableDelivery(target.stub());
        send(listener, alpha, 1, 2);
        eventually("three events delivered", () -> target.events.size() == 3);
        assertEquals(List.of("alpha#1/1", "beta#7/3", "alpha#1/2"), payloads(target.events));
        assertInstanceOf(ExampleSource.class, target.events.get(0).getSource());
    }

    @Test
    void em41DisabledDeliveryKeepsEventsForTheNextTarget() throws Exception {
        MailboxRegistration registration = mailbox().register(60_000);
        ExampleListener first = target();
        registration.enableDelivery(first.stub());
        send(registration.getListener(), alpha, 1, 1);
        eventually("the first event delivered", () -> first.events.size() == 1);
        registration.disableDelivery();
        send(registration.getListener(), alpha, 1, 2);
        registration.disableDelivery(); // EM.4.1: allowed with no target
        ExampleListener second = target();
        registration.enableDelivery(second.stub());
        send(registration.getListener(), alpha, 1, 3);
        eventually("the rest delivered to the new target", () -> second.events.size() == 2);
        assertEquals(List.of("alpha#1/2", "alpha#1/3"), payloads(second.events));
        assertEquals(List.of("alpha#1/1"), payloads(first.events)); // nothing more after the change
    }

    @Test
    void em41EnableWithNullDisables() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        ExampleListener target = target();
        registration.enableDelivery(target.stub());
        registration.enableDelivery(null);
        send(registration.getListener(), alpha, 1, 1);
        assertEquals(List.of("alpha#1/1"), drain(registration.getRemoteEvents()));
        assertTrue(target.events.isEmpty());
    }

    @Test
    void em41DefiniteFailureDisablesDeliveryUntilEnabledAgain() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        ExampleListener gone = target();
        gone.close(); // unexported: the mailbox's notify gets NoSuchObjectException, a definite failure
        registration.enableDelivery(gone.stub());
        send(registration.getListener(), alpha, 1, 1);
        send(registration.getListener(), alpha, 1, 2);
        ExampleListener working = target();
        eventually("delivery disabled, both events kept", () -> {
            registration.enableDelivery(working.stub());
            return working.events.size() == 2;
        });
        assertEquals(List.of("alpha#1/1", "alpha#1/2"), payloads(working.events));
    }

    @Test
    void em41UnknownEventIsRefusedToItsGeneratorAndClearedByEnable() throws Exception {
        MailboxRegistration registration = mailbox().register(60_000);
        RemoteEventListener listener = registration.getListener();
        RefusingListener target = refusing("alpha");
        registration.enableDelivery(target.stub());
        send(listener, alpha, 1, 1);
        send(listener, beta, 1, 1);
        eventually("both attempted", () -> target.events.size() == 2);
        long[] sequence = {2};
        eventually("alpha#1 refused to its generator", () -> { // once the target's answer is recorded
            try {
                send(listener, alpha, 1, sequence[0]++); // accepted before that, it is skipped later
                return false;
            } catch (UnknownEventException refused) {
                return true;
            }
        });
        send(listener, alpha, 2, 1); // another event id of the same source
        send(listener, new ExampleSource("alpha2"), 1, 1); // another source
        eventually("the other pairs delivered", () -> target.events.size() == 4);
        ExampleListener next = target();
        registration.enableDelivery(next.stub()); // EM.4.1: clears the list
        send(listener, alpha, 1, 3);
        eventually("alpha#1 accepted again", () -> next.events.size() == 1);
    }

    // ---- EM.7.1 -------------------------------------------------------------------------------------------------

    @Test
    void em71IteratorReturnsStoredEventsInOrderWithTheirOwnClasses() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        for (int i = 1; i <= 5; i++) {
            send(registration.getListener(), i % 2 == 0 ? beta : alpha, 1, i);
        }
        RemoteEventIterator events = registration.getRemoteEvents();
        RemoteEvent first = events.next(0);
        assertInstanceOf(ExampleEvent.class, first);
        assertEquals(alpha, first.getSource());
        assertEquals(List.of("beta#1/2", "alpha#1/3", "beta#1/4", "alpha#1/5"), drain(events));
        assertNull(events.next(0));
    }

    @Test
    void em71NextRefusesANegativeTimeoutAndAnswersNullWhenNothingCame() throws Exception {
        RemoteEventIterator events = mailbox().pullRegister(60_000).getRemoteEvents();
        assertThrows(IllegalArgumentException.class, () -> events.next(-1));
        assertNull(events.next(0));
        assertNull(events.next(10));
    }

    @Test
    void em71NextWaitsForAnEventThatArrives() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        RemoteEventIterator events = registration.getRemoteEvents();
        Thread generator = new Thread(() -> {
            try {
                send(registration.getListener(), alpha, 1, 1);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        generator.start();
        RemoteEvent event = events.next(30_000);
        generator.join(30_000);
        assertEquals("alpha#1/1", ((ExampleEvent) event).payload());
    }

    @Test
    void em71ANewIteratorInvalidatesTheEarlierOnesForever() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        RemoteEventIterator first = registration.getRemoteEvents();
        RemoteEventIterator second = registration.getRemoteEvents();
        assertThrows(InvalidIteratorException.class, () -> first.next(0));
        assertThrows(InvalidIteratorException.class, () -> first.next(0));
        assertThrows(InvalidIteratorException.class, first::close);
        assertNull(second.next(0));
    }

    @Test
    void em71GetRemoteEventsDisablesPushAndEnableInvalidatesTheIterator() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        ExampleListener target = target();
        registration.enableDelivery(target.stub());
        RemoteEventIterator events = registration.getRemoteEvents();
        send(registration.getListener(), alpha, 1, 1);
        assertEquals("alpha#1/1", ((ExampleEvent) events.next(0)).payload());
        assertTrue(target.events.isEmpty());
        assertNull(events.next(0)); // this transfer also tells the mailbox the iterator has alpha#1/1
        registration.enableDelivery(target.stub());
        assertThrows(InvalidIteratorException.class, () -> events.next(0));
        send(registration.getListener(), alpha, 1, 2);
        eventually("push resumed", () -> target.events.size() == 1);
        assertEquals(List.of("alpha#1/2"), payloads(target.events));
    }

    @Test
    void em71ClosedIteratorIsInvalidForever() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        send(registration.getListener(), alpha, 1, 1);
        RemoteEventIterator events = registration.getRemoteEvents();
        assertEquals("alpha#1/1", ((ExampleEvent) events.next(0)).payload());
        events.close();
        assertThrows(InvalidIteratorException.class, () -> events.next(0));
        assertThrows(InvalidIteratorException.class, events::close);
        assertNull(registration.getRemoteEvents().next(0)); // what it returned is gone
    }

    @Test
    void em71AnIteratorNeverReturnsAnEventTwice() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        RemoteEventIterator events = registration.getRemoteEvents();
        List<String> seen = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 4; i++) {
                send(registration.getListener(), alpha, 1, round * 4 + i);
            }
            seen.addAll(drain(events));
        }
        assertEquals(12, seen.size());
        assertEquals(12, seen.stream().distinct().count());
    }

    @Test
    void em71AddUnknownEventsRefusesThatPairAndSkipsStoredOnes() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        RemoteEventListener listener = registration.getListener();
        send(listener, alpha, 1, 1);
        send(listener, beta, 1, 1);
        RemoteEventIterator events = registration.getRemoteEvents();
        registration.addUnknownEvents(List.of(alpha.event(1, 99, "the one the client did not want")));
        assertThrows(UnknownEventException.class, () -> send(listener, alpha, 1, 2));
        assertEquals(List.of("beta#1/1"), drain(events));
        registration.getRemoteEvents(); // EM.7.1: a new iterator clears the list
        send(listener, alpha, 1, 3);
    }

    @Test
    void em71AddUnknownEventsNeedsALiveRegistration() throws Exception {
        MailboxPullRegistration registration = mailbox().pullRegister(60_000);
        registration.getLease().cancel();
        assertThrows(NoSuchObjectException.class,
                () -> registration.addUnknownEvents(List.of(alpha.event(1, 1, "x"))));
        assertFalse(registration.getLease().getExpiration() < 0);
    }
}
