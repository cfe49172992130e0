package org.estuary.io.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.estuary.config.ConfigurationRule;
import org.estuary.io.SerialFilter;
import org.junit.jupiter.api.Test;

/** The allowlists' pattern syntax, as the configuration guard applies it before the marshaller is made. */
class MarshallerConfigurationRuleTest {

    private final MarshallerConfigurationRule rule = new MarshallerConfigurationRule();

    @Test
    void aListWrittenAsOneStringIsAProblem() {
        // what the marshaller receives when a shell list lands in a .cfg file as one string
        List<String> problems = rule.check(Map.of("allowlist.extra", "( \"a.*\", \"b.*\", )"));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("allowlist.extra=( \"a.*\", \"b.*\", ): '*' may only end a serial "
                + "filter pattern"), problems.get(0));
    }

    @Test
    void everyValueOfAListIsChecked() {
        List<String> problems = rule.check(Map.of("allowlist.extra",
                String.join(ConfigurationRule.SEPARATOR, "com.acme.*", "com.*.lease", "com.acme.Lease")));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("allowlist.extra=com.*.lease: "), problems.get(0));
    }

    @Test
    void theAllowlistItselfIsChecked() {
        assertEquals(1, rule.check(Map.of("allowlist", "java.lang.String" + ConfigurationRule.SEPARATOR
                + "java.base/*")).size());
    }

    @Test
    void theDefaultsAndWellFormedExtrasPass() {
        assertEquals(List.of(), rule.check(Map.of(
                "allowlist", String.join(ConfigurationRule.SEPARATOR, SerialFilter.DEFAULT_ALLOWLIST),
                "allowlist.extra", String.join(ConfigurationRule.SEPARATOR, "com.acme.**", "!com.acme.Evil", " "),
                "maxDepth", "64")));
    }

    @Test
    void whatTheRulePassesTheMarshallerAccepts() {
        String extra = "com.acme.**" + ConfigurationRule.SEPARATOR + "org.example.Lease";
        assertEquals(List.of(), rule.check(Map.of("allowlist.extra", extra)));
        SerialFilter filter = MarshallerComponent.filterOf(MarshallerComponentTest.config(
                Map.of("allowlist_extra", extra.split(ConfigurationRule.SEPARATOR))));
        assertTrue(filter.patterns().contains("org.example.Lease"));
    }
}
