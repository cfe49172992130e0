package org.estuary.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class OneLineTest {

    @Test
    void controlCharactersBecomeQuestionMarksSoNoLineOrEscapeIsForged() {
        assertEquals("admin?WARN forged?x", OneLine.of("admin\nWARN forged\rx", 100));
        assertEquals("Listener?[31m?forged", OneLine.of("Listener\u001b[31m\nforged", 100));
        assertEquals("tab?and?del", OneLine.of("tab\tand\u007fdel", 100));
    }

    @Test
    void textLongerThanTheLimitIsCutAndMarked() {
        assertEquals("abc", OneLine.of("abc", 3));
        assertEquals("abc...", OneLine.of("abcd", 3));
        assertEquals("x".repeat(64) + "...", OneLine.of("x".repeat(100), 64));
    }

    @Test
    void aSurrogatePairIsKeptWholeOrCutWhole() {
        String clef = "\uD834\uDD1E"; // U+1D11E, two chars
        assertEquals("a" + clef, OneLine.of("a" + clef, 3));
        assertEquals("a...", OneLine.of("a" + clef, 2));
    }

    @Test
    void nullIsEmptyAndALimitBelowOneIsRefused() {
        assertEquals("", OneLine.of(null, 10));
        assertThrows(IllegalArgumentException.class, () -> OneLine.of("a", 0));
    }
}
