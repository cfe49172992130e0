package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.renewal.conformance.TestListener;
import org.estuary.store.api.Batch;
import org.junit.jupiter.api.Test;

/**
 * Renewal results are written in the background, so a crash can lose the newest one and leave a recorded expiration
 * that has passed while the landlord still holds the lease. Recovery must renew such a lease, not drop it with a
 * failure event; only the landlord's answer decides.
 */
class RecoveredExpirationTest extends HarnessTest {

    /** A client lease renewed once in a new set whose failure events go to {@code failures}. */
    /** The client's proxy of the set {@link #renewedInASet} made; it reaches a restarted service by its id. */
    private LeaseRenewalSet set;

    private Lease renewedInASet(RenewalService service, TestListener failures) throws Exception {
        set = service.proxy().createLeaseRenewalSet(Lease.FOREVER);
        set.setRenewalFailureListener(failures.ref(), null);
        Lease lease = landlord.grant(10_000);
        set.renewFor(lease, 3_600_000, 10_000);
        harness.advance(0);
        return lease;
    }

    /** Rewrites every lease record as if its newest renewals had not reached the store: actual = {@code at}. */
    private void loseRenewalWrites(RenewalService service, long at) throws Exception {
        Records records = new Records(harness.marshaller);
        Map<String, byte[]> rewritten = new HashMap<>();
        harness.store().scan(Records.LEASES, (key, value) -> {
            try {
                ClientEntry entry = records.decodeLease(Long.parseLong(key), value, harness.clock);
                rewritten.put(key, records.encodeLease(entry.setId,
                        harness.clock.wallTimeOfDeadline(entry.desiredAt), entry.renewDuration, at,
                        entry.held));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Batch.Builder batch = Batch.builder();
        rewritten.forEach((key, value) -> batch.put(Records.LEASES, key, value));
        harness.store().applyAndWait(batch.build(), 10, TimeUnit.SECONDS);
    }

    @Test
    void item7ALeaseWhoseRecordedExpirationPassedIsRenewedAfterRecoveryNotDropped() throws Exception {
        RenewalService first = harness.start();
        TestListener failures = new TestListener();
        Lease lease = renewedInASet(first, failures);
        long now = harness.clock.currentTimeMillis();
        assertTrue(landlord.expiration(lease) > now, "valid at its landlord");
        loseRenewalWrites(first, now - 1);

        RenewalService second = harness.start(); // the restart after the crash
        harness.advance(0);

        assertEquals(0, failures.events.size(), "LR.2.1: no failure event for a lease its landlord still holds");
        assertEquals(1, set.getLeases().length, "still in the set");
        assertTrue(landlord.expiration(lease) >= harness.clock.currentTimeMillis() + 9_000,
                "renewed at the landlord after recovery");
        harness.advance(30_000);
        assertTrue(landlord.expiration(lease) > harness.clock.currentTimeMillis(), "and kept renewed");
    }

    @Test
    void item7ARecoveredLeaseItsLandlordNoLongerHoldsStillFails() throws Exception {
        RenewalService first = harness.start();
        TestListener failures = new TestListener();
        Lease lease = renewedInASet(first, failures);
        loseRenewalWrites(first, harness.clock.currentTimeMillis() - 1);
        lease.cancel(); // gone at its landlord

        RenewalService second = harness.start();
        harness.advance(0);

        assertEquals(1, failures.events.size(), "LR.2.1: the landlord's definite answer drops it with an event");
        assertEquals(0, set.getLeases().length);
    }
}
