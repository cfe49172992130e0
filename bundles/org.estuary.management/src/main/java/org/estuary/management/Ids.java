package org.estuary.management;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Ids (a renewal set's, a registration's, a mailbox's: the service's own 64-bit numbers) as operators see and
 * type them: unsigned decimal, so an id never starts with '-' (which the shell reads as an option) and the
 * console, the shell and JMX show the same text.
 */
@ProviderType
public final class Ids {

    private Ids() {
    }

    /** The id as text: unsigned decimal. */
    public static String format(long id) {
        return Long.toUnsignedString(id);
    }

    /**
     * Reads an id in the form {@link #format} writes; a signed negative decimal (the same 64 bits as Java prints
     * a {@code long}) is accepted too.
     *
     * @throws IllegalArgumentException if text is no such number
     */
    public static long parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        try {
            return trimmed.startsWith("-") ? Long.parseLong(trimmed) : Long.parseUnsignedLong(trimmed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an id (a decimal number): '" + text + "'");
        }
    }
}
