package org.estuary.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jini.core.lease.Lease;

import org.junit.jupiter.api.Test;

class LeasePolicyTest {

    private final LeasePolicy policy = new LeasePolicy(60_000, 3_600_000);

    @Test
    void anyGetsTheDefault() {
        // LE.2.2: ANY lets the grantor choose
        assertEquals(60_000, policy.grant(Lease.ANY));
    }

    @Test
    void neverGrantsMoreThanAsked() {
        // LE.2.2: "no more than the requested period of time"
        assertEquals(1, policy.grant(1));
        assertEquals(59_999, policy.grant(59_999));
        assertEquals(3_600_000, policy.grant(3_600_000));
    }

    @Test
    void capsAtTheMaximum() {
        // LE.2.2: a shorter grant than requested is allowed; FOREVER is capped like any long request
        assertEquals(3_600_000, policy.grant(3_600_001));
        assertEquals(3_600_000, policy.grant(Lease.FOREVER));
    }

    @Test
    void foreverMaximumGrantsForever() {
        // LE.2.2: FOREVER asks for a lease that never expires
        LeasePolicy unlimited = new LeasePolicy(1_000, Lease.FOREVER);
        assertEquals(Lease.FOREVER, unlimited.grant(Lease.FOREVER));
        assertEquals(Long.MAX_VALUE - 1, unlimited.grant(Long.MAX_VALUE - 1));
    }

    @Test
    void rejectsNonPositiveRequestsOtherThanAny() {
        // LE.2.2: durations are positive, ANY or FOREVER
        for (long bad : new long[] {0, -2, -1000, Long.MIN_VALUE}) {
            assertThrows(IllegalArgumentException.class, () -> policy.grant(bad), "duration " + bad);
        }
    }

    @Test
    void rejectsBadConfiguration() {
        // LE.2.2: a grantor needs a positive default no larger than its maximum
        assertThrows(IllegalArgumentException.class, () -> new LeasePolicy(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new LeasePolicy(10, -1));
        assertThrows(IllegalArgumentException.class, () -> new LeasePolicy(11, 10));
    }
}
