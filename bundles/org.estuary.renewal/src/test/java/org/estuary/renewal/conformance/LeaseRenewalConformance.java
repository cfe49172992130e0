package org.estuary.renewal.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEvent;
import net.jini.core.lease.Lease;
import net.jini.core.lease.UnknownLeaseException;
import net.jini.lease.ExpirationWarningEvent;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;
import net.jini.lease.RenewalFailureEvent;

import org.estuary.core.time.Clock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.example.leases.ExampleHandback;
import com.example.leases.ExampleLease;
import com.example.leases.ExampleListener;
import com.example.leases.LeaseRevokedException;

/**
 * The LR conformance suite: talks to the service only through {@code net.jini.lease} and {@code net.jini.core.*}.
 * A subclass supplies the service, the clock the client leases are granted on, and a way to let time pass: a
 * manual clock in-JVM, real time when the service runs in another JVM and is reached through a client. Client
 * leases are real {@code LandlordLease}s of a {@link TestLandlord} and, for every LR.2 and LR.2.1 method, leases,
 * listeners and handbacks of classes only the client has ({@link ClientClasses}: package {@code com.example.leases},
 * a landlord and listeners exported with plain RMI); listeners are {@link TestListener}s; an {@link Exporter} says
 * how the test landlord and listeners reach the service: with real RMI on 127.0.0.1 in either case, through
 * {@link LoopbackRmi} in-JVM.
 *
 * <p>A run on real time cannot skip time ahead nor see at once what the service did on its own: it overrides
 * {@link #requiresTime} (tests that let more time pass than it can afford are skipped; the manual-clock runs cover
 * them on every store), {@link #requiresManualClock} and {@link #eventually} (a bounded wait for what the manual
 * clock shows at once). Absence of an event is shown with a fence event on the same registration (LR.2.1: its
 * events arrive in sequence), never by waiting and hoping.
 */
public abstract class LeaseRenewalConformance {

    protected static final long HOUR = 3_600_000L;

    protected TestLandlord landlord;
    /** The client's own classes: its landlord, its listeners. */
    protected ClientClasses client;
    /** The in-JVM runs' callback exporter, one per test class (started when first used). */
    private static LoopbackRmi loopback;

    /** The service under test (a fresh one per test). */
    protected abstract LeaseRenewalService service() throws Exception;

    /** The clock of the service and of the test landlord. */
    protected abstract Clock clock();

    /** Lets {@code millis} pass and the service act on everything that fell due. */
    protected abstract void advance(long millis) throws Exception;

    /**
     * How callbacks (the test landlord, listeners) reach the service: exported with real RMI on 127.0.0.1 by
     * default, for a service in this JVM; a run against another JVM exports them through its client.
     */
    protected Exporter exporter() {
        if (loopback == null) {
            try {
                loopback = new LoopbackRmi();
            } catch (java.io.IOException e) {
                throw new IllegalStateException("cannot export callbacks on 127.0.0.1", e);
            }
        }
        return loopback;
    }

    /**
     * Declares that the test lets {@code millis} of the clock pass in total. The manual clock lets any amount pass
     * at once; a run on real time skips a test that needs more than it can afford.
     */
    protected void requiresTime(long millis) {
        // the manual clock: any amount
    }

    /** Declares that the test can show what it checks only with the manual clock, for the reason given. */
    protected void requiresManualClock(String why) {
        // the manual clock: always
    }

    /**
     * Checks {@code condition}, which holds once the service has acted on what fell due. With the manual clock
     * {@link #advance} has already let it act, so the condition is checked once; a run on real time waits for it
     * with a bound.
     */
    protected void eventually(String what, Condition condition) throws Exception {
        assertTrue(condition.holds(), what);
    }

    /** A condition {@link #eventually} checks. */
    @FunctionalInterface
    protected interface Condition {
        boolean holds() throws Exception;
    }

    @BeforeEach
    void landlord() throws RemoteException {
        landlord = new TestLandlord(clock(), exporter());
        client = new ClientClasses(clock());
    }

    /** A listener the service can reach. */
    protected TestListener listener() {
        return new TestListener(exporter());
    }

    /** A lease of the test landlord that has expired by the time this returns. */
    private Lease expiredLease() throws Exception {
        Lease lease = landlord.grant(1);
        advance(2);
        return lease;
    }

    /** The failure event among {@code events} (a listener's) for {@code lease}, or null. */
    private static RenewalFailureEvent failureFor(List<RemoteEvent> events, Lease lease) throws Exception {
        for (RemoteEvent event : events) {
            if (event instanceof RenewalFailureEvent failure && lease.equals(failure.getLease())) {
                return failure;
            }
        }
        return null;
    }

    /** The failure event a listener's {@code events} get for {@code lease}, waited for (LR.2.1). */
    private RenewalFailureEvent awaitFailure(List<RemoteEvent> events, Lease lease) throws Exception {
        eventually("a renewal failure event for " + lease, () -> failureFor(events, lease) != null);
        return failureFor(events, lease);
    }

    /**
     * The {@code events} the failure listener of {@code set} got before a fence: a lease expired on
     * arrival whose desired expiration is after its actual one, so LR.2 drops it with a failure event sent after
     * every event sent before it. LR.2.1: a registration's events are delivered in sequence, so once the fence's
     * event is here nothing sent earlier is still on its way.
     */
    private List<RemoteEvent> eventsBeforeFence(LeaseRenewalSet set, List<RemoteEvent> events) throws Exception {
        Lease fence = expiredLease();
        set.renewFor(fence, HOUR);
        advance(0);
        RenewalFailureEvent fenceEvent = awaitFailure(events, fence);
        List<RemoteEvent> before = new ArrayList<>(events);
        return before.subList(0, before.indexOf(fenceEvent));
    }

