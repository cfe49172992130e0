package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.StreamCorruptedException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * Classes annotated with their bundle and resolved through it, with "bundles" simulated by class loaders
 * ({@link FakeBundles}); the OSGi framework binding is only a thin {@link BundleLookup} over this logic.
 */
class BundleResolutionTest {

    private static final String PAYLOAD = "org.estuary.io.fixture.Payload";

    /** A fallback loader that cannot see the fixture classes, as a bundle that does not import them. */
    private static final ClassLoader BLIND = new FakeBundles.BundleLoader("blind", Set.of());

    private static Object newPayload(ClassLoader bundle, String value) throws Exception {
        return bundle.loadClass(PAYLOAD).getConstructor(String.class).newInstance(value);
    }

    private static Marshaller over(FakeBundles bundles, ClassLoader fallback) {
        return Marshallers.builder().bundleLookup(bundles).classLoader(fallback).build();
    }

    @Test
    void readsTheClassBackThroughTheBundleThatDefinedIt() throws Exception {
        // An object stored by one bundle is read back through that bundle by another service.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        bundles.install("fixture.b", "1.0.0", "Payload"); // same class name, another bundle
        byte[] bytes = over(bundles, BLIND).marshal(newPayload(a, "x"));
        Object back = over(bundles, BLIND).unmarshal(bytes, Object.class);
        assertSame(a, back.getClass().getClassLoader());
    }

    @Test
    void fallsBackToTheNewestInstalledVersionWhenTheExactOneIsGone() throws Exception {
        // After a bundle update the old version is gone; the newest of that name reads it.
        FakeBundles bundles = new FakeBundles();
        ClassLoader v100 = bundles.install("fixture.a", "1.0.0", "Payload");
        byte[] bytes = over(bundles, BLIND).marshal(newPayload(v100, "x"));
        bundles.uninstall("fixture.a", "1.0.0");
        bundles.install("fixture.a", "1.0.5", "Payload");
        ClassLoader v1100 = bundles.install("fixture.a", "1.10.0", "Payload");
        bundles.install("fixture.a", "1.9.0", "Payload");
        assertSame(v1100, over(bundles, BLIND).unmarshal(bytes, Object.class).getClass().getClassLoader());
    }

    @Test
    void prefersTheExactVersionOverANewerOne() throws Exception {
        // While the writer's version is installed, it decides.
        FakeBundles bundles = new FakeBundles();
        ClassLoader v1 = bundles.install("fixture.a", "1.0.0", "Payload");
        byte[] bytes = over(bundles, BLIND).marshal(newPayload(v1, "x"));
        bundles.install("fixture.a", "2.0.0", "Payload");
        assertSame(v1, over(bundles, BLIND).unmarshal(bytes, Object.class).getClass().getClassLoader());
    }

    @Test
    void fallsBackToTheConfiguredLoaderWhenNoBundleOfThatNameIsInstalled() throws Exception {
        // Then to the configured fallback ClassLoader.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        byte[] bytes = over(bundles, BLIND).marshal(newPayload(a, "x"));
        FakeBundles empty = new FakeBundles();
        ClassLoader app = getClass().getClassLoader();
        assertSame(app, over(empty, app).unmarshal(bytes, Object.class).getClass().getClassLoader());
        // and a plain Java reader (no bundles at all) ignores the annotation
        Object plain = Marshallers.builder().classLoader(app).build().unmarshal(bytes, Object.class);
        assertSame(app, plain.getClass().getClassLoader());
    }

    @Test
    void classFoundNowhereNamesTheClassAndItsBundle() throws Exception {
        // LR.2 expects unmarshal failures to be reported per object, with a useful reason.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        byte[] bytes = over(bundles, BLIND).marshal(newPayload(a, "x"));
        ClassNotFoundException e = assertThrows(ClassNotFoundException.class,
                () -> over(new FakeBundles(), BLIND).unmarshal(bytes, Object.class));
        assertTrue(e.getMessage().contains(PAYLOAD) && e.getMessage().contains("fixture.a;version=1.0.0"),
                e.getMessage());
    }

    @Test
    void classGoneFromItsBundleIsLookedForInTheFallback() throws Exception {
        // A newer version may have moved the class away; the fallback loader still gets a chance.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        byte[] bytes = over(bundles, BLIND).marshal(newPayload(a, "x"));
        bundles.uninstall("fixture.a", "1.0.0");
        bundles.install("fixture.a", "2.0.0"); // defines no Payload
        ClassLoader app = getClass().getClassLoader();
        assertSame(app, over(bundles, app).unmarshal(bytes, Object.class).getClass().getClassLoader());
    }

    @Test
    void arraysOfBundleClassesResolveThroughTheBundle() throws Exception {
        // An array is annotated with its element's bundle.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        Class<?> payload = a.loadClass(PAYLOAD);
        Object[][] array = (Object[][]) java.lang.reflect.Array.newInstance(payload, 1, 1);
        array[0][0] = newPayload(a, "x");
        Object back = over(bundles, BLIND).unmarshal(over(bundles, BLIND).marshal(array), Object.class);
        assertSame(payload.arrayType().arrayType(), back.getClass());
    }

