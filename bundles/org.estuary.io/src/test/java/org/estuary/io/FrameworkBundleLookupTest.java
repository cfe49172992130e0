package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleReference;
import org.osgi.framework.Version;

/**
 * Issue 3 item 8: the BundleContext binding, over stand-ins for the framework's Bundle objects (the Karaf
 * integration tests run it against a real framework).
 */
class FrameworkBundleLookupTest {

    /** A bundle's class loader, as frameworks make them: it knows its bundle. */
    static final class ReferencingLoader extends FakeBundles.BundleLoader implements BundleReference {
        Bundle bundle;

        ReferencingLoader(String name, Set<String> defines) {
            super(name, defines);
        }

        @Override
        public Bundle getBundle() {
            return bundle;
        }
    }

    private final List<Bundle> installed = new ArrayList<>();
    private final BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                if (method.getName().equals("getBundles")) {
                    return installed.toArray(new Bundle[0]);
                }
                throw new UnsupportedOperationException(method.getName());
            });

    private Bundle bundle(String name, String version, int[] state, ClassLoader loader) {
        Bundle bundle = (Bundle) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Bundle.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getSymbolicName" -> name;
                    case "getVersion" -> Version.parseVersion(version);
                    case "getState" -> state[0];
                    case "loadClass" -> loader.loadClass((String) args[0]);
                    case "toString" -> name + "_" + version;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        installed.add(bundle);
        return bundle;
    }

    @Test
    void namesTheDefiningBundleAndLoadsThroughTheInstalledOne() throws Exception {
        // Issue 3 item 8: annotate with symbolic name + version; resolve through that installed bundle.
        ReferencingLoader loader = new ReferencingLoader("a", Set.of("Payload"));
        int[] state = {Bundle.ACTIVE};
        loader.bundle = bundle("fixture.a", "1.2.0.qual", state, loader);
        bundle("fixture.a", "2.0.0", new int[] {Bundle.RESOLVED}, new FakeBundles.BundleLoader("a2", Set.of()));
        bundle(null, "0.0.0", new int[] {Bundle.ACTIVE}, getClass().getClassLoader()); // an R3 bundle

        FrameworkBundleLookup lookup = new FrameworkBundleLookup(context);
        Class<?> payload = loader.loadClass("org.estuary.io.fixture.Payload");
        assertEquals(new BundleId("fixture.a", "1.2.0.qual"), lookup.bundleOf(payload));
        assertNull(lookup.bundleOf(String.class), "no bundle for JDK classes");
        assertNull(lookup.bundleOf(getClass()), "no bundle for class path classes");
        assertEquals(2, lookup.installed("fixture.a").size());
        assertTrue(lookup.installed("fixture.none").isEmpty());
        assertSame(payload, lookup.loadClass(new BundleId("fixture.a", "1.2.0.qual"), payload.getName()));

        state[0] = Bundle.UNINSTALLED;
        assertEquals(List.of(new BundleId("fixture.a", "2.0.0")), lookup.installed("fixture.a"));
        ClassNotFoundException gone = assertThrows(ClassNotFoundException.class,
                () -> lookup.loadClass(new BundleId("fixture.a", "1.2.0.qual"), payload.getName()));
        assertTrue(gone.getMessage().contains("not installed"), gone.getMessage());
    }

    @Test
    void marshallerBuiltWithABundleContextRoundTripsThroughTheBundle() throws Exception {
        // Issue 3 item 8: Marshallers.builder().bundleContext(...) is the OSGi path end to end.
        ReferencingLoader loader = new ReferencingLoader("a", Set.of("Payload"));
        loader.bundle = bundle("fixture.a", "1.0.0", new int[] {Bundle.ACTIVE}, loader);
        Marshaller marshaller = Marshallers.builder().bundleContext(context)
                .classLoader(new FakeBundles.BundleLoader("blind", Set.of())).build();
        Object payload = loader.loadClass("org.estuary.io.fixture.Payload").getConstructor(String.class)
                .newInstance("x");
        Object back = marshaller.unmarshal(marshaller.marshal(payload), Object.class);
        assertSame(payload.getClass(), back.getClass());
        assertEquals(payload, back);
    }
}
