package org.estuary.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jini.core.lease.Lease;

import org.estuary.store.api.FailoverRoles.Role;
import org.junit.jupiter.api.Test;

/** Times, durations, latencies and client-supplied text as every view shows them. */
class FormatTest {

    @Test
    void timesDurationsAndLatencies() {
        assertEquals("2023-11-14T22:13:20Z", Format.time(1_700_000_000_123L), "UTC, to the second");
        assertEquals("never", Format.time(Lease.FOREVER));
        assertEquals("60 s", Format.duration(60_000));
        assertEquals("1500 ms", Format.duration(1_500));
        assertEquals("ANY", Format.duration(Lease.ANY));
        assertEquals("FOREVER", Format.duration(Lease.FOREVER));
        assertEquals("1.50 ms", Format.nanos(1_500_000));
        assertEquals("-", Format.nanos(0), "none yet");
    }

    @Test
    void sizesInBinaryUnitsWithOneDecimal() {
        assertEquals("0 B", Format.bytes(0));
        assertEquals("1023 B", Format.bytes(1023));
        assertEquals("1.0 KiB", Format.bytes(1024));
        assertEquals("819.8 KiB", Format.bytes(839_456));
        assertEquals("256.0 MiB", Format.bytes(268_435_456));
        assertEquals("1.0 MiB", Format.bytes((1 << 20) - 1), "not 1024.0 KiB");
        assertEquals("1.5 GiB", Format.bytes(3L << 29));
        assertEquals("2.0 TiB", Format.bytes(2L << 40));
        assertEquals("8192.0 TiB", Format.bytes(1L << 53), "the largest unit goes on counting");
    }

    @Test
    void clientTextIsShortenedAndAToStringThatThrowsIsSurvived() {
        String longText = Format.describe(new Object() {
            @Override
            public String toString() {
                return "<script>".repeat(100);
            }
        });
        assertEquals(Format.MAX_TEXT, longText.length());
        assertTrue(longText.endsWith("\u2026"), longText);
        String broken = Format.describe(new Object() {
            @Override
            public String toString() {
                throw new IllegalStateException("boom");
            }
        });
        assertTrue(broken.contains("toString failed"), broken);
        assertNull(Format.describe(null));
    }

    @Test
    void aFailoverRoleNamesTheActiveContainerItsEndpointAndSinceWhen() {
        long since = 1_795_800_002_000L; // 2026-11-27T17:20:02Z
        assertEquals("active in this container (east-1) since 2026-11-27T17:20:02Z, token 3",
                Format.role(new Role("renewal", true, "east-1", "east-1:4170", 3, since)));
        assertEquals("standby: the active container is west-1 at west-1:4170 since 2026-11-27T17:20:02Z, token 4",
                Format.role(new Role("renewal", false, "west-1", "west-1:4170", 4, since)));
        assertEquals("standby: the active container is west-1 since 2026-11-27T17:20:02Z, token 4",
                Format.role(new Role("renewal", false, "west-1", "", 4, since)));
        assertEquals("standby: no container is active yet", Format.role(new Role("renewal", false, null, "", 0, 0)));
    }
}
