package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.core.concurrent.Pools;
import org.estuary.renewal.conformance.TestLandlord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * LR.2 under landlords that never answer: such a landlord holds up only its own leases. At most one renewal call
 * per landlord is in flight, and a call still running after {@code slow.call.ms} is set aside, so the renewal
 * threads go on with the other landlords' leases. Renewals run on a real pool; time is the manual clock; waits on
 * the pool's threads are bounded.
 */
class SlowLandlordsTest extends HarnessTest {

    private static final long HOUR = 3_600_000;
    private static final long SLOW_MS = 2_000;

    private final ThreadPoolExecutor pool = Pools.bounded("slow-landlords-test", 1, 100);
    private final TestLandlord hostile1 = new TestLandlord(harness.clock);
    private final TestLandlord hostile2 = new TestLandlord(harness.clock);
    private final CountDownLatch never = new CountDownLatch(1);

    @AfterEach
    void release() {
        never.countDown();
        pool.shutdownNow();
        hostile1.close();
        hostile2.close();
    }

    /** A service renewing on one thread. */
    private RenewalService start() throws Exception {
        hostile1.hold = never;
        hostile2.hold = never;
        harness.renewOn(pool);
        return harness.start(TestSettings.withSlowCalls(TestSettings.defaults(), 1, SLOW_MS, 8));
    }

    @Test
    void lr2LandlordsThatNeverAnswerDelayOnlyTheirOwnLeases() throws Exception {
        // One renewal thread, two landlords whose renew never returns, and a third landlord's lease due after them.
        LeaseRenewalSet set = start().proxy().createLeaseRenewalSet(Lease.FOREVER);
        set.renewFor(hostile1.grant(20_000), HOUR, 20_000); // due within 10 s (half its term, in a batch window)
        set.renewFor(hostile2.grant(20_000), HOUR, 20_000);
        Lease good = landlord.grant(30_000); // due after 10 s and within 15 s
        set.renewFor(good, HOUR, 30_000);
        long grantedUntil = landlord.expiration(good);

        harness.advance(10_000); // both hostile leases fall due; the one thread takes one call, the other waits
        TestLandlord first = awaitHolding(hostile1, hostile2);
        TestLandlord second = first == hostile1 ? hostile2 : hostile1;
        harness.advance(SLOW_MS); // the first call is set aside: a thread is added, the second call takes it
        assertTrue(second.holding.await(10, TimeUnit.SECONDS), "the second hostile landlord's call started");
        harness.advance(SLOW_MS); // the second is set aside too
        harness.advance(1_000); // the good lease has fallen due
        awaitTrue(() -> landlord.renewCalls.get() == 1, "the good landlord's lease is renewed");
        awaitTrue(() -> expiration(landlord, good) > grantedUntil, "renewed at its landlord");
        assertEquals(1, hostile1.heldNow.get(), "the first hostile call still hangs");
        assertEquals(1, hostile2.heldNow.get(), "the second hostile call still hangs");
        assertTrue(harness.clock.currentTimeMillis() < grantedUntil,
                "LR.2: renewed before it expired, while both hostile calls hang");
    }

    @Test
    void lr2ALandlordHoldsAtMostOneRenewalCallAndItsOtherLeasesGoOutWhenItAnswers() throws Exception {
        LeaseRenewalSet set = start().proxy().createLeaseRenewalSet(Lease.FOREVER);
        set.renewFor(hostile1.grant(20_000), HOUR, 20_000); // due within 10 s
        harness.advance(10_000);
        assertTrue(hostile1.holding.await(10, TimeUnit.SECONDS), "the first call hangs");
        Lease b = hostile1.grant(14_000); // due within 7 s
        set.renewFor(b, HOUR, 14_000);
        Lease c = hostile1.grant(14_000);
        set.renewFor(c, HOUR, 14_000);
        long grantedUntil = hostile1.expiration(b);
        harness.advance(SLOW_MS); // set aside: a thread is added, but not for a second call to the same landlord
        harness.advance(5_000); // b and c fall due while the landlord's call is in flight: they wait for it
        assertEquals(2, pool.getCorePoolSize(), "the call was set aside");
        assertEquals(1, hostile1.renewCalls.get() + hostile1.renewAllCalls.get(), "one call in flight");
        assertEquals(1, hostile1.heldNow.get());
        assertEquals(0, pool.getQueue().size(), "no second call waits for a thread either");

        hostile1.hold = null;
        never.countDown(); // the landlord answers
        awaitTrue(() -> {
            harness.advance(0); // the waiting leases fall due again once the call has ended
            return expiration(hostile1, b) > grantedUntil && expiration(hostile1, c) > grantedUntil;
        }, "the leases that waited are renewed once the landlord answered");
        assertEquals(2, hostile1.renewCalls.get() + hostile1.renewAllCalls.get(), "one call for both");
    }

    private static long expiration(TestLandlord at, Lease lease) {
        try {
            return at.expiration(lease);
        } catch (net.jini.core.lease.UnknownLeaseException e) {
            throw new AssertionError(e);
        }
    }

    private static TestLandlord awaitHolding(TestLandlord one, TestLandlord other) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (one.holding.await(10, TimeUnit.MILLISECONDS)) {
                return one;
            }
            if (other.holding.await(10, TimeUnit.MILLISECONDS)) {
                return other;
            }
        }
        throw new AssertionError("no renewal call reached a hostile landlord");
    }

    private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": not within 10 s");
            }
            Thread.sleep(5);
        }
    }
}
