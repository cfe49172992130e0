package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The holder for client objects a service keeps without understanding them. */
class MarshalledTest {

    private static final String PAYLOAD = "org.estuary.io.fixture.Payload";
    private static final ClassLoader BLIND = new FakeBundles.BundleLoader("blind", Set.of());

    private final Marshaller plain = Marshallers.builder().classLoader(getClass().getClassLoader()).build();

    private static Object newPayload(ClassLoader bundle, String value) throws Exception {
        return bundle.loadClass(PAYLOAD).getConstructor(String.class).newInstance(value);
    }

    @Test
    void asAJdkMarshalledObjectItHoldsTheSameObject() throws Exception {
        // LR.2 (LeaseUnmarshalException.getMarshalledLeases) hands clients java.rmi.MarshalledObjects: one made from
        // a holder reads the object itself, not the holder, and equal holders make equal MarshalledObjects
        List<String> value = new ArrayList<>(List.of("a", "b"));
        Marshalled<List<String>> held = plain.marshalled(value);
        java.rmi.MarshalledObject<List<String>> jdk = held.toMarshalledObject();
        assertEquals(value, jdk.get());
        java.rmi.MarshalledObject<?> again = plain.marshalled(new ArrayList<>(value)).toMarshalledObject();
        assertEquals(jdk, again);
        assertEquals(jdk.hashCode(), again.hashCode());
        assertNotEquals(jdk, plain.marshalled(List.of("c")).toMarshalledObject());
        // and it travels like any MarshalledObject
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(jdk);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(value, ((java.rmi.MarshalledObject<?>) in.readObject()).get());
        }
    }

    @Test
    void equalityComparesBytesNotAnnotations() throws Exception {
        // As with MarshalledObject, one object written by two versions of its bundle is equal.
        FakeBundles bundles = new FakeBundles();
        ClassLoader v1 = bundles.install("fixture.a", "1.0.0", "Payload");
        ClassLoader v2 = bundles.install("fixture.a", "2.0.0", "Payload");
        Marshaller m = Marshallers.builder().bundleLookup(bundles).classLoader(BLIND).build();
        Marshalled<Object> one = m.marshalled(newPayload(v1, "x"));
        Marshalled<Object> two = m.marshalled(newPayload(v2, "x"));
        assertFalse(Arrays.equals(one.annotationBytes(), two.annotationBytes()), "annotations differ");
        assertEquals(one, two);
        assertEquals(one.hashCode(), two.hashCode());
        assertNotEquals(one, m.marshalled(newPayload(v1, "y")));
        assertNotEquals(one, "x");
        assertEquals(plain.marshalled(List.of(1)), Marshallers.defaults().marshalled(List.of(1)));
    }

    @Test
    void compactFormReadsBackEqualWithItsAnnotations() throws Exception {
        // A store record may hold the holder's bytes without serialization framing; read back it is equal, keeps its
        // annotations (so get() still finds the writer's bundle) and is smaller than marshal.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        Marshaller m = Marshallers.builder().bundleLookup(bundles).classLoader(BLIND).build();
        Marshalled<Object> held = m.marshalled(newPayload(a, "x"));
        byte[] compact = compact(held);
        Marshalled<Object> read = Marshalled.readFrom(new DataInputStream(new ByteArrayInputStream(compact)), m);
        assertEquals(held, read);
        assertTrue(Arrays.equals(held.annotationBytes(), read.annotationBytes()), "annotations kept");
        Object back = read.get();
        assertSame(a, back.getClass().getClassLoader(), "get() resolves through the annotated bundle");
        assertEquals(newPayload(a, "x"), back);
        assertTrue(compact.length < m.marshal(held).length, compact.length + " vs " + m.marshal(held).length);

        Marshalled<Object> plainHeld = plain.marshalled(List.of(1));
        Marshalled<Object> plainRead =
                Marshalled.readFrom(new DataInputStream(new ByteArrayInputStream(compact(plainHeld))), plain);
        assertEquals(plainHeld, plainRead);
        assertEquals(List.of(1), plainRead.get());
    }

    @Test
    void compactFormRefusesALengthBeyondTheInput() throws Exception {
        // A corrupt record must fail with an IOException, not allocate what its length field claims.
        byte[] compact = compact(plain.marshalled("x"));
        byte[] truncated = Arrays.copyOf(compact, compact.length - 2);
        assertThrows(java.io.IOException.class,
                () -> Marshalled.readFrom(new DataInputStream(new ByteArrayInputStream(truncated)), plain));
        byte[] huge = compact.clone();
        huge[0] = 0x7f;
        assertThrows(InvalidObjectException.class,
                () -> Marshalled.readFrom(new DataInputStream(new ByteArrayInputStream(huge)), plain));
    }

    private static byte[] compact(Marshalled<?> held) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        held.writeTo(out);
        out.flush();
        return bytes.toByteArray();
    }

    @Test
    void nothingIsResolvedUntilGet() throws Exception {
        // LR.2.1 / LD.4.1.1: implementations may delay unmarshalling until the object is needed.
        FakeBundles writerBundles = new FakeBundles();
        ClassLoader a = writerBundles.install("fixture.a", "1.0.0", "Payload");
        Marshaller writer = Marshallers.builder().bundleLookup(writerBundles).classLoader(BLIND).build();
        byte[] stored = writer.marshal(writer.marshalled(newPayload(a, "x")));

        FakeBundles readerBundles = new FakeBundles();
        ClassLoader readerA = readerBundles.install("fixture.a", "1.0.0", "Payload");
        Marshaller reader = Marshallers.builder().bundleLookup(readerBundles).classLoader(BLIND).build();
        Marshalled<?> kept = reader.unmarshal(stored, Marshalled.class);
        assertEquals(0, readerBundles.calls.get(), "reading the holder consults no bundle");
        Object first = kept.get();
        assertTrue(readerBundles.calls.get() > 0);
        assertSame(readerA, first.getClass().getClassLoader(), "get() reads through the stream's marshaller");
        Object second = kept.get();
        assertEquals(first, second);
        assertNotSame(first, second, "each get() returns a new copy");
    }

    @Test
    void objectWhoseClassesAreMissingCanStillBeStoredAndCompared() throws Exception {
        // LR.2: an unmarshalling failure is possibly transient; the lease must not be lost.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        Marshalled<Object> original = Marshallers.builder().bundleLookup(bundles).classLoader(BLIND).build()
                .marshalled(newPayload(a, "x"));
        Marshaller nowhere = Marshallers.builder().bundleLookup(new FakeBundles()).classLoader(BLIND).build();
        Marshalled<?> kept = nowhere.unmarshal(nowhere.marshal(original), Marshalled.class);
        assertEquals(original, kept);
        ClassNotFoundException e = assertThrows(ClassNotFoundException.class, kept::get);
        assertTrue(e.getMessage().contains("fixture.a;version=1.0.0"), e.getMessage());
        Marshalled<?> again = nowhere.unmarshal(nowhere.marshal(kept), Marshalled.class);
        assertEquals(original, again);
        bundles.uninstall("fixture.a", "1.0.0");
        ClassLoader updated = bundles.install("fixture.a", "1.1.0", "Payload");
        Marshaller later = Marshallers.builder().bundleLookup(bundles).classLoader(BLIND).build();
        Object back = later.unmarshal(again); // the bundle is back (updated): the lease is readable again
        assertSame(updated, back.getClass().getClassLoader());
        assertEquals("x", back.getClass().getMethod("value").invoke(back));
    }

    @Test
    void survivesPlainJdkStreamsAndThenReadsThroughTheDefaults() throws Exception {
        // A store may persist the holder with any object stream.
        Marshalled<List<Integer>> kept = plain.marshalled(new ArrayList<>(List.of(1, 2)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(kept);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            @SuppressWarnings("unchecked")
            Marshalled<List<Integer>> back = (Marshalled<List<Integer>>) in.readObject();
            assertEquals(kept, back);
            assertEquals(List.of(1, 2), back.get());
            assertEquals(kept.size(), back.size());
        }
    }

    @Test
    void holdsNullAndReportsItsSize() throws Exception {
        // A null handback (EV.2.3.2 allows one) is held like any object.
        Marshalled<Object> nothing = plain.marshalled(null);
        assertNull(nothing.get());
        assertTrue(nothing.size() > 0);
        assertTrue(plain.marshalled("x".repeat(1000)).size() > 1000);
        assertTrue(nothing.toString().contains("bytes"));
        assertNull(nothing.annotationBytes(), "no class had an annotation");
    }

    @Test
    void refusesAHolderWithoutBytes() throws Exception {
        // A crafted holder with missing fields is an InvalidObjectException.
        Marshalled<String> kept = plain.marshalled("x");
        Field field = Marshalled.class.getDeclaredField("objectBytes");
        field.setAccessible(true);
        field.set(kept, null);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(kept);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertThrows(InvalidObjectException.class, in::readObject);
        }
    }

    @Test
    void readsWithTheFilterOfTheStreamItCameThrough() throws Exception {
        // A holder read through a strict stream stays strict on get().
        Marshalled<Object> kept = plain.marshalled(new ArrayList<>(List.of(1)));
        SerialFilter strict = SerialFilter.builder().allow("org.estuary.io.Marshalled").build();
        try (MarshalInputStream in =
                plain.newInputStream(new ByteArrayInputStream(plain.marshal(kept)), strict)) {
            Marshalled<?> back = (Marshalled<?>) in.readObject();
            SerialFilterException e = assertThrows(SerialFilterException.class, back::get);
            assertEquals("java.util.ArrayList", e.className());
        }
    }
}
