package org.estuary.login.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The throttle's cross-attribute rule, as the configuration guard applies it. */
class LoginConfigurationRuleTest {

    private final LoginConfigurationRule rule = new LoginConfigurationRule();

    @Test
    void aFirstDelayAboveTheLargestIsAProblem() {
        assertEquals(List.of("delay.ms=9000 must not be above max.delay.ms=5000"),
                rule.check(Map.of("delay.ms", "9000", "max.delay.ms", "5000")));
    }

    @Test
    void theDefaultsFitTogether() {
        assertEquals(List.of(), rule.check(Map.of("delay.ms", "500", "max.delay.ms", "5000")));
    }
}
