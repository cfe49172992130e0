package org.estuary.mailbox.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The mailbox's cross-attribute rules, as the configuration guard applies them. */
class MailboxConfigurationRuleTest {

    private final MailboxConfigurationRule rule = new MailboxConfigurationRule();

    @Test
    void aPerRegistrationLimitAboveTheTotalIsAProblem() {
        assertEquals(List.of("max.bytes.per.registration=2000 must not be above max.bytes=1000"),
                rule.check(Map.of("max.bytes.per.registration", "2000", "max.bytes", "1000")));
    }

    @Test
    void aDefaultLeaseAboveTheMaximumAndRetriesStartingAboveTheirMaximumAreProblems() {
        assertEquals(2, rule.check(Map.of("registration.lease.default.ms", "5000", "registration.lease.maximum.ms",
                "10", "event.retry.initial.ms", "5000", "event.retry.max.ms", "10")).size());
    }

    @Test
    void theDefaultsFitTogether() {
        assertEquals(List.of(), rule.check(Map.of("registration.lease.default.ms", "3600000",
                "registration.lease.maximum.ms", "86400000", "max.bytes.per.registration", "67108864", "max.bytes",
                "268435456")));
    }
}
