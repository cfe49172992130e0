package org.estuary.config.internal;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.estuary.config.ConfigurationRule;
import org.osgi.service.metatype.AttributeDefinition;

/**
 * Checks configuration properties against the attribute definitions of their PID's metatype: each value present
 * must pass {@link AttributeDefinition#validate} (its type, minimum, maximum and options). Absent attributes are
 * fine (the component's default applies); properties without a definition (service.pid, felix.fileinstall.*) are
 * not checked.
 */
final class Validator {

    private Validator() {
    }

    /** The attributes of {@code properties} that break their definition, in definition order. */
    static List<Violation> check(AttributeDefinition[] definitions, Map<String, Object> properties) {
        List<Violation> violations = new ArrayList<>();
        if (definitions == null) {
            return violations;
        }
        for (AttributeDefinition definition : definitions) {
            Object value = properties.get(definition.getID());
            if (value == null) {
                continue;
            }
            for (String element : elements(value)) {
                String rule = rule(definition, element);
                if (rule != null) {
                    violations.add(new Violation(definition.getID(), element, rule));
                    break;
                }
            }
        }
        return violations;
    }

    /**
     * {@code properties} with the value of each multi-valued attribute that came as one text (Karaf's
     * {@code config:property-set} stores every value as one string) split into its values: separated by commas,
     * blanks around them trimmed, a comma inside a value written {@code \,}. The same map if there is none.
     */
    static Map<String, Object> lists(AttributeDefinition[] definitions, Map<String, Object> properties) {
        if (definitions == null) {
            return properties;
        }
        Map<String, Object> split = null;
        for (AttributeDefinition definition : definitions) {
            if (definition.getCardinality() != 0 && properties.get(definition.getID()) instanceof String text) {
                if (split == null) {
                    split = new java.util.LinkedHashMap<>(properties);
                }
                split.put(definition.getID(), values(text));
            }
        }
        return split == null ? properties : split;
    }

    /** The values of a list written as one text: {@code a, b\,c} is {@code a} and {@code b,c}; blank is none. */
    static String[] values(String text) {
        List<String> values = new ArrayList<>();
        StringBuilder value = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == ',') {
                value.append(',');
                i++;
            } else if (c == ',') {
                values.add(value.toString().trim());
                value.setLength(0);
            } else {
                value.append(c);
            }
        }
        values.add(value.toString().trim());
        values.removeIf(String::isEmpty);
        return values.toArray(String[]::new);
    }

    /** Why {@code text} is refused, or null if it is accepted. */
    private static String rule(AttributeDefinition definition, String text) {
        String message;
        try {
            message = definition.validate(text);
        } catch (RuntimeException e) {
            message = "cannot be read as " + typeName(definition.getType()) + ": " + e.getMessage();
        }
        if (message == null || message.isEmpty()) {
            return null; // "" is valid, null means the definition does not validate
        }
        // Felix MetaType answers with localization keys ("%less than minimum") where no translation exists
        return message.startsWith("%") ? message.substring(1) : message;
    }

    /** A multi-valued property is checked value by value; a scalar is one value. */
    private static List<String> elements(Object value) {
        List<String> elements = new ArrayList<>();
        if (value.getClass().isArray()) {
            for (int i = 0; i < Array.getLength(value); i++) {
                elements.add(String.valueOf(Array.get(value, i)));
            }
        } else if (value instanceof Collection<?> collection) {
            collection.forEach(v -> elements.add(String.valueOf(v)));
        } else {
            elements.add(String.valueOf(value));
        }
        return elements;
    }

    /**
     * Every defined attribute with its effective value as text: configured, or else its default; the values of a
     * multi-valued attribute joined by {@link ConfigurationRule#SEPARATOR}.
     */
    static Map<String, String> effective(AttributeDefinition[] definitions, Map<String, Object> properties) {
        Map<String, String> effective = new java.util.LinkedHashMap<>();
        if (definitions == null) {
            return effective;
        }
        for (AttributeDefinition definition : definitions) {
            Object value = properties.get(definition.getID());
            if (value != null) {
                List<String> elements = elements(value);
                if (!elements.isEmpty()) {
                    effective.put(definition.getID(), String.join(ConfigurationRule.SEPARATOR, elements));
                }
            } else if (definition.getDefaultValue() != null && definition.getDefaultValue().length > 0) {
                effective.put(definition.getID(),
                        String.join(ConfigurationRule.SEPARATOR, definition.getDefaultValue()));
            }
        }
        return effective;
    }

    private static String typeName(int type) {
        return switch (type) {
            case AttributeDefinition.LONG -> "a long";
            case AttributeDefinition.INTEGER -> "an integer";
            case AttributeDefinition.BOOLEAN -> "a boolean";
            case AttributeDefinition.DOUBLE, AttributeDefinition.FLOAT -> "a number";
            default -> "its type";
        };
    }
}
