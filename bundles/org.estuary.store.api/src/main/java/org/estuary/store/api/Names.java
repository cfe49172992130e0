package org.estuary.store.api;

import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The naming rules of spaces and keys, shared by batches and by backends checking {@code scan} arguments, so that
 * every backend accepts exactly the same names.
 *
 * <p>A <em>space</em> is a service's namespace ({@code "renewal/sets"}, {@code "event/sequence"}): 1 to
 * {@value #MAX_SPACE_LENGTH} characters of lower-case ASCII letters, digits, {@code '.'}, {@code '_'} and
 * {@code '-'}, in segments separated by single {@code '/'}, each segment starting with a letter or digit. The
 * small alphabet lets a backend turn a space into a directory, a file prefix or a SQL value without escaping, and
 * keeps the names an operator sees in the console and in {@code psql} readable.
 *
 * <p>A <em>key</em> is any string of 1 to {@value #MAX_KEY_LENGTH} characters that is valid UTF-16 (no unpaired
 * surrogate, so it survives UTF-8 encoding unchanged) and contains no U+0000 (PostgreSQL {@code text} rejects it).
 * Keys are strings rather than bytes because services key by ids that already are short strings or numbers
 * (a {@code Uuid}, a lease id), because strings have value equality and an order, which a {@code byte[]} would
 * need a wrapper for, and because an operator can read them in the console and in the database.
 */
@ProviderType
public final class Names {

    /** The longest space name, in characters. */
    public static final int MAX_SPACE_LENGTH = 128;

    /** The longest key, in characters. */
    public static final int MAX_KEY_LENGTH = 256;

    private Names() {
    }

    /**
     * Returns {@code space} if it is a valid space name.
     *
     * @throws NullPointerException if {@code space} is null
     * @throws IllegalArgumentException naming the rule it breaks otherwise
     */
    public static String requireSpace(String space) {
        Objects.requireNonNull(space, "space");
        int length = space.length();
        if (length == 0 || length > MAX_SPACE_LENGTH) {
            throw new IllegalArgumentException("space must have 1 to " + MAX_SPACE_LENGTH + " characters: \""
                    + abbreviate(space) + "\"");
        }
        boolean segmentStart = true;
        for (int i = 0; i < length; i++) {
            char c = space.charAt(i);
            boolean letterOrDigit = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            if (segmentStart) {
                if (!letterOrDigit) {
                    throw new IllegalArgumentException("space segments must start with a-z or 0-9: \"" + space
                            + "\"");
                }
                segmentStart = false;
            } else if (c == '/') {
                segmentStart = true;
            } else if (!letterOrDigit && c != '.' && c != '_' && c != '-') {
                throw new IllegalArgumentException("space may contain only a-z, 0-9, '.', '_', '-' and '/': \""
                        + space + "\"");
            }
        }
        if (segmentStart) {
            throw new IllegalArgumentException("space must not end with '/': \"" + space + "\"");
        }
        return space;
    }

    /**
     * Returns {@code key} if it is a valid key.
     *
     * @throws NullPointerException if {@code key} is null
     * @throws IllegalArgumentException naming the rule it breaks otherwise
     */
    public static String requireKey(String key) {
        Objects.requireNonNull(key, "key");
        int length = key.length();
        if (length == 0 || length > MAX_KEY_LENGTH) {
            throw new IllegalArgumentException("key must have 1 to " + MAX_KEY_LENGTH + " characters, not "
                    + length + ": \"" + abbreviate(key) + "\"");
        }
        for (int i = 0; i < length; i++) {
            char c = key.charAt(i);
            if (c == '\u0000') {
                throw new IllegalArgumentException("key must not contain U+0000 (at index " + i + ")");
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < length && Character.isLowSurrogate(key.charAt(i + 1))) {
                    i++;
                    continue;
                }
                throw new IllegalArgumentException("key has an unpaired surrogate at index " + i);
            }
            if (Character.isLowSurrogate(c)) {
                throw new IllegalArgumentException("key has an unpaired surrogate at index " + i);
            }
        }
        return key;
    }

    /**
     * The length of a valid key in UTF-8 bytes, without encoding it: the key's share of a record's logical size
     * ({@link Operation#size()}), which every backend reports the same way in {@link StoreStats#bytes()}.
     */
    public static int utf8Length(String key) {
        int bytes = 0;
        int length = key.length();
        for (int i = 0; i < length; i++) {
            char c = key.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)) {
                bytes += 4; // with its low surrogate: one supplementary code point
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    private static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
