package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The renewal service's cross-attribute rules, as the configuration guard applies them. */
class RenewalConfigurationRuleTest {

    private final RenewalConfigurationRule rule = new RenewalConfigurationRule();

    @Test
    void aDefaultSetLeaseAboveTheMaximumIsAProblem() {
        assertEquals(List.of("set.lease.default.ms=100000000 must not be above set.lease.maximum.ms=86400000"),
                rule.check(Map.of("set.lease.default.ms", "100000000", "set.lease.maximum.ms", "86400000")));
    }

    @Test
    void retryDelaysMustNotStartAboveTheirMaximum() {
        assertEquals(2, rule.check(Map.of("renewal.retry.initial.ms", "5000", "renewal.retry.max.ms", "10",
                "event.retry.initial.ms", "5000", "event.retry.max.ms", "10")).size());
    }

    @Test
    void theDefaultsFitTogether() {
        assertEquals(List.of(), rule.check(Map.of("set.lease.default.ms", "3600000", "set.lease.maximum.ms",
                "86400000", "renewal.retry.initial.ms", "1000", "renewal.retry.max.ms", "60000")));
    }
}
