package net.jini.core.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class LeaseTest {

    // LE.2.2: FOREVER is Long.MAX_VALUE and ANY is -1.
    @Test
    void durationConstants() {
        assertEquals(Long.MAX_VALUE, Lease.FOREVER);
        assertEquals(-1L, Lease.ANY);
    }

    // LE.2.2: the two serial formats are DURATION = 1 and ABSOLUTE = 2.
    @Test
    void serialFormatConstants() {
        assertEquals(1, Lease.DURATION);
        assertEquals(2, Lease.ABSOLUTE);
        assertNotEquals(Lease.DURATION, Lease.ABSOLUTE);
    }

    // LE.2.2: a LeaseMap is a java.util.Map (from Lease to Long).
    @Test
    void leaseMapIsAMap() {
        assertTrue(Map.class.isAssignableFrom(LeaseMap.class));
    }
}