    @Test
    void proxyResolvesItsInterfaceThroughItsBundle() throws Exception {
        // RMI stubs and smart proxies are dynamic proxies: interfaces come from bundles too.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Greeter", "FixedAnswer");
        Class<?> greeter = a.loadClass("org.estuary.io.fixture.Greeter");
        Object handler = a.loadClass("org.estuary.io.fixture.FixedAnswer").getConstructor(Object.class)
                .newInstance("hello");
        Object proxy = Proxy.newProxyInstance(a, new Class<?>[] {greeter},
                (java.lang.reflect.InvocationHandler) handler);
        Object back = over(bundles, BLIND).unmarshal(over(bundles, BLIND).marshal(proxy), Object.class);
        assertSame(greeter, back.getClass().getInterfaces()[0]);
        assertEquals("hello you", greeter.getMethod("greet", String.class).invoke(back, "you"));
    }

    @Test
    void proxyJoiningInterfacesOfBundlesThatDoNotSeeEachOther() throws Exception {
        // A proxy's interfaces may come from two bundles; a joining loader defines the class.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Greeter", "FixedAnswer");
        ClassLoader b = bundles.install("fixture.b", "1.0.0", "Counter");
        Class<?> greeter = a.loadClass("org.estuary.io.fixture.Greeter");
        Class<?> counter = b.loadClass("org.estuary.io.fixture.Counter");
        Object handler = a.loadClass("org.estuary.io.fixture.FixedAnswer").getConstructor(Object.class)
                .newInstance("hi");
        ClassLoader joined = new JoinedClassLoader(List.of(a, b));
        Object proxy = Proxy.newProxyInstance(joined, new Class<?>[] {greeter, counter},
                (java.lang.reflect.InvocationHandler) handler);
        Object back = over(bundles, BLIND).unmarshal(over(bundles, BLIND).marshal(proxy), Object.class);
        assertSame(greeter, back.getClass().getInterfaces()[0]);
        assertSame(counter, back.getClass().getInterfaces()[1]);
        assertNotSame(a, back.getClass().getClassLoader());
        assertEquals(7, counter.getMethod("count").invoke(back));
    }

    @Test
    void eachBundleIsNamedOncePerStream() throws Exception {
        // Annotations are numbered; a hundred objects of one bundle carry its name once.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        List<Object> many = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            many.add(newPayload(a, "v" + i));
        }
        byte[] bytes = over(bundles, BLIND).marshal(many);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        assertEquals(text.indexOf("fixture.a;version=1.0.0"), text.lastIndexOf("fixture.a;version=1.0.0"));
        assertTrue(text.contains("fixture.a;version=1.0.0"));
        assertEquals(many, new ArrayList<>(over(bundles, BLIND).unmarshal(bytes, List.class)).stream()
                .map(o -> many.get(0).getClass().cast(o)).toList());
    }

    @Test
    void jdkClassesCarryNoAnnotationAndNeedNoBundle() throws Exception {
        // Nothing for JDK/boot classes.
        FakeBundles bundles = new FakeBundles();
        byte[] bytes = over(bundles, BLIND).marshal(new ArrayList<>(List.of("a", 1)));
        assertEquals(0, bundles.calls.get(), "no bundle lookups for JDK classes");
        assertEquals(List.of("a", 1), over(bundles, BLIND).unmarshal(bytes, Object.class));
    }

    @Test
    void malformedAnnotationIsACorruptStream() throws Exception {
        // A hostile annotation is refused, not parsed into a nonsense bundle id.
        FakeBundles bundles = new FakeBundles();
        ClassLoader a = bundles.install("fixture.a", "1.0.0", "Payload");
        byte[] bytes = over(bundles, BLIND).marshal(newPayload(a, "x"));
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        int at = text.indexOf(";version=");
        bytes[at + 1] = 'V';
        byte[] corrupt = bytes;
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class,
                () -> over(bundles, BLIND).unmarshal(corrupt, Object.class));
        assertTrue(e.getMessage().contains("malformed class annotation"), e.getMessage());
    }

    @Test
    void annotationReaderRefusesUnknownNumbersAndTooManyAnnotations() throws Exception {
        // A hostile stream cannot point at annotations never written or grow the table unbounded.
        StreamCorruptedException unknown = assertThrows(StreamCorruptedException.class,
                () -> new AnnotationReader(new DataInputStream(new ByteArrayInputStream(new byte[] {5}))).read());
        assertTrue(unknown.getMessage().contains("refers to none"), unknown.getMessage());
        assertThrows(StreamCorruptedException.class, () -> new AnnotationReader(new DataInputStream(
                new ByteArrayInputStream(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                    (byte) 0xFF, 1}))).read());
        java.io.ByteArrayOutputStream many = new java.io.ByteArrayOutputStream();
        AnnotationWriter writer = new AnnotationWriter(new java.io.DataOutputStream(many));
        for (int i = 0; i <= AnnotationReader.MAX_ANNOTATIONS; i++) {
            writer.write("b" + i + ";version=1.0.0");
        }
        AnnotationReader reader =
                new AnnotationReader(new DataInputStream(new ByteArrayInputStream(many.toByteArray())));
        for (int i = 0; i < AnnotationReader.MAX_ANNOTATIONS; i++) {
            assertEquals("b" + i + ";version=1.0.0", reader.read());
        }
        StreamCorruptedException tooMany = assertThrows(StreamCorruptedException.class, reader::read);
        assertTrue(tooMany.getMessage().contains("4096"), tooMany.getMessage());
    }
}
