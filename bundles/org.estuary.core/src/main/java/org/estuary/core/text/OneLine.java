package org.estuary.core.text;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Text from outside shown on one line of a log or a terminal: whoever supplied it cannot forge a log line or send
 * the operator's terminal an escape sequence, nor flood either.
 */
@ProviderType
public final class OneLine {

    private OneLine() {
    }

    /**
     * {@code text} with each control character (newline, carriage return, escape, ...) replaced by '?', cut after
     * {@code maxChars} characters and then marked "..."; a surrogate pair is never split.
     *
     * @param text the text, or null for ""
     * @param maxChars the most characters kept, at least 1
     * @throws IllegalArgumentException if {@code maxChars} is less than 1
     */
    public static String of(String text, int maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars must be at least 1: " + maxChars);
        }
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), maxChars));
        int i = 0;
        while (i < text.length()) {
            int c = text.codePointAt(i);
            int width = Character.charCount(c);
            if (out.length() + width > maxChars) {
                return out.append("...").toString();
            }
            out.appendCodePoint(Character.isISOControl(c) ? '?' : c);
            i += width;
        }
        return out.toString();
    }
}
