package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Marshalling reuses its object streams (cost, not behaviour): every object must come out byte for byte as a fresh
 * stream writes it, with its own handles and class annotation numbers, also after a failed or nested write.
 */
class ReusableWriterTest {

    private static final ClassLoader BLIND = new FakeBundles.BundleLoader("blind", Set.of());

    private final FakeBundles bundles = new FakeBundles();
    private final StreamMarshaller marshaller = (StreamMarshaller) Marshallers.builder().bundleLookup(bundles)
            .classLoader(getClass().getClassLoader()).build();

    private static Object payload(ClassLoader bundle, String value) throws Exception {
        return bundle.loadClass("org.estuary.io.fixture.Payload").getConstructor(String.class).newInstance(value);
    }

    /** What one fresh stream writes: object bytes, and annotation bytes when they go to their own channel. */
    private byte[][] fresh(Object object, boolean sideChannel) throws IOException {
        ByteArrayOutputStream objects = new ByteArrayOutputStream();
        ByteArrayOutputStream annotations = new ByteArrayOutputStream();
        try (MarshalOutputStream out = new MarshalOutputStream(objects, marshaller.classes(),
                sideChannel ? new DataOutputStream(annotations) : null)) {
            out.writeObject(object);
            out.flush();
            return new byte[][] {objects.toByteArray(), out.wroteAnyAnnotation() ? annotations.toByteArray() : null};
        }
    }

    @Test
    void eachObjectIsWrittenExactlyAsByAFreshStream() throws Exception {
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        ClassLoader b = bundles.install("fixture.b", "2.0.0", "Payload");
        String shared = "shared";
        List<Object> objects = List.of(List.of(shared, shared), payload(a, "x"), payload(b, "y"),
                new ArrayList<>(List.of(payload(b, "z"), payload(a, "w"))), 42L, payload(a, "x"));
        for (int round = 0; round < 2; round++) {
            for (Object object : objects) {
                assertArrayEquals(fresh(object, false)[0], marshaller.marshal(object), "marshal of " + object);
                Marshalled<Object> held = marshaller.marshalled(object);
                byte[][] expected = fresh(object, true);
                assertArrayEquals(expected[0], held.objectBytes(), "object bytes of " + object);
                assertArrayEquals(expected[1], held.annotationBytes(), "annotation numbers restart: " + object);
                assertEquals(object.toString(), marshaller.unmarshal(held).toString());
            }
        }
    }

    @Test
    void aFailedWriteLeavesLaterWritesIntact() throws Exception {
        List<Object> unserializable = List.of("before", new Object());
        assertThrows(NotSerializableException.class, () -> marshaller.marshal(unserializable));
        assertThrows(NotSerializableException.class, () -> marshaller.marshalled(unserializable));
        List<String> next = List.of("after", "after");
        assertArrayEquals(fresh(next, false)[0], marshaller.marshal(next));
        assertEquals(next, marshaller.unmarshal(marshaller.marshalled(next)));
    }

    @Test
    void aWriteInsideAWriteGetsItsOwnStream() throws Exception {
        Nested nested = new Nested(marshaller, List.of("inner"));
        byte[] bytes = marshaller.marshal(nested);
        assertNotNull(nested.innerBytes);
        assertArrayEquals(fresh(List.of("inner"), false)[0], nested.innerBytes);
        assertArrayEquals(fresh(nested, false)[0], bytes);
        assertEquals(List.of("inner"), marshaller.unmarshal(nested.innerBytes, List.class));
    }

    @Test
    void aLargeObjectIsWrittenWholeAndSmallOnesStillExact() throws Exception {
        ArrayList<String> large = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            large.add("element " + i);
        }
        assertArrayEquals(fresh(large, false)[0], marshaller.marshal(large));
        assertArrayEquals(fresh(List.of(1), false)[0], marshaller.marshal(List.of(1)));
    }

    /** Marshals another object from its own writeObject, as a class holding a Marshalled field might. */
    static final class Nested implements Serializable {
        private static final long serialVersionUID = 1L;
        private final transient Marshaller marshaller;
        private final transient Object inner;
        transient byte[] innerBytes;

        Nested(Marshaller marshaller, Object inner) {
            this.marshaller = marshaller;
            this.inner = inner;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            innerBytes = marshaller.marshal(inner);
            out.writeInt(innerBytes.length);
        }
    }
}