    @AfterEach
    void closeLandlord() {
        landlord.close();
        client.close();
    }

    @AfterAll
    static void closeLoopback() {
        if (loopback != null) {
            loopback.close();
            loopback = null;
        }
    }

    private long now() {
        return clock().currentTimeMillis();
    }

    // ---- LR.2 createLeaseRenewalSet --------------------------------------------------------------------------

    @Test
    void lr2CreateRejectsZeroAndNegativeDurations() throws Exception {
        // LR.2: positive, FOREVER or ANY, else IllegalArgumentException
        assertThrows(IllegalArgumentException.class, () -> service().createLeaseRenewalSet(0));
        assertThrows(IllegalArgumentException.class, () -> service().createLeaseRenewalSet(-2));
        assertThrows(IllegalArgumentException.class, () -> service().createLeaseRenewalSet(Long.MIN_VALUE));
    }

    @Test
    void lr2CreateGrantsNoMoreThanRequested() throws Exception {
        // LR.2: "equal to or shorter than this request"; ANY and FOREVER are accepted
        long before = now();
        LeaseRenewalSet set = service().createLeaseRenewalSet(10_000);
        long after = now(); // granted no later than this, whichever clock the service reads
        assertTrue(set.getRenewalSetLease().getExpiration() <= after + 10_000);
        assertTrue(service().createLeaseRenewalSet(Lease.ANY).getRenewalSetLease().getExpiration() > before);
        assertTrue(service().createLeaseRenewalSet(Lease.FOREVER).getRenewalSetLease().getExpiration() > before);
    }

    @Test
    void lr2SetsAreNeverEqualAndProxiesEqualBySet() throws Exception {
        // LR.2: two calls never return equal objects; proxies of one set are equal; service proxies equal
        LeaseRenewalSet a = service().createLeaseRenewalSet(HOUR);
        LeaseRenewalSet b = service().createLeaseRenewalSet(HOUR);
        assertNotEquals(a, b);
        EventRegistration registration = a.setRenewalFailureListener(listener().ref(), null);
        assertEquals(a, registration.getSource());
        assertEquals(a.hashCode(), registration.getSource().hashCode());
        assertEquals(service(), service());
    }

    // ---- LR.2 renewFor: arguments ----------------------------------------------------------------------------

    @Test
    void lr2RenewForNullLeaseThrowsNullPointerException() throws Exception {
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        assertThrows(NullPointerException.class, () -> set.renewFor(null, 1000));
        assertThrows(NullPointerException.class, () -> set.renewFor(null, 1000, 1000));
    }

    @Test
    void lr2RenewForOwnUnexpiredLeaseIsRejected() throws Exception {
        // LR.2: a lease granted by the renewal service itself that has not expired
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        LeaseRenewalSet other = service().createLeaseRenewalSet(HOUR);
        assertThrows(IllegalArgumentException.class, () -> set.renewFor(other.getRenewalSetLease(), HOUR));
        assertThrows(IllegalArgumentException.class, () -> set.renewFor(set.getRenewalSetLease(), HOUR));
    }

    @Test
    void lr2RenewForLeaseOfAnotherSetIsRejected() throws Exception {
        // LR.2: "currently a member of another set allocated by the same renewal service", known by equals: also
        // a lease of the client's own class whose copy the client renewed since (another expiration, equal)
        LeaseRenewalSet a = service().createLeaseRenewalSet(HOUR);
        LeaseRenewalSet b = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(60_000);
        ExampleLease clients = client.lease(10_000);
        a.renewFor(lease, HOUR);
        a.renewFor(clients, HOUR);
        clients.renew(20_000);
        assertThrows(IllegalArgumentException.class, () -> b.renewFor(lease, HOUR));
        assertThrows(IllegalArgumentException.class, () -> b.renewFor(clients, HOUR));
        assertEquals(java.util.Set.of(lease, clients), java.util.Set.of(a.getLeases()));
        assertEquals(0, b.getLeases().length);
    }

    @Test
    void lr2RenewDurationMustBePositiveOrAnyForForever() throws Exception {
        // LR.2: renewDuration positive; ANY only when desiredDuration is exactly Long.MAX_VALUE; a refused call
        // adds nothing. For Estuary's leases and the client's own.
        for (Lease lease : List.of(landlord.grant(60_000), client.lease(60_000))) {
            LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
            assertThrows(IllegalArgumentException.class, () -> set.renewFor(lease, HOUR, 0));
            assertThrows(IllegalArgumentException.class, () -> set.renewFor(lease, HOUR, -5));
            assertThrows(IllegalArgumentException.class, () -> set.renewFor(lease, HOUR, Lease.ANY));
            assertThrows(IllegalArgumentException.class, () -> set.renewFor(lease, Long.MAX_VALUE, 0));
            assertEquals(0, set.getLeases().length, "refused calls add nothing");
            set.renewFor(lease, Long.MAX_VALUE, Lease.ANY);
            set.renewFor(lease, Long.MAX_VALUE); // two-argument form: renew duration FOREVER
            assertArrayEquals(new Lease[] {lease}, set.getLeases());
        }
    }

