package org.estuary.io.internal;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.SerialFilter;
import org.estuary.io.SerialFilterException;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Version;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.service.component.ComponentContext;

/** The DS component built directly (no framework), with its configuration as ConfigAdmin would give it. */
class MarshallerComponentTest {

    /** An instance of the configuration annotation: the given values, the declared defaults otherwise. */
    static MarshallerComponent.Config config(Map<String, Object> values) {
        return (MarshallerComponent.Config) Proxy.newProxyInstance(MarshallerComponent.class.getClassLoader(),
                new Class<?>[] {MarshallerComponent.Config.class}, (proxy, method, args) -> {
                    if (values.containsKey(method.getName())) {
                        return values.get(method.getName());
                    }
                    Object fallback = method.getDefaultValue();
                    if (fallback == null) {
                        throw new UnsupportedOperationException(method.getName());
                    }
                    return fallback;
                });
    }

    /** A stand-in for OSGi interfaces: the named methods answer, every other call fails. */
    @SuppressWarnings("unchecked")
    static <T> T fake(Class<T> type, Map<String, Object> answers) {
        return (T) Proxy.newProxyInstance(MarshallerComponentTest.class.getClassLoader(), new Class<?>[] {type},
                (proxy, method, args) -> {
                    if (method.getName().equals("toString")) {
                        return "fake " + type.getSimpleName();
                    }
                    if (!answers.containsKey(method.getName())) {
                        throw new UnsupportedOperationException(type.getSimpleName() + "." + method.getName());
                    }
                    return answers.get(method.getName());
                });
    }

    /** A bundle-scoped activation for a using bundle whose class loader is {@code loader}. */
    static ComponentContext contextFor(ClassLoader loader) {
        BundleWiring wiring = fake(BundleWiring.class, Map.of("getClassLoader", loader));
        Bundle user = fake(Bundle.class, Map.of("adapt", wiring, "getSymbolicName", "test.user",
                "getVersion", new Version(1, 0, 0)));
        BundleContext own = fake(BundleContext.class, Map.of("getBundles", new Bundle[0]));
        return fake(ComponentContext.class, Map.of("getUsingBundle", user, "getBundleContext", own));
    }

    @Test
    void defaultAllowlistOfTheConfigurationIsTheLibraryDefault() throws Exception {
        // The metatype default (what the web console shows) equals SerialFilter.DEFAULT_ALLOWLIST.
        String[] declared = (String[]) MarshallerComponent.Config.class.getMethod("allowlist").getDefaultValue();
        assertEquals(SerialFilter.DEFAULT_ALLOWLIST, Arrays.asList(declared));
        SerialFilter filter = MarshallerComponent.filterOf(config(Map.of()));
        assertEquals(SerialFilter.defaults().toString(), filter.toString());
    }

    @Test
    void extraPatternsAndLimitsComeFromTheConfiguration() {
        // Configurable through ConfigAdmin; blank entries a form leaves behind are ignored.
        Map<String, Object> values = new HashMap<>();
        values.put("allowlist_extra", new String[] {"com.acme.leases.*", " ", ""});
        values.put("maxDepth", 7L);
        values.put("maxBytes", 4096L);
        values.put("maxHashDepth", 3L);
        values.put("maxHashCapacity", 64L);
        values.put("maxArrayMemory", 2048L);
        SerialFilter filter = MarshallerComponent.filterOf(config(values));
        assertDoesNotThrow(() -> filter.checkClassName("com.acme.leases.AcmeLease"));
        assertDoesNotThrow(() -> filter.checkClassName("net.jini.core.lease.Lease"));
        assertEquals(7, filter.maxDepth());
        assertEquals(4096, filter.maxBytes());
        assertEquals(3, filter.maxHashDepth());
        assertEquals(64, filter.maxHashCapacity());
        assertEquals(2048, filter.maxArrayMemory());
        assertEquals(SerialFilter.DEFAULT_MAX_ARRAY_LENGTH, filter.maxArrayLength());
    }

    @Test
    void badConfigurationNamesThePropertyAndThePattern() {
        // A configuration error is clear enough for an operator.
        IllegalArgumentException pattern = assertThrows(IllegalArgumentException.class,
                () -> MarshallerComponent.filterOf(config(Map.of("allowlist_extra", new String[] {"java.base/*"}))));
        assertTrue(pattern.getMessage().contains("allowlist.extra") && pattern.getMessage().contains("java.base/*"),
                pattern.getMessage());
        IllegalArgumentException limit = assertThrows(IllegalArgumentException.class,
                () -> MarshallerComponent.filterOf(config(Map.of("maxDepth", 0L))));
        assertTrue(limit.getMessage().contains("maxDepth") && limit.getMessage().contains(MarshallerComponent.PID),
                limit.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new MarshallerComponent(contextFor(getClass().getClassLoader()),
                        config(Map.of("maxBytes", -1L))));
    }

    /** A loader that defines its own copy of one test class, standing for the using bundle's class space. */
    static final class UserBundleLoader extends ClassLoader {
        private final String defines;

        UserBundleLoader(String defines) {
            super("test.user", UserBundleLoader.class.getClassLoader());
            this.defines = defines;
        }

        @Override
        protected synchronized Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(defines)) {
                return super.loadClass(name, resolve);
            }
            Class<?> loaded = findLoadedClass(name);
            if (loaded != null) {
                return loaded;
            }
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                byte[] bytes = in.readAllBytes();
                return defineClass(name, bytes, 0, bytes.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    @Test
    void unannotatedClassesResolveThroughTheUsingBundle() throws Exception {
        // A class from a plain Java client (no annotation) resolves as the using bundle sees it.
        String payload = "org.estuary.io.fixture.Payload";
        ClassLoader user = new UserBundleLoader(payload);
        MarshallerComponent component = new MarshallerComponent(contextFor(user), config(Map.of()));
        byte[] fromClient = Marshallers.defaults().marshal(new org.estuary.io.fixture.Payload("x"));
        Object read = component.unmarshal(fromClient, Object.class);
        assertSame(user, read.getClass().getClassLoader());
        Object again = component.marshalled(read).get();
        assertSame(read.getClass(), again.getClass());
        assertEquals(read, again);
        assertEquals(List.of(1), component.unmarshal(component.marshal(List.of(1)), List.class));
        assertEquals(SerialFilter.defaults().toString(), component.filter().toString());
        try (var in = component.newInputStream(new ByteArrayInputStream(component.marshal("s")))) {
            assertEquals("s", in.readObject());
        }
    }

    @Test
    void componentFilterRefusesWhatTheConfigurationDoesNotAllow() throws Exception {
        // The configured filter guards every stream of the service.
        Marshaller component = new MarshallerComponent(contextFor(getClass().getClassLoader()), config(Map.of()));
        byte[] gadget = Marshallers.defaults()
                .marshal(new java.util.PriorityQueue<>(2, new evil.gadget.EvilComparator()));
        SerialFilterException e = assertThrows(SerialFilterException.class,
                () -> component.unmarshal(gadget, Object.class));
        assertEquals("evil.gadget.EvilComparator", e.className());
        Marshaller widened = new MarshallerComponent(contextFor(getClass().getClassLoader()),
                config(Map.of("allowlist_extra", new String[] {"evil.gadget.*"})));
        assertDoesNotThrow(() -> widened.unmarshal(gadget, Object.class));
    }
}
