package net.jini.core.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Map;

import org.junit.jupiter.api.Test;

// LD.1.2 / LD.4.2.1: ServiceID keys the groups map of a RemoteDiscoveryEvent; published Jini 2.x semantics.
class ServiceIDTest {

    @Test
    void accessorsReturnTheTwoHalves() {
        ServiceID id = new ServiceID(0x0123456789abcdefL, 0xfedcba9876543210L);
        assertEquals(0x0123456789abcdefL, id.getMostSignificantBits());
        assertEquals(0xfedcba9876543210L, id.getLeastSignificantBits());
    }

    @Test
    void toStringIsTheHyphenatedHexForm() {
        assertEquals("01234567-89ab-cdef-fedc-ba9876543210",
                new ServiceID(0x0123456789abcdefL, 0xfedcba9876543210L).toString());
        assertEquals("00000000-0000-0001-0000-000000000002", new ServiceID(1, 2).toString());
        assertEquals("ffffffff-ffff-ffff-ffff-ffffffffffff", new ServiceID(-1, -1).toString());
    }

    @Test
    void equalityUsesAll128Bits() {
        ServiceID a = new ServiceID(7, 9);
        assertEquals(a, new ServiceID(7, 9));
        assertEquals(a.hashCode(), new ServiceID(7, 9).hashCode());
        assertNotEquals(a, new ServiceID(7, 8));
        assertNotEquals(a, new ServiceID(6, 9));
        assertNotEquals(a, new ServiceID(9, 7));
        assertNotEquals(a, null);
        assertNotEquals(a, "00000000-0000-0007-0000-000000000009");
    }

    @Test
    void writeBytesWritesSixteenBytesMostSignificantFirstAndReadsBack() throws IOException {
        ServiceID id = new ServiceID(0x0102030405060708L, 0x090a0b0c0d0e0f10L);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        id.writeBytes(new DataOutputStream(bytes));
        byte[] b = bytes.toByteArray();
        assertEquals(16, b.length);
        for (int i = 0; i < 16; i++) {
            assertEquals(i + 1, b[i]);
        }
        assertEquals(id, new ServiceID(new DataInputStream(new ByteArrayInputStream(b))));
    }

    @Test
    void dataInputConstructorFailsOnShortInput() {
        assertThrows(EOFException.class,
                () -> new ServiceID(new DataInputStream(new ByteArrayInputStream(new byte[15]))));
    }

    @Test
    void serialFormIsMostSigAndLeastSig() throws Exception {
        assertEquals(-7803375959559762239L, SerialTestSupport.uid(ServiceID.class));
        assertEquals(Map.of("leastSig", "long", "mostSig", "long"), SerialTestSupport.serialFields(ServiceID.class));
        ServiceID id = new ServiceID(-5, 42);
        assertEquals(id, SerialTestSupport.roundTrip(id));
    }
}