    // ---- LR.2 renewFor: desired expiration -------------------------------------------------------------------

    @Test
    void lr2NegativeDesiredDurationDropsWithoutEventWhenActualIsLater() throws Exception {
        // LR.2: a negative desiredDuration (Lease.ANY too) drops the lease at once, no exception; event iff
        // actual < desired (here actual is later). Estuary's leases and the client's own, which stay with their
        // landlord (dropped, not cancelled)
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        ExampleListener failures = client.listener();
        set.setRenewalFailureListener(failures.stub(), null);
        ExampleLease negative = client.lease(60_000);
        ExampleLease any = client.lease(60_000);
        set.renewFor(landlord.grant(60_000), -1000);
        set.renewFor(landlord.grant(60_000), Lease.ANY);
        set.renewFor(negative, -1_000);
        set.renewFor(any, Lease.ANY);
        advance(0);
        eventually("all dropped", () -> set.getLeases().length == 0);
        assertEquals(List.of(), eventsBeforeFence(set, failures.events));
        assertTrue(client.landlord.holds(negative) && client.landlord.holds(any), "dropped, not cancelled");
    }

    @Test
    void lr2ExpiredOnArrivalIsDroppedWithEventOnlyWhenActualBeforeDesired() throws Exception {
        // LR.2: expired on arrival: dropped; failure event iff actual < desired
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        TestListener failures = listener();
        set.setRenewalFailureListener(failures.ref(), null);
        Lease early = landlord.grant(100);
        Lease expired = landlord.grant(100);
        advance(1000);
        set.renewFor(early, -5000); // desired (now - 5000) before actual (now - 900): no event
        advance(0);
        set.renewFor(expired, 60_000); // actual before desired: event
        advance(0);
        eventually("both dropped", () -> set.getLeases().length == 0);
        RenewalFailureEvent event = awaitFailure(failures.events, expired);
        // LR.2.1: in sequence, so an event for the first lease would have come before this one
        assertEquals(List.of(event), failures.events);
        assertNull(event.getThrowable());
    }

    @Test
    void lr2NegativeDesiredDurationDropsWithEventWhenActualIsEarlier() throws Exception {
        // LR.2: a negative desired duration drops the lease at once; a failure event exactly when its actual
        // expiration is before its desired expiration (here actual = now - 900, desired = now - 500)
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        TestListener failures = listener();
        set.setRenewalFailureListener(failures.ref(), null);
        Lease expired = landlord.grant(100);
        advance(1000);
        set.renewFor(expired, -500);
        advance(0);
        eventually("dropped", () -> set.getLeases().length == 0);
        awaitFailure(failures.events, expired);
        assertEquals(1, failures.events.size());
    }

    @Test
    void lr2OwnSetLeaseThatExpiredIsTakenAndDroppedWithAnEvent() throws Exception {
        // LR.2: only a lease of this service that has NOT expired is refused; an expired one is dropped like any
        // lease expired on arrival, with a failure event carrying it
        LeaseRenewalSet shortLived = service().createLeaseRenewalSet(1_000);
        Lease own = shortLived.getRenewalSetLease();
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        TestListener failures = listener();
        set.setRenewalFailureListener(failures.ref(), null);
        advance(2_000);
        set.renewFor(own, 60_000);
        advance(0);
        eventually("dropped", () -> set.getLeases().length == 0);
        eventually("a failure event", () -> failures.events.size() == 1);
        assertEquals(own, ((RenewalFailureEvent) failures.events.get(0)).getLease(), "the lease, not null");
    }

