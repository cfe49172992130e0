package org.estuary.config.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.estuary.config.ConfigurationRule;
import org.junit.jupiter.api.Test;

/**
 * A rule across attributes (the lease renewal service's default set lease no longer than its maximum, which
 * LeasePolicy's constructor enforces) refuses an update the metatype alone lets through.
 */
class RuleTest {

    private static final String PID = "org.estuary.renewal";

    /** As the renewal service registers it: checked on the effective values, defaults included. */
    private final ConfigurationRule defaultWithinMaximum = effective -> {
        long defaultMs = Long.parseLong(effective.get("set.lease.default.ms"));
        long maximumMs = Long.parseLong(effective.get("set.lease.maximum.ms"));
        return defaultMs <= maximumMs ? List.of() : List.of("set.lease.default.ms=" + defaultMs
                + " is above set.lease.maximum.ms=" + maximumMs);
    };

    private final Guard guard = new Guard(pid -> Definitions.leaseBounds(),
            pid -> pid.equals(PID) ? List.of(defaultWithinMaximum) : List.of());

    @Test
    void aDefaultAboveTheDefaultMaximumIsRefusedAndEveryBoundFallsBackToItsDefault() {
        Guard.Refusal refusal = guard.review(PID, PID, Map.of("set.lease.default.ms", "100000000",
                "felix.fileinstall.filename", "file:/etc/org.estuary.renewal.cfg")).orElseThrow();
        assertTrue(refusal.message().contains("set.lease.default.ms=100000000 is above set.lease.maximum.ms=86400000"),
                refusal.message());
        assertEquals(Map.of("felix.fileinstall.filename", "file:/etc/org.estuary.renewal.cfg"), refusal.restored());
    }

    @Test
    void boundsThatFitTogetherPassAndBecomeTheLastValid() {
        assertTrue(guard.review(PID, PID, Map.of("set.lease.default.ms", "100000000", "set.lease.maximum.ms",
                "200000000")).isEmpty());
        assertEquals(Map.of("set.lease.default.ms", "100000000", "set.lease.maximum.ms", "200000000"),
                guard.review(PID, PID, Map.of("set.lease.maximum.ms", "5")).orElseThrow().restored());
    }

    @Test
    void aRuleThatThrowsRefusesWithItsFailure() {
        Guard throwing = new Guard(pid -> Definitions.leaseBounds(), pid -> List.of(effective -> {
            throw new IllegalStateException("broken rule");
        }));
        assertTrue(throwing.review(PID, PID, Map.of()).orElseThrow().message().contains("broken rule"));
    }
}
