package org.estuary.core.time;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TimesTest {

    @Test
    void additionSaturatesInsteadOfWrapping() {
        // LR.2: desired expiration = now + desired duration, Long.MAX_VALUE on overflow
        assertEquals(Long.MAX_VALUE, Times.saturatedAdd(Long.MAX_VALUE - 5, 10));
        assertEquals(Long.MIN_VALUE, Times.saturatedAdd(Long.MIN_VALUE + 5, -10));
        assertEquals(15, Times.saturatedAdd(5, 10));
        assertEquals(-5, Times.saturatedAdd(5, -10));
    }

    @Test
    void subtractionSaturatesInsteadOfWrapping() {
        assertEquals(Long.MAX_VALUE, Times.saturatedSubtract(Long.MAX_VALUE, -1));
        assertEquals(Long.MIN_VALUE, Times.saturatedSubtract(Long.MIN_VALUE, 1));
        assertEquals(-5, Times.saturatedSubtract(5, 10));
    }

    @Test
    void unitConversionsSaturateAndRoundUp() {
        assertEquals(Long.MAX_VALUE, Times.millisToNanos(Long.MAX_VALUE / 1000));
        assertEquals(Long.MIN_VALUE, Times.millisToNanos(Long.MIN_VALUE / 1000));
        assertEquals(3_000_000L, Times.millisToNanos(3));
        assertEquals(1, Times.nanosToMillisCeiling(1));
        assertEquals(0, Times.nanosToMillisCeiling(0));
        assertEquals(2, Times.nanosToMillisCeiling(1_000_001));
        assertEquals(-1, Times.nanosToMillisCeiling(-1_000_000));
    }
}
