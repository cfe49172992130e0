package org.estuary.remote.internal;

import java.util.Objects;

/**
 * Watches a byte stream written in pieces for a pattern and runs an action at each occurrence, wherever the pieces
 * split it (Knuth-Morris-Pratt: constant work per byte, no buffering). One writer at a time, as a connection's
 * output has.
 */
final class BytePattern {

    private final byte[] pattern;
    /** For each prefix length, the length of its longest proper prefix that is also its suffix. */
    private final int[] fallback;
    private final Runnable onMatch;
    /** How many bytes of the pattern the stream ends with so far. */
    private int matched;

    /** @throws IllegalArgumentException if {@code pattern} is empty */
    BytePattern(byte[] pattern, Runnable onMatch) {
        if (pattern.length == 0) {
            throw new IllegalArgumentException("an empty pattern");
        }
        this.pattern = pattern.clone();
        this.onMatch = Objects.requireNonNull(onMatch, "onMatch");
        this.fallback = new int[pattern.length + 1];
        for (int i = 1, k = 0; i < pattern.length; i++) {
            while (k > 0 && pattern[i] != pattern[k]) {
                k = fallback[k];
            }
            if (pattern[i] == pattern[k]) {
                k++;
            }
            fallback[i + 1] = k;
        }
    }

    void seen(int b) {
        byte next = (byte) b;
        while (matched > 0 && pattern[matched] != next) {
            matched = fallback[matched];
        }
        if (pattern[matched] == next) {
            matched++;
        }
        if (matched == pattern.length) {
            matched = fallback[matched];
            onMatch.run();
        }
    }

    void seen(byte[] bytes, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            seen(bytes[i]);
        }
    }
}