    @Test
    void lr2DesiredExpirationOverflowSaturates() throws Exception {
        // LR.2: now + desired overflows to Long.MAX_VALUE: the lease stays, Estuary's and the client's own
        requiresTime(2_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(1_000);
        ExampleLease clients = client.lease(1_000);
        set.renewFor(lease, Long.MAX_VALUE - 1, 1_000);
        set.renewFor(clients, Long.MAX_VALUE - 1, 1_000);
        advance(2_000); // twice the leases' duration: they stay only by being renewed
        assertTrue(client.landlord.holds(clients), "renewed at its landlord");
        assertEquals(java.util.Set.of(lease, clients), java.util.Set.of(set.getLeases()));
    }

    @Test
    void lr2ReAddingAnEqualLeaseUpdatesDurationsAndKeepsTheCopy() throws Exception {
        // LR.2: the existing client lease takes the new durations; the original copy is not replaced
        requiresTime(5_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(2_000);
        set.renewFor(lease, 3_000, 2_000);
        set.renewFor(lease, 24_000, 2_000);
        advance(5_000); // past the first desired expiration and the lease's own
        Lease[] held = set.getLeases();
        assertEquals(1, held.length);
        assertEquals(lease, held[0]);
        assertTrue(held[0].getExpiration() > now(), "renewed beyond the first desired expiration");
    }

    // ---- LR.2 renewal ----------------------------------------------------------------------------------------

    @Test
    void lr2LeasesAreRenewedUntilDesiredExpirationAndNeverPastIt() throws Exception {
        // LR.2: request min(renew duration, remaining desired); removed at desired expiration, no event
        requiresTime(50_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        TestListener failures = listener();
        set.setRenewalFailureListener(failures.ref(), null);
        Lease lease = landlord.grant(10_000);
        long desired = now() + 45_000;
        set.renewFor(lease, 45_000, 10_000);
        for (int i = 0; i < 8; i++) {
            advance(5_000);
            assertTrue(landlord.expiration(lease) > now(), "kept alive at step " + i);
            assertTrue(landlord.expiration(lease) <= desired, "never renewed past the desired expiration");
        }
        advance(10_000);
        assertEquals(0, set.getLeases().length);
        assertEquals(0, failures.events.size());
    }

    @Test
    void lr2AnyIsRequestedWhenDesiredIsForeverAndRenewDurationIsAny() throws Exception {
        // LR.2: the one case where the service asks for Lease.ANY instead of min(renew, remaining desired); also of
        // the client's own landlord
        requiresTime(3_600);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(2_000);
        ExampleLease clients = client.lease(2_000);
        set.renewFor(lease, Lease.FOREVER, Lease.ANY);
        set.renewFor(clients, Lease.FOREVER, Lease.ANY);
        advance(1_800);
        eventually("renewed", () -> landlord.renewCalls.get() + landlord.renewAllCalls.get() > 0);
        assertEquals(Lease.ANY, landlord.lastDuration.get());
        eventually("renewed by the client's landlord", () -> client.landlord.renewCalls() > 0);
        assertEquals(Lease.ANY, client.landlord.lastDuration());
        int renewed = landlord.renewCalls.get() + landlord.renewAllCalls.get();
        Lease bounded = landlord.grant(2_000); // the first is now held for the landlord's default, a minute
        set.renewFor(bounded, 60_000, 1_400);
        advance(1_800);
        eventually("renewed again", () -> landlord.renewCalls.get() + landlord.renewAllCalls.get() > renewed);
        assertTrue(landlord.lastDuration.get() > 0 && landlord.lastDuration.get() <= 1_400,
                "min(renew duration, remaining desired): " + landlord.lastDuration.get());
    }

    @Test
    void lr2ReturnedLeasesReflectTheLastRecordedRenewal() throws Exception {
        // LR.2: getLeases shows the expiration of the last recorded renewal
        requiresTime(30_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(10_000);
        long original = lease.getExpiration();
        set.renewFor(lease, HOUR, 10_000);
        advance(30_000);
        long shown = set.getLeases()[0].getExpiration();
        assertTrue(shown > original, "shown " + shown + " after renewals, original " + original);
        assertEquals(landlord.expiration(lease), shown, 1_000);
    }

    @Test
    void lr2ActualBeyondDesiredIsNeverRenewed() throws Exception {
        // LR.2: actual later than desired: not renewed; stays until desired expiration
        requiresTime(25_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(60_000);
        set.renewFor(lease, 20_000);
        advance(10_000);
        assertEquals(1, set.getLeases().length);
        advance(15_000);
        assertEquals(0, set.getLeases().length);
        assertEquals(0, landlord.renewCalls.get() + landlord.renewAllCalls.get());
    }

    @Test
    void lr2RenewalsBatchThroughLeaseMapAcrossSets() throws Exception {
        // LR.1: leases that can batch are renewed together, even from different sets
        requiresTime(30_000);
        LeaseRenewalSet a = service().createLeaseRenewalSet(HOUR);
        LeaseRenewalSet b = service().createLeaseRenewalSet(HOUR);
        a.renewFor(landlord.grant(10_000), HOUR, 10_000);
        a.renewFor(landlord.grant(10_000), HOUR, 10_000);
        b.renewFor(landlord.grant(10_000), HOUR, 10_000);
        advance(30_000);
        assertTrue(landlord.renewAllCalls.get() > 0);
        assertEquals(3, landlord.largestBatch.get());
        assertEquals(0, landlord.renewCalls.get());
    }

    @Test
    void lr21DefiniteFailureSendsEventAndRemovesLease() throws Exception {
        // LR.2.1: a definite exception (UnknownLeaseException) sends a failure event and removes the lease
        requiresTime(2_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        TestListener failures = listener();
        set.setRenewalFailureListener(failures.ref(), null);
        Lease lease = landlord.grant(2_000);
        set.renewFor(lease, HOUR, 2_000);
        lease.cancel();
        advance(2_000); // the renewal falls due before the lease's expiration and meets the cancellation
        eventually("removed", () -> set.getLeases().length == 0);
        eventually("a failure event", () -> failures.events.size() == 1);
        RenewalFailureEvent event = (RenewalFailureEvent) failures.events.get(0);
        assertEquals(set, event.getSource());
        assertEquals(LeaseRenewalSet.RENEWAL_FAILURE_EVENT_ID, event.getID());
        assertEquals(lease, event.getLease());
        assertInstanceOf(UnknownLeaseException.class, event.getThrowable());
        assertTrue(event.getLease() == event.getLease(), "LR.2.1: the same object once read");
        assertTrue(event.getThrowable() == event.getThrowable(), "LR.2.1: the throwable too");
    }

    @Test
    void lr2IndefiniteFailuresAreRetriedUntilActualExpiration() throws Exception {
        // LR.2: indefinite failures retried until the lease would leave the set; then a failure event
        requiresTime(25_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        TestListener failures = listener();
        set.setRenewalFailureListener(failures.ref(), null);
        Lease lease = landlord.grant(20_000);
        set.renewFor(lease, HOUR, 20_000);
        landlord.unreachable = true;
        advance(15_000);
        assertEquals(1, set.getLeases().length, "still retrying");
        assertEquals(0, failures.events.size());
        advance(10_000);
        assertEquals(0, set.getLeases().length);
        assertEquals(1, failures.events.size());
        assertInstanceOf(RemoteException.class, ((RenewalFailureEvent) failures.events.get(0)).getThrowable());
    }

    @Test
    void lr2IndefiniteFailureThatClearsKeepsTheLease() throws Exception {
        // LR.2: a retry after the landlord is back succeeds; no event
        requiresTime(19_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(20_000);
        set.renewFor(lease, HOUR, 20_000);
        landlord.unreachable = true;
        advance(11_000);
        landlord.unreachable = false;
        advance(8_000);
        assertTrue(landlord.expiration(lease) > now() + 5_000);
        assertEquals(1, set.getLeases().length);
    }

    // ---- LR.2 remove and getLeases ---------------------------------------------------------------------------

    @Test
    void lr2RemoveReturnsTheLeaseOrNullAndNeverCancels() throws Exception {
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(10_000);
        set.renewFor(lease, HOUR, 10_000);
        assertEquals(lease, set.remove(lease));
        assertNull(set.remove(lease));
        assertNull(set.remove(landlord.grant(10_000)));
        assertTrue(landlord.expiration(lease) > now(), "LR.2: removal does not cancel");
        assertThrows(NullPointerException.class, () -> set.remove(null));
    }

    @Test
    void lr2RemovedLeaseIsNoLongerRenewed() throws Exception {
        // LR.2: a removed lease is left to its holder, Estuary's and the client's own
        requiresTime(1_500);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(1_000);
        ExampleLease clients = client.lease(1_000);
        set.renewFor(lease, HOUR, 1_000);
        set.renewFor(clients, HOUR, 1_000);
        assertEquals(lease, set.remove(lease));
        assertEquals(clients, set.remove(clients));
        advance(1_500);
        assertThrows(UnknownLeaseException.class, () -> landlord.expiration(lease), "no longer renewed");
        assertFalse(client.landlord.holds(clients), "no longer renewed: expired at its landlord");
    }

    @Test
    void lr2RemoveIsNotBlockedByARenewalInProgress() throws Exception {
        // LR.2: remove returns at once while the service waits for the lease's landlord; the late renewal result
        // does not bring the lease back
        requiresTime(1_800);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(2_000);
        set.renewFor(lease, HOUR, 2_000);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        landlord.hold = release;
        Thread timePasses = new Thread(() -> {
            try {
                advance(1_800); // the renewal falls due and waits in the landlord
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "conformance-advance");
        timePasses.start();
        try {
            assertTrue(landlord.holding.await(30, java.util.concurrent.TimeUnit.SECONDS), "a renewal in flight");
            assertEquals(lease, set.remove(lease));
            // a remove blocked by the renewal would only return once the landlord answered
            assertEquals(1, landlord.heldNow.get(), "remove returned while the renewal was still in flight");
        } finally {
            landlord.hold = null;
            release.countDown();
            timePasses.join(30_000);
        }
        assertEquals(0, set.getLeases().length, "the renewal's result did not put it back");
    }

    // ---- LR.2.1 events ---------------------------------------------------------------------------------------

    @Test
    void lr21WarningListenerArguments() throws Exception {
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        assertThrows(NullPointerException.class, () -> set.setExpirationWarningListener(null, 0, null));
        assertThrows(IllegalArgumentException.class,
                () -> set.setExpirationWarningListener(listener().ref(), -1, null));
        assertThrows(NullPointerException.class, () -> set.setRenewalFailureListener(null, null));
        set.clearExpirationWarningListener(); // LR.2.1: acceptable without a registration
        set.clearRenewalFailureListener();
    }

    @Test
    void lr21RegistrationHasSetSourceEventIdAndSetLease() throws Exception {
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        EventRegistration warning = set.setExpirationWarningListener(listener().ref(), 1000, null);
        assertEquals(set, warning.getSource());
        assertEquals(LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID, warning.getID());
        assertEquals(set.getRenewalSetLease(), warning.getLease());
        EventRegistration failure = set.setRenewalFailureListener(listener().ref(), null);
        assertEquals(LeaseRenewalSet.RENEWAL_FAILURE_EVENT_ID, failure.getID());
        assertEquals(set.getRenewalSetLease(), failure.getLease());
    }

    @Test
    void lr21WarningAtExpirationMinusMinWarning() throws Exception {
        requiresTime(41_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(60_000);
        TestListener warnings = listener();
        set.setExpirationWarningListener(warnings.ref(), 20_000, new java.rmi.MarshalledObject<>("hb"));
        advance(39_000);
        assertEquals(0, warnings.events.size());
        advance(2_000);
        assertEquals(1, warnings.events.size());
        ExpirationWarningEvent event = (ExpirationWarningEvent) warnings.events.get(0);
        assertEquals(set, event.getSource());
        assertEquals(set.getRenewalSetLease(), event.getRenewalSetLease());
        assertEquals("hb", event.getRegistrationObject().get());
    }

    @Test
    void lr21WarningAtOnceWhenLessThanMinWarningRemains() throws Exception {
        LeaseRenewalSet set = service().createLeaseRenewalSet(10_000);
        TestListener warnings = listener();
        set.setExpirationWarningListener(warnings.ref(), 60_000, null);
        advance(10);
        eventually("a warning at once", () -> warnings.events.size() == 1);
    }

    @Test
    void lr21WarningIsRetriedAfterAnIndefiniteFailure() throws Exception {
        // LR.2.1 / EV.2: an indefinite failure (the listener unreachable) is retried; the event arrives once
        requiresTime(45_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(60_000);
        TestListener warnings = listener();
        warnings.failNext.set(1);
        set.setExpirationWarningListener(warnings.ref(), 20_000, null);
        advance(40_000); // due at expiration - minWarning; the first attempt fails
        assertEquals(0, warnings.events.size(), "the first attempt failed");
        assertEquals(0, warnings.failNext.get());
        advance(5_000);
        assertEquals(1, warnings.events.size(), "retried");
    }

    @Test
    void lr21SequenceNumbersContinueAcrossListenerReplacement() throws Exception {
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        TestListener first = listener();
        set.setRenewalFailureListener(first.ref(), null);
        Lease one = landlord.grant(10);
        advance(100);
        set.renewFor(one, HOUR);
        advance(0);
        eventually("the first listener's event", () -> first.events.size() == 1);
        TestListener second = listener();
        EventRegistration registration = set.setRenewalFailureListener(second.ref(), null);
        set.renewFor(one, HOUR);
        advance(0);
        eventually("the second listener's event", () -> second.events.size() == 1);
        long a = first.events.get(0).getSequenceNumber();
        long b = second.events.get(0).getSequenceNumber();
        assertTrue(b > a && registration.getSequenceNumber() >= a, a + " then " + b);
    }

    @Test
    void lr21UnknownEventClearsOnlyThatRegistration() throws Exception {
        requiresManualClock("a cleared registration shows only as deliveries that never happen, and no fence"
                + " event can reach a registration that is gone");
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        TestListener failures = listener();
        failures.unknown = true;
        set.setRenewalFailureListener(failures.ref(), null);
        TestListener warnings = listener();
        set.setExpirationWarningListener(warnings.ref(), 0, null);
        Lease expired = landlord.grant(10);
        advance(100);
        set.renewFor(expired, HOUR);
        advance(0);
        failures.unknown = false;
        set.renewFor(expired, HOUR);
        advance(0);
        assertEquals(0, failures.events.size(), "registration cleared");
        set.getRenewalSetLease().renew(HOUR); // the set lease is untouched
        assertTrue(set.getRenewalSetLease().getExpiration() > now());
    }

    // ---- LR.2 destruction ------------------------------------------------------------------------------------

    @Test
    void lr2CancelledSetIsDestroyed() throws Exception {
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(10_000);
        set.renewFor(lease, HOUR, 10_000);
        set.getRenewalSetLease().cancel();
        assertDestroyed(set, lease);
    }

    @Test
    void lr2CancelledSetRenewsNoMore() throws Exception {
        // LR.2: cancelling the set's lease destroys the set; its client leases, Estuary's and the client's own, are
        // neither cancelled nor renewed
        requiresTime(1_500);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(1_000);
        ExampleLease clients = client.lease(1_000);
        set.renewFor(lease, HOUR, 1_000);
        set.renewFor(clients, HOUR, 1_000);
        set.getRenewalSetLease().cancel();
        assertTrue(client.landlord.holds(clients), "not cancelled");
        advance(1_500);
        assertThrows(UnknownLeaseException.class, () -> landlord.expiration(lease), "no more renewals");
        assertFalse(client.landlord.holds(clients), "no more renewals: expired at its landlord");
    }

    @Test
    void lr2ExpiredSetIsDestroyed() throws Exception {
        requiresTime(3_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(2_000);
        Lease lease = landlord.grant(10_000);
        set.renewFor(lease, HOUR, 10_000);
        advance(3_000);
        eventually("the set destroyed", () -> destroyed(set));
        assertDestroyed(set, lease);
        assertThrows(UnknownLeaseException.class, () -> set.getRenewalSetLease().renew(1000));
    }

    @Test
    void lr2SetLeaseRenewalKeepsTheSet() throws Exception {
        // LR.2: a set whose lease is renewed outlives its first expiration, with its client leases (the client's
        // own here); 0.4 s past the first expiration, 0.8 s before the renewed one
        requiresTime(2_400);
        LeaseRenewalSet set = service().createLeaseRenewalSet(2_000);
        ExampleLease lease = client.lease(ClientClasses.MAX_LEASE);
        set.renewFor(lease, HOUR);
        advance(1_200);
        set.getRenewalSetLease().renew(2_000);
        advance(1_200);
        assertArrayEquals(new Lease[] {lease}, set.getLeases());
    }

    // ---- LR.2 and LR.2.1 with classes only the client has (com.example.leases) -------------------------------

    @Test
    void lr2ClientLeaseIsRenewedThroughItsOwnLandlordAndShownAsRecorded() throws Exception {
        // LR.2: the service renews a client lease by calling the client's landlord, asking for min(renew duration,
        // remaining desired duration); getLeases shows the expiration of the last recorded renewal
        requiresTime(1_800);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        ExampleLease lease = client.lease(2_000);
        long granted = lease.getExpiration();
        set.renewFor(lease, HOUR, 1_500);
        advance(1_800); // the renewal falls due before the lease's expiration
        eventually("renewed through the client's landlord", () -> client.landlord.renewCalls() > 0);
        long asked = client.landlord.lastDuration();
        assertTrue(asked > 0 && asked <= 1_500, "min(renew duration, remaining desired): " + asked);
        assertTrue(client.landlord.expiration(lease) > granted, "the landlord extended it");
        eventually("shown with the recorded renewal", () -> set.getLeases().length == 1
                && set.getLeases()[0].getExpiration() == client.landlord.expiration(lease));
        Lease shown = set.getLeases()[0];
        assertInstanceOf(ExampleLease.class, shown);
        assertEquals(lease, shown);
    }

    @Test
    void lr2ExpiredClientLeaseIsDroppedWithAnEventCarryingItOverRmi() throws Exception {
        // LR.2: a client lease expired on arrival is dropped, with a failure event iff its actual expiration is
        // before its desired one. LR.2.1: the registration names the set; the event reaches the client's listener
        // over RMI with the client's handback; getLease() is the client's lease, of its own class, as added, the same
        // object on every call; getThrowable() is null (no renewal was attempted)
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        ExampleListener failures = client.listener();
        ExampleHandback handback = new ExampleHandback("failures of the nightly set");
        EventRegistration registration = set.setRenewalFailureListener(failures.stub(),
                new MarshalledObject<>(handback));
        assertEquals(set, registration.getSource());
        assertEquals(LeaseRenewalSet.RENEWAL_FAILURE_EVENT_ID, registration.getID());
        assertEquals(set.getRenewalSetLease(), registration.getLease());
        ExampleLease early = client.lease(100);
        ExampleLease expired = client.lease(100);
        advance(1_000);
        set.renewFor(early, -5_000); // desired (now - 5000) before actual (now - 900): no event
        advance(0);
        set.renewFor(expired, 60_000); // actual before desired: an event
        advance(0);
        eventually("both dropped", () -> set.getLeases().length == 0);
        RenewalFailureEvent event = awaitFailure(failures.events, expired);
        // LR.2.1: in sequence, so an event for the first lease would have come before this one
        assertEquals(List.of(event), failures.events);
        assertEquals(set, event.getSource());
        assertEquals(LeaseRenewalSet.RENEWAL_FAILURE_EVENT_ID, event.getID());
        assertInstanceOf(ExampleLease.class, event.getLease());
        assertEquals(expired, event.getLease());
        assertEquals(expired.getExpiration(), event.getLease().getExpiration());
        assertSame(event.getLease(), event.getLease(), "LR.2.1: the same object once read");
        assertNull(event.getThrowable());
        assertEquals(handback, event.getRegistrationObject().get());
    }

    @Test
    void lr21DefiniteFailuresOfClientLeasesReachTheClientsListenerWithTheirExceptions() throws Exception {
        // LR.2.1: a renewal that meets a definite exception (the client cancelled its lease; its landlord revoked
        // one, with an exception of its own class) removes the lease and sends a failure event carrying the lease
        // and that exception
        requiresTime(1_800);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        ExampleListener failures = client.listener();
        ExampleHandback handback = new ExampleHandback("definite failures");
        set.setRenewalFailureListener(failures.stub(), new MarshalledObject<>(handback));
        ExampleLease cancelled = client.lease(2_000);
        ExampleLease revoked = client.lease(2_000);
        set.renewFor(cancelled, HOUR, 2_000);
        set.renewFor(revoked, HOUR, 2_000);
        cancelled.cancel(); // LE.2: its landlord forgets it
        client.landlord.revoke(revoked);
        advance(1_800); // the renewals fall due before the leases' expiration and meet the landlord's answers
        RenewalFailureEvent onCancelled = awaitFailure(failures.events, cancelled);
        RenewalFailureEvent onRevoked = awaitFailure(failures.events, revoked);
        eventually("both removed", () -> set.getLeases().length == 0);
        assertInstanceOf(UnknownLeaseException.class, onCancelled.getThrowable());
        assertInstanceOf(LeaseRevokedException.class, onRevoked.getThrowable());
        assertSame(onRevoked.getThrowable(), onRevoked.getThrowable(), "LR.2.1: the same object once read");
        assertInstanceOf(ExampleLease.class, onRevoked.getLease());
        assertEquals(handback, onCancelled.getRegistrationObject().get());
        assertEquals(handback, onRevoked.getRegistrationObject().get());
        assertEquals(2, failures.events.size());
    }

    @Test
    void lr2RemoveReturnsTheClientsLeaseByEqualityAndNeverCancelsIt() throws Exception {
        // LR.2: remove returns the lease (of the client's class, equal to the one added) or null when it is not in
        // the set, and never cancels it; the client's own copy may have moved on and still denotes it
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        ExampleLease lease = client.lease(10_000);
        set.renewFor(lease, HOUR, 10_000);
        lease.renew(20_000); // the client renews it itself: equal, with another expiration
        Lease removed = set.remove(lease);
        assertInstanceOf(ExampleLease.class, removed);
        assertEquals(lease, removed);
        assertNull(set.remove(lease));
        assertNull(set.remove(client.lease(10_000)), "never in the set");
        assertTrue(client.landlord.holds(lease), "LR.2: removal does not cancel");
        assertEquals(0, set.getLeases().length);
    }

    @Test
    void lr2ReAddingAnEqualClientLeaseTakesTheNewDurationsAndKeepsTheOriginalCopy() throws Exception {
        // LR.2: renewFor with a lease equal to one in the set gives that one the new durations; the original copy
        // is not replaced
        requiresTime(1_500);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        ExampleLease lease = client.lease(10_000);
        long original = lease.getExpiration();
        set.renewFor(lease, 1_000, 10_000);
        lease.renew(20_000); // the client's copy moves on: equal, with a later expiration
        set.renewFor(lease, HOUR, 10_000);
        advance(1_500); // past the first desired expiration
        Lease[] held = set.getLeases();
        assertArrayEquals(new Lease[] {lease}, held, "kept for the new desired duration");
        assertEquals(original, held[0].getExpiration(), "the original copy, not the one added again");
    }

    @Test
    void lr2GetLeasesReturnsEveryClientLeaseEqualAndOfItsClass() throws Exception {
        // LR.2: every client lease in the set, each equal to the one added, of its class, as added (not renewed)
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        ExampleLease a = client.lease(10_000);
        ExampleLease b = client.lease(20_000);
        Lease estuarys = landlord.grant(10_000);
        set.renewFor(a, HOUR);
        set.renewFor(b, HOUR, 20_000);
        set.renewFor(estuarys, HOUR);
        java.util.Map<Lease, Lease> returned = new java.util.HashMap<>();
        for (Lease lease : set.getLeases()) {
            returned.put(lease, lease);
        }
        assertEquals(java.util.Set.of(a, b, estuarys), returned.keySet());
        for (ExampleLease added : List.of(a, b)) {
            assertInstanceOf(ExampleLease.class, returned.get(added));
            assertEquals(added.getExpiration(), returned.get(added).getExpiration());
        }
    }

    @Test
    void lr21ExpirationWarningReachesTheClientsListenerWithItsHandback() throws Exception {
        // LR.2.1: the registration names the set, EXPIRATION_WARNING_EVENT_ID and the set's lease; with less than
        // minWarning left the warning comes at once, over RMI, with the client's handback
        LeaseRenewalSet set = service().createLeaseRenewalSet(10_000);
        ExampleListener warnings = client.listener();
        ExampleHandback handback = new ExampleHandback("renew the nightly set");
        EventRegistration registration = set.setExpirationWarningListener(warnings.stub(), 60_000,
                new MarshalledObject<>(handback));
        assertEquals(set, registration.getSource());
        assertEquals(LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID, registration.getID());
        assertEquals(set.getRenewalSetLease(), registration.getLease());
        advance(10);
        eventually("a warning at once", () -> warnings.events.size() == 1);
        ExpirationWarningEvent event = assertInstanceOf(ExpirationWarningEvent.class, warnings.events.get(0));
        assertEquals(set, event.getSource());
        assertEquals(LeaseRenewalSet.EXPIRATION_WARNING_EVENT_ID, event.getID());
        assertEquals(set.getRenewalSetLease(), event.getRenewalSetLease());
        assertEquals(handback, event.getRegistrationObject().get());
    }

    @Test
    void lr21ClearedFailureListenerOfTheClientGetsNoEvent() throws Exception {
        // LR.2.1: clearRenewalFailureListener removes the registration: a lease dropped with an event while none
        // is registered reaches no one; the listener registered again gets the fence's event and nothing before it
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        ExampleListener failures = client.listener();
        MarshalledObject<ExampleHandback> handback = new MarshalledObject<>(new ExampleHandback("failures"));
        set.setRenewalFailureListener(failures.stub(), handback);
        set.clearRenewalFailureListener();
        ExampleLease expired = client.lease(1);
        advance(2);
        set.renewFor(expired, HOUR); // dropped with an event, while no listener is registered
        advance(0);
        eventually("dropped", () -> set.getLeases().length == 0);
        set.setRenewalFailureListener(failures.stub(), handback);
        assertEquals(List.of(), eventsBeforeFence(set, failures.events));
    }

    @Test
    void lr21ClearedWarningListenerOfTheClientGetsNoWarning() throws Exception {
        // LR.2.1: clearExpirationWarningListener removes the registration: its warning time passes without a
        // warning; registered again with more warning than is left, the listener gets exactly the new warning
        requiresTime(1_500);
        LeaseRenewalSet set = service().createLeaseRenewalSet(3_000);
        ExampleListener warnings = client.listener();
        set.setExpirationWarningListener(warnings.stub(), 2_000, null); // due in a second
        set.clearExpirationWarningListener();
        advance(1_500); // past the time the cleared registration's warning was due
        ExampleHandback fence = new ExampleHandback("registered again");
        set.setExpirationWarningListener(warnings.stub(), HOUR, new MarshalledObject<>(fence));
        advance(0);
        eventually("the new registration's warning", () -> !warnings.events.isEmpty());
        assertEquals(fence, warnings.events.get(0).getRegistrationObject().get(), "nothing from the cleared one");
        assertEquals(1, warnings.events.size());
    }

    private static boolean destroyed(LeaseRenewalSet set) throws Exception {
        try {
            set.getLeases();
            return false;
        } catch (NoSuchObjectException gone) {
            return true;
        }
    }

    private void assertDestroyed(LeaseRenewalSet set, Lease lease) {
        assertThrows(NoSuchObjectException.class, () -> set.renewFor(lease, HOUR));
        assertThrows(NoSuchObjectException.class, () -> set.remove(lease));
        assertThrows(NoSuchObjectException.class, set::getLeases);
        assertThrows(NoSuchObjectException.class, () -> set.setRenewalFailureListener(listener().ref(), null));
        assertThrows(NoSuchObjectException.class, () -> set.setExpirationWarningListener(listener().ref(), 0, null));
        assertThrows(NoSuchObjectException.class, set::clearRenewalFailureListener);
        assertThrows(NoSuchObjectException.class, set::clearExpirationWarningListener);
        assertFalse(set.getRenewalSetLease() == null);
    }
}
