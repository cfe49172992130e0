package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bundle identity a class annotation carries. */
class BundleIdTest {

    @Test
    void formatsAndParsesTheAnnotationForm() {
        // A class is annotated with the bundle that defines it (symbolic name + version).
        BundleId id = new BundleId("com.acme.client", "1.2.3.beta-1");
        assertEquals("com.acme.client;version=1.2.3.beta-1", id.toString());
        assertEquals(id, BundleId.parse(id.toString()));
    }

    @Test
    void canonicalizesVersionsSoEqualVersionsAreEqualIds() {
        // "1" and "1.0.0" name the same bundle version (OSGi core 3.2.5).
        assertEquals(new BundleId("a", "1.0.0"), new BundleId("a", "1"));
        assertEquals("2.1.0", new BundleId("a", "2.1").version());
    }

    @Test
    void ordersVersionsNumericallyThenByQualifier() {
        // "the newest installed bundle" needs OSGi version order, not string order.
        assertTrue(new BundleId("a", "1.10.0").compareVersionTo(new BundleId("a", "1.9.0")) > 0);
        assertTrue(new BundleId("a", "1.0.0.b").compareVersionTo(new BundleId("a", "1.0.0.a")) > 0);
        assertTrue(new BundleId("a", "1.0.0").compareVersionTo(new BundleId("a", "1.0.0.a")) < 0);
        assertTrue(new BundleId("a", "9.0.0").compareTo(new BundleId("b", "1.0.0")) < 0);
    }

    @Test
    void refusesMalformedIds() {
        // An annotation read from a hostile stream must not yield a nonsense id.
        assertThrows(NullPointerException.class, () -> new BundleId(null, "1"));
        assertThrows(NullPointerException.class, () -> new BundleId("a", null));
        assertThrows(NullPointerException.class, () -> BundleId.parse(null));
        assertThrows(IllegalArgumentException.class, () -> new BundleId("", "1"));
        assertThrows(IllegalArgumentException.class, () -> new BundleId("a b", "1"));
        assertThrows(IllegalArgumentException.class, () -> new BundleId("a..b", "1"));
        assertThrows(IllegalArgumentException.class, () -> new BundleId("a", "1.x"));
        assertThrows(IllegalArgumentException.class, () -> new BundleId("a", "-1"));
        assertThrows(IllegalArgumentException.class, () -> new BundleId("a", "1.0.0."));
        assertThrows(IllegalArgumentException.class, () -> new BundleId("a", "1.0.0.q!"));
        assertThrows(IllegalArgumentException.class, () -> new BundleId("a", "99999999999"));
        assertThrows(IllegalArgumentException.class, () -> BundleId.parse("no-version"));
        assertThrows(IllegalArgumentException.class, () -> BundleId.parse(";version=1.0.0"));
    }
}
