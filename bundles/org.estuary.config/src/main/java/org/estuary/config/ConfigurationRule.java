package org.estuary.config;

import java.util.List;
import java.util.Map;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * A check across the attributes of one PID's configuration, registered as an OSGi service with the
 * {@value #PID} property naming that PID. Services implement it for the rules their component's constructor
 * enforces, so an update breaking them is refused before the component sees it.
 */
@ConsumerType
public interface ConfigurationRule {

    /** The service property naming the PID (or factory PID) this rule checks. */
    String PID = "estuary.config.pid";

    /** What joins the values of a multi-valued attribute in the effective text given to {@link #check}. */
    String SEPARATOR = "\n";

    /**
     * The problems of one configuration. Called only when every value passed its metatype rule.
     *
     * @param effective every attribute of the PID's metatype with its effective value as text: the configured
     *        value, or else the metatype default (absent if it has neither); the values of a multi-valued
     *        attribute joined by {@link #SEPARATOR}
     * @return one line per problem, naming the attributes, their values and the rule; empty if there is none
     */
    List<String> check(Map<String, String> effective);

    /**
     * Adds a problem to {@code problems} when both attributes have a value and {@code smaller}'s (a whole number) is
     * above {@code larger}'s: the most common rule across two attributes (a default above its maximum).
     *
     * @since 1.2
     */
    static void atMost(Map<String, String> effective, String smaller, String larger, List<String> problems) {
        String low = effective.get(smaller);
        String high = effective.get(larger);
        if (low != null && high != null && Long.parseLong(low.trim()) > Long.parseLong(high.trim())) {
            problems.add(smaller + "=" + low.trim() + " must not be above " + larger + "=" + high.trim());
        }
    }
}
