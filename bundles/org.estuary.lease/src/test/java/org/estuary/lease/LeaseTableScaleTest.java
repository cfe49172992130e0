package org.estuary.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.estuary.core.time.ManualClock;
import org.junit.jupiter.api.Test;

/**
 * A million leases granted, renewed and expired in process: at that scale every lease still ends exactly once, at
 * its own deadline, through one timer entry. How fast is the landlord benchmark's question ({@code bench/run
 * landlord}), not a test's.
 */
class LeaseTableScaleTest {

    private static final int LEASES = 1_000_000;

    @Test
    void aMillionLeasesGrantedRenewedAndExpired() throws Exception {
        // LE.2.2 at scale: every lease expires once, at its own deadline, through one timer
        ManualClock clock = TestClocks.manual();
        AtomicLong expired = new AtomicLong();
        Object resource = new Object();
        LeaseTable<Object> table = new LeaseTable<>(clock, new LeasePolicy(60_000, 60_000), LEASES,
                (id, r) -> expired.incrementAndGet());
        long[] ids = new long[LEASES];
        for (int i = 0; i < LEASES; i++) {
            ids[i] = table.grant(resource, 10_000 + i % 1_000).leaseId();
        }
        clock.advance(5, TimeUnit.SECONDS);
        for (int i = 0; i < LEASES; i++) {
            table.renew(ids[i], 20_000 + i % 1_000);
        }
        assertEquals(1, clock.pending());
        // Renewed terms are 20,000..20,999 ms: after 20,499 ms exactly those with i % 1000 < 500 have ended.
        clock.advance(20_499, TimeUnit.MILLISECONDS);
        assertEquals(LEASES / 2, expired.get());
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(LEASES, expired.get());
        assertEquals(0, table.size());
    }
}
