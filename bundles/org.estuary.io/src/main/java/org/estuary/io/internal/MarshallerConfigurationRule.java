package org.estuary.io.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.estuary.config.ConfigurationRule;
import org.estuary.io.SerialFilter;
import org.osgi.service.component.annotations.Component;

/**
 * The pattern syntax of the marshaller's allowlists, which its constructor enforces and a metatype cannot express:
 * the configuration guard refuses an update holding a malformed pattern, so the marshaller (and with it every
 * remote export) keeps its last valid allowlist instead of failing.
 */
@Component(property = ConfigurationRule.PID + "=" + MarshallerComponent.PID)
public final class MarshallerConfigurationRule implements ConfigurationRule {

    private static final List<String> PATTERN_ATTRIBUTES = List.of("allowlist", "allowlist.extra");

    @Override
    public List<String> check(Map<String, String> effective) {
        List<String> problems = new ArrayList<>();
        for (String attribute : PATTERN_ATTRIBUTES) {
            String values = effective.get(attribute);
            if (values == null) {
                continue;
            }
            for (String pattern : values.split(SEPARATOR)) {
                String problem = problemOf(pattern);
                if (problem != null) {
                    problems.add(attribute + "=" + pattern + ": " + problem + ". Give one pattern per value (a list"
                            + ", as the README of org.estuary.io shows)");
                }
            }
        }
        return problems;
    }

    /** Why the marshaller would refuse one value of an allowlist, or null; blank values are skipped, as it does. */
    private static String problemOf(String pattern) {
        if (pattern.isBlank()) {
            return null;
        }
        try {
            SerialFilter.builder().allow(List.of(pattern));
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
