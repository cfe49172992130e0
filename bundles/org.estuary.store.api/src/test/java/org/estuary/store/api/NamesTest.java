package org.estuary.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class NamesTest {

    @Test
    void validSpacesAreReturnedUnchanged() {
        // Store S4: a service's namespace, segments joined by '/'
        for (String space : new String[] {"renewal", "renewal/sets", "mailbox/registrations-2", "txn/v1.2/x_y",
                "a", "0/1", "a".repeat(Names.MAX_SPACE_LENGTH)}) {
            assertEquals(space, Names.requireSpace(space));
        }
    }

    @Test
    void invalidSpacesAreRefusedWithTheRuleTheyBreak() {
        // Store S4: a small alphabet so a space can become a directory or SQL value without escaping
        assertThrows(NullPointerException.class, () -> Names.requireSpace(null));
        for (String space : new String[] {"", "Renewal", "renewal/", "/renewal", "renewal//sets", "re newal",
                "renewal/.hidden", "-x", "ä", "a\u0000", "a".repeat(Names.MAX_SPACE_LENGTH + 1), "a/_b"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Names.requireSpace(space), space);
            assertTrue(e.getMessage().startsWith("space"), e.getMessage());
        }
    }

    @Test
    void validKeysAreReturnedUnchanged() {
        // Store S4: keys are any valid UTF-16 string without U+0000
        for (String key : new String[] {"1", "6f1c0e2a-8a54-4c2b-9f7e-2c8a1f0d9b3e/17", "Ünïcødé key",
                "\uD83D\uDE00", "k".repeat(Names.MAX_KEY_LENGTH), " "}) {
            assertEquals(key, Names.requireKey(key));
        }
    }

    @Test
    void invalidKeysAreRefused() {
        // Store S4: empty, too long, NUL and unpaired surrogates cannot round-trip every backend
        assertThrows(NullPointerException.class, () -> Names.requireKey(null));
        for (String key : new String[] {"", "k".repeat(Names.MAX_KEY_LENGTH + 1), "a\u0000b", "\uD83D",
                "\uDE00", "a\uD83Db", "\uDE00\uD83D"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Names.requireKey(key));
            assertTrue(e.getMessage().startsWith("key"), e.getMessage());
        }
    }

    @Test
    void utf8LengthMatchesTheEncoder() {
        // Store stats: logical bytes count keys in UTF-8
        for (String key : new String[] {"abc", "é", "鍵", "\uD83D\uDE00", "aé鍵\uD83D\uDE00z"}) {
            assertEquals(key.getBytes(StandardCharsets.UTF_8).length, Names.utf8Length(key), key);
        }
    }
}
