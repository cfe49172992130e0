package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleReference;
import org.osgi.framework.Version;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.resource.Requirement;

/**
 * The BundleContext binding, over stand-ins for the framework's Bundle objects (the Karaf integration tests run it
 * against a real framework).
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
    /** Per package: the bundles exporting it, with their package version and whether they are resolved. */
    private final Map<String, List<Object[]>> exports = new HashMap<>();
    private final List<Requirement> asked = new ArrayList<>();
    private final BundleContext context = (BundleContext) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                if (method.getName().equals("getBundles")) {
                    return installed.toArray(new Bundle[0]);
                }
                if (method.getName().equals("getBundle") && Long.valueOf(0).equals(args[0])) {
                    return systemBundle();
                }
                throw new UnsupportedOperationException(method.getName());
            });

    private Bundle systemBundle() {
        FrameworkWiring wiring = stub(FrameworkWiring.class, (method, args) -> {
            if (!method.getName().equals("findProviders")) {
                throw new UnsupportedOperationException(method.getName());
            }
            Requirement requirement = (Requirement) args[0];
            asked.add(requirement);
            String filter = requirement.getDirectives().get("filter");
            String pkg = filter.substring(filter.indexOf('=') + 1, filter.length() - 1);
            List<BundleCapability> found = new ArrayList<>();
            for (Object[] export : exports.getOrDefault(pkg, List.of())) {
                found.add(capability((Bundle) export[0], (String) export[1], (Boolean) export[2]));
            }
            return found;
        });
        return stub(Bundle.class, (method, args) -> {
            if (method.getName().equals("adapt") && args[0] == FrameworkWiring.class) {
                return wiring;
            }
            throw new UnsupportedOperationException(method.getName());
        });
    }

    private static BundleCapability capability(Bundle bundle, String version, boolean resolved) {
        BundleWiring wiring = stub(BundleWiring.class, (method, args) -> switch (method.getName()) {
            case "isCurrent" -> true;
            default -> throw new UnsupportedOperationException(method.getName());
        });
        BundleRevision revision = stub(BundleRevision.class, (method, args) -> switch (method.getName()) {
            case "getBundle" -> bundle;
            case "getWiring" -> resolved ? wiring : null;
            default -> throw new UnsupportedOperationException(method.getName());
        });
        return stub(BundleCapability.class, (method, args) -> switch (method.getName()) {
            case "getRevision" -> revision;
            case "getAttributes" -> Map.of("version", Version.parseVersion(version));
            default -> throw new UnsupportedOperationException(method.getName());
        });
    }

    private interface Answer {
        Object answer(java.lang.reflect.Method method, Object[] args) throws Throwable;
    }

    private static <T> T stub(Class<T> type, Answer answer) {
        return type.cast(Proxy.newProxyInstance(FrameworkBundleLookupTest.class.getClassLoader(),
                new Class<?>[] {type}, (proxy, method, args) -> answer.answer(method, args)));
    }

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
        // Annotate with symbolic name + version; resolve through that installed bundle.
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
        // Marshallers.builder().bundleContext(...) is the OSGi path end to end.
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

    @Test
    void loadsAClassThroughTheResolvedBundleExportingTheHighestVersionOfItsPackage() throws Exception {
        // Classes without a bundle annotation: the framework's wiring says who exports the package, now.
        ReferencingLoader old = new ReferencingLoader("old", Set.of("Payload"));
        ReferencingLoader current = new ReferencingLoader("current", Set.of("Payload"));
        ReferencingLoader unresolved = new ReferencingLoader("unresolved", Set.of("Payload"));
        Bundle oldBundle = bundle("leases", "1.0.0", new int[] {Bundle.RESOLVED}, old);
        Bundle currentBundle = bundle("leases", "1.1.0", new int[] {Bundle.ACTIVE}, current);
        Bundle unresolvedBundle = bundle("leases", "3.0.0", new int[] {Bundle.INSTALLED}, unresolved);
        FrameworkBundleLookup lookup = new FrameworkBundleLookup(context);
        ClassNotFoundException none = assertThrows(ClassNotFoundException.class,
                () -> lookup.loadExported("org.estuary.io.fixture.Payload"));
        assertEquals("org.estuary.io.fixture.Payload: no installed bundle exports package org.estuary.io.fixture",
                none.getMessage());
        assertEquals("(osgi.wiring.package=org.estuary.io.fixture)", asked.get(0).getDirectives().get("filter"));
        assertEquals("osgi.wiring.package", asked.get(0).getNamespace());

        exports.put("org.estuary.io.fixture", List.of(new Object[] {oldBundle, "1.0.0", true},
                new Object[] {unresolvedBundle, "3.0.0", false}, new Object[] {currentBundle, "1.1.0", true}));
        assertSame(current, lookup.loadExported("org.estuary.io.fixture.Payload").getClassLoader());
        ClassNotFoundException absent = assertThrows(ClassNotFoundException.class,
                () -> lookup.loadExported("org.estuary.io.fixture.Color"));
        assertTrue(absent.getMessage().contains("is exported by [leases 1.1.0, leases 1.0.0, leases 3.0.0] but the "
                + "class is not in it"), absent.getMessage());
    }
}
