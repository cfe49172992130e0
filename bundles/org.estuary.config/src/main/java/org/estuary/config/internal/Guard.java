package org.estuary.config.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.estuary.config.ConfigurationRule;
import org.osgi.service.metatype.AttributeDefinition;

/**
 * Decides what an Estuary PID's component may see: properties that pass the PID's metatype rules, or else the
 * last valid properties of that PID (or, with none known since this guard started, the properties without the
 * invalid attributes, so the component's defaults apply to them). After the metatype rules, the PID's
 * {@link ConfigurationRule}s check the attributes together. Thread-safe; holds one map per PID.
 */
final class Guard {

    /** The PIDs guarded: every Estuary service, store and library (org.estuary.renewal, org.estuary.store.*...). */
    static final String PREFIX = "org.estuary.";

    /** What to do with a refused configuration. */
    record Refusal(String pid, List<Violation> violations, Map<String, Object> restored) {

        /** One line for the operator: the PID, each refused attribute with its value and rule. */
        String message() {
            return "Refused the configuration of " + pid + ": " + String.join("; ",
                    violations.stream().map(Violation::toString).toList())
                    + ". The service keeps its last valid settings.";
        }
    }

    private final Function<String, AttributeDefinition[]> definitions;
    private final Function<String, List<ConfigurationRule>> rules;
    private final Map<String, Map<String, Object>> lastValid = new ConcurrentHashMap<>();

    /**
     * @param definitions the attribute definitions of a PID's metatype, or null if it has none
     * @param rules the cross-attribute rules registered for a PID
     */
    Guard(Function<String, AttributeDefinition[]> definitions, Function<String, List<ConfigurationRule>> rules) {
        this.definitions = definitions;
        this.rules = rules;
    }

    static boolean guarded(String pid) {
        return pid != null && pid.startsWith(PREFIX);
    }

    /**
     * Reviews properties stored for {@code pid} (by the factory PID for a factory configuration, which is where
     * its metatype lives): empty if they are valid (they become the last valid ones), else the refusal with the
     * properties to restore.
     */
    Optional<Refusal> review(String pid, String metatypePid, Map<String, Object> given) {
        if (!guarded(pid)) {
            return Optional.empty();
        }
        AttributeDefinition[] defined = definitions.apply(metatypePid);
        Map<String, Object> properties = Validator.lists(defined, given);
        List<Violation> violations = new java.util.ArrayList<>(Validator.check(defined, properties));
        if (violations.isEmpty()) {
            violations.addAll(across(metatypePid, Validator.effective(defined, properties)));
        }
        if (violations.isEmpty()) {
            lastValid.put(pid, Map.copyOf(properties));
            return Optional.empty();
        }
        Map<String, Object> restored = lastValid.get(pid);
        if (restored == null) {
            Map<String, Object> without = new LinkedHashMap<>(properties);
            for (Violation violation : violations) {
                if (violation.attribute() != null) {
                    without.remove(violation.attribute());
                } else if (defined != null) {
                    // a rule across attributes names no single culprit: every attribute falls back to its default
                    java.util.Arrays.stream(defined).forEach(d -> without.remove(d.getID()));
                }
            }
            restored = without;
        }
        return Optional.of(new Refusal(pid, List.copyOf(violations), restored));
    }

    /**
     * {@code properties} with every multi-valued attribute of the metatype that came as one text split into its
     * values (see {@link Validator#lists}); the same map if there is none. Reviews read the split form.
     */
    Map<String, Object> lists(String metatypePid, Map<String, Object> properties) {
        return Validator.lists(definitions.apply(metatypePid), properties);
    }

    /** The problems the PID's cross-attribute rules find; a rule that throws is reported, not obeyed. */
    private List<Violation> across(String pid, Map<String, String> effective) {
        List<Violation> violations = new java.util.ArrayList<>();
        for (ConfigurationRule rule : rules.apply(pid)) {
            try {
                rule.check(Map.copyOf(effective)).forEach(problem -> violations.add(Violation.across(problem)));
            } catch (RuntimeException e) {
                violations.add(Violation.across("the rule " + rule.getClass().getName() + " failed: " + e));
            }
        }
        return violations;
    }

    /** Forgets a deleted configuration: the next one starts without a last valid version. */
    void deleted(String pid) {
        lastValid.remove(pid);
    }
}
