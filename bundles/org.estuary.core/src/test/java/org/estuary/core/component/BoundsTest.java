package org.estuary.core.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A setting below its bound is refused with its name and value; one within it is returned as given. */
class BoundsTest {

    @Test
    void positiveRefusesZeroNamingTheSetting() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Bounds.positive("max.sets", 0));
        assertEquals("max.sets must be at least 1: 0", e.getMessage());
        assertEquals(1, Bounds.positive("max.sets", 1));
        assertEquals(5_000_000_000L, Bounds.positive("max.bytes", 5_000_000_000L));
    }

    @Test
    void notNegativeTakesZeroAndRefusesBelow() {
        assertEquals(0, Bounds.notNegative("renewal.batch.window.ms", 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Bounds.notNegative("renewal.batch.window.ms", -1));
        assertEquals("renewal.batch.window.ms must not be negative: -1", e.getMessage());
    }
}
