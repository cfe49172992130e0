package org.estuary.core.component;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The bounds a component's settings check once, as it is built from its configuration: a refusal names the setting
 * as operators configure it ({@code max.sets}) and the value given, so the error says what to change.
 */
@ProviderType
public final class Bounds {

    private Bounds() {
    }

    /**
     * @return {@code value}
     * @throws IllegalArgumentException naming {@code setting} if {@code value} is below 1
     */
    public static long positive(String setting, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(setting + " must be at least 1: " + value);
        }
        return value;
    }

    /** As {@link #positive(String, long)}, for a setting that is an {@code int}. */
    public static int positive(String setting, int value) {
        return (int) positive(setting, (long) value);
    }

    /**
     * @return {@code value}
     * @throws IllegalArgumentException naming {@code setting} if {@code value} is negative
     */
    public static long notNegative(String setting, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(setting + " must not be negative: " + value);
        }
        return value;
    }
}
