package org.estuary.renewal.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The LR conformance suite: talks to the service only through {@code net.jini.lease} and {@code net.jini.core.*}.
 * A subclass supplies the service, the clock the client leases are granted on, and a way to let time pass: a
 * manual clock in-JVM, real time when the service runs in another JVM and is reached through a client. Client
 * leases are real {@code LandlordLease}s of a {@link TestLandlord}; listeners are {@link TestListener}s; an
 * {@link Exporter} says how both reach the service.
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

    /** The service under test (a fresh one per test). */
    protected abstract LeaseRenewalService service() throws Exception;

    /** The clock of the service and of the test landlord. */
    protected abstract Clock clock();

    /** Lets {@code millis} pass and the service act on everything that fell due. */
    protected abstract void advance(long millis) throws Exception;

    /** How callbacks (the test landlord, listeners) reach the service: as they are, unless it runs elsewhere. */
    protected Exporter exporter() {
        return Exporter.IN_JVM;
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
    void landlord() {
        landlord = new TestLandlord(clock(), exporter());
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

    /** The failure event {@code listener} got for {@code lease}, waited for (LR.2.1), or null. */
    private static RenewalFailureEvent failureFor(TestListener listener, Lease lease) throws Exception {
        for (RemoteEvent event : listener.events) {
            if (event instanceof RenewalFailureEvent failure && lease.equals(failure.getLease())) {
                return failure;
            }
        }
        return null;
    }

    private RenewalFailureEvent awaitFailure(TestListener listener, Lease lease) throws Exception {
        eventually("a renewal failure event for " + lease, () -> failureFor(listener, lease) != null);
        return failureFor(listener, lease);
    }

    /**
     * The events {@code listener} (the failure listener of {@code set}) got before a fence: a lease expired on
     * arrival whose desired expiration is after its actual one, so LR.2 drops it with a failure event sent after
     * every event sent before it. LR.2.1: a registration's events are delivered in sequence, so once the fence's
     * event is here nothing sent earlier is still on its way.
     */
    private List<RemoteEvent> eventsBeforeFence(LeaseRenewalSet set, TestListener listener) throws Exception {
        Lease fence = expiredLease();
        set.renewFor(fence, HOUR);
        advance(0);
        RenewalFailureEvent fenceEvent = awaitFailure(listener, fence);
        List<RemoteEvent> before = new ArrayList<>(listener.events);
        return before.subList(0, before.indexOf(fenceEvent));
    }

    @AfterEach
    void closeLandlord() {
        landlord.close();
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
        // LR.2: "currently a member of another set allocated by the same renewal service"
        LeaseRenewalSet a = service().createLeaseRenewalSet(HOUR);
        LeaseRenewalSet b = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(60_000);
        a.renewFor(lease, HOUR);
        assertThrows(IllegalArgumentException.class, () -> b.renewFor(lease, HOUR));
        assertEquals(1, a.getLeases().length);
        assertEquals(0, b.getLeases().length);
    }

    @Test
    void lr2RenewDurationMustBePositiveOrAnyForForever() throws Exception {
        // LR.2: renewDuration positive; ANY only when desiredDuration is exactly Long.MAX_VALUE
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(60_000);
        assertThrows(IllegalArgumentException.class, () -> set.renewFor(lease, HOUR, 0));
        assertThrows(IllegalArgumentException.class, () -> set.renewFor(lease, HOUR, -5));
        assertThrows(IllegalArgumentException.class, () -> set.renewFor(lease, HOUR, Lease.ANY));
        assertThrows(IllegalArgumentException.class, () -> set.renewFor(lease, Long.MAX_VALUE, 0));
        set.renewFor(lease, Long.MAX_VALUE, Lease.ANY);
        set.renewFor(lease, Long.MAX_VALUE); // two-argument form: renew duration FOREVER
        assertEquals(1, set.getLeases().length);
    }

    // ---- LR.2 renewFor: desired expiration -------------------------------------------------------------------

    @Test
    void lr2NegativeDesiredDurationDropsWithoutEventWhenActualIsLater() throws Exception {
        // LR.2: dropped at once, no exception; event iff actual < desired (here actual is later)
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        TestListener failures = listener();
        set.setRenewalFailureListener(failures.ref(), null);
        set.renewFor(landlord.grant(60_000), -1000);
        set.renewFor(landlord.grant(60_000), Lease.ANY);
        advance(0);
        eventually("both dropped", () -> set.getLeases().length == 0);
        assertEquals(List.of(), eventsBeforeFence(set, failures));
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
        RenewalFailureEvent event = awaitFailure(failures, expired);
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
        awaitFailure(failures, expired);
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
        // LR.2: now + desired overflows to Long.MAX_VALUE: the lease stays
        requiresTime(4_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        set.renewFor(landlord.grant(2_000), Long.MAX_VALUE - 1, 2_000);
        advance(4_000); // twice the lease's duration: it stays only by being renewed
        assertEquals(1, set.getLeases().length);
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
        // LR.2: the one case where the service asks for Lease.ANY instead of min(renew, remaining desired)
        requiresTime(3_600);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(2_000);
        set.renewFor(lease, Lease.FOREVER, Lease.ANY);
        advance(1_800);
        eventually("renewed", () -> landlord.renewCalls.get() + landlord.renewAllCalls.get() > 0);
        assertEquals(Lease.ANY, landlord.lastDuration.get());
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
        // LR.1 and issue item 3: leases that can batch are renewed together, even from different sets
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
        requiresTime(3_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(2_000);
        set.renewFor(lease, HOUR, 2_000);
        assertEquals(lease, set.remove(lease));
        advance(3_000);
        assertThrows(UnknownLeaseException.class, () -> landlord.expiration(lease), "no longer renewed");
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

    @Test
    void lr2GetLeasesReturnsEveryClientLease() throws Exception {
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease a = landlord.grant(10_000);
        Lease b = landlord.grant(10_000);
        set.renewFor(a, HOUR);
        set.renewFor(b, HOUR);
        Lease[] leases = set.getLeases();
        assertEquals(2, leases.length);
        assertTrue(java.util.Set.of(leases).containsAll(java.util.List.of(a, b)));
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
        requiresTime(3_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(HOUR);
        Lease lease = landlord.grant(2_000);
        set.renewFor(lease, HOUR, 2_000);
        set.getRenewalSetLease().cancel();
        advance(3_000);
        assertThrows(UnknownLeaseException.class, () -> landlord.expiration(lease), "no more renewals");
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
        // 1 s past the set's first expiration, 1 s before the renewed one
        requiresTime(5_000);
        LeaseRenewalSet set = service().createLeaseRenewalSet(4_000);
        advance(2_000);
        set.getRenewalSetLease().renew(4_000);
        advance(3_000);
        assertArrayEquals(new Lease[0], set.getLeases());
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
