package org.estuary.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Ids and pages as every service's console page, command and MBean share them. */
class IdsTest {

    @Test
    void idsAreUnsignedDecimalAndReadBackInBothForms() {
        assertEquals("18446744073709551615", Ids.format(-1L));
        assertEquals(-1L, Ids.parse("18446744073709551615"));
        assertEquals(-1L, Ids.parse(" -1 "), "the signed decimal of the same 64 bits");
        assertEquals(42L, Ids.parse(Ids.format(42L)));
        assertThrows(IllegalArgumentException.class, () -> Ids.parse("abc"));
        assertThrows(IllegalArgumentException.class, () -> Ids.parse(null));
    }

    @Test
    void aPageKnowsWhetherMoreFollows() {
        assertEquals(true, new Page<>(3, 0, List.of("a", "b")).hasMore());
        assertFalse(new Page<>(3, 1, List.of("b", "c")).hasMore());
        assertThrows(IllegalArgumentException.class, () -> new Page<>(-1, 0, List.of()));
    }
}
