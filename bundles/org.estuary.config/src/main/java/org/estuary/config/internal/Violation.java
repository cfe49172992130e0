package org.estuary.config.internal;

/**
 * One attribute of a configuration that breaks its metatype rule.
 *
 * @param attribute the property name (the metatype attribute id)
 * @param value the refused value, as text
 * @param rule why it is refused, as the metatype validation says it (type, minimum, maximum, options)
 */
record Violation(String attribute, String value, String rule) {

    /** A problem across attributes, reported by a {@link org.estuary.config.ConfigurationRule}. */
    static Violation across(String rule) {
        return new Violation(null, null, rule);
    }

    @Override
    public String toString() {
        return attribute == null ? rule : attribute + "=" + value + " (" + rule + ")";
    }
}
