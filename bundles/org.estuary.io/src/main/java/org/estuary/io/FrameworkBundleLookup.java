package org.estuary.io;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.Version;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.resource.Namespace;
import org.osgi.resource.Requirement;
import org.osgi.resource.Resource;

/**
 * {@link BundleLookup} over an OSGi framework. The only class of this package that uses the framework API; it is
 * loaded only when a marshaller is given a {@code BundleContext}.
 */
final class FrameworkBundleLookup implements BundleLookup {

    private final BundleContext context;

    FrameworkBundleLookup(BundleContext context) {
        this.context = context;
    }

    @Override
    public BundleId bundleOf(Class<?> type) {
        Bundle bundle = FrameworkUtil.getBundle(type);
        return bundle == null ? null : idOf(bundle);
    }

    @Override
    public List<BundleId> installed(String symbolicName) {
        List<BundleId> found = new ArrayList<>();
        for (Bundle bundle : bundles()) {
            if (symbolicName.equals(bundle.getSymbolicName()) && bundle.getState() != Bundle.UNINSTALLED) {
                BundleId id = idOf(bundle);
                if (id != null) {
                    found.add(id);
                }
            }
        }
        return found;
    }

    @Override
    public Class<?> loadClass(BundleId id, String className) throws ClassNotFoundException {
        for (Bundle bundle : bundles()) {
            if (bundle.getState() != Bundle.UNINSTALLED && id.equals(idOf(bundle))) {
                try {
                    return bundle.loadClass(className);
                } catch (IllegalStateException e) {
                    throw new ClassNotFoundException(className + ": bundle " + id + " was just uninstalled", e);
                }
            }
        }
        throw new ClassNotFoundException(className + ": bundle " + id + " is not installed");
    }

    /**
     * Asks the framework's wiring which bundles export the class's package now ({@code FrameworkWiring
     * .findProviders}, so bundles installed, updated or uninstalled since are seen at once) and loads the class
     * through the first that has it: resolved bundles before unresolved ones, higher package versions first.
     */
    @Override
    public Class<?> loadExported(String className) throws ClassNotFoundException {
        int dot = className.lastIndexOf('.');
        String pkg = dot < 0 ? "" : className.substring(0, dot);
        List<BundleCapability> providers = providers(pkg);
        if (providers.isEmpty()) {
            throw new ClassNotFoundException(className + ": no installed bundle exports package " + pkg);
        }
        ClassNotFoundException missing = null;
        List<String> names = new ArrayList<>();
        for (BundleCapability capability : providers) {
            Bundle bundle = capability.getRevision().getBundle();
            names.add(bundle.getSymbolicName() + " " + bundle.getVersion());
            try {
                return bundle.loadClass(className);
            } catch (ClassNotFoundException | IllegalStateException e) {
                if (missing == null) {
                    missing = new ClassNotFoundException(className + ": package " + pkg + " is exported by "
                            + names + " but the class is not in it", e);
                } else {
                    missing.addSuppressed(e);
                }
            }
        }
        throw new ClassNotFoundException(className + ": package " + pkg + " is exported by " + names
                + " but the class is not in it", missing);
    }

    private List<BundleCapability> providers(String pkg) {
        Collection<BundleCapability> found;
        try {
            Bundle system = context.getBundle(Constants.SYSTEM_BUNDLE_ID);
            FrameworkWiring wiring = system == null ? null : system.adapt(FrameworkWiring.class);
            found = wiring == null ? List.of() : wiring.findProviders(new PackageRequirement(pkg));
        } catch (IllegalStateException e) {
            return List.of(); // our context is no longer valid
        }
        List<BundleCapability> providers = new ArrayList<>(found);
        providers.removeIf(c -> c.getRevision().getBundle().getState() == Bundle.UNINSTALLED);
        providers.sort(Comparator.comparing((BundleCapability c) -> !resolved(c))
                .thenComparing(FrameworkBundleLookup::packageVersion, Comparator.reverseOrder()));
        return providers;
    }

    private static boolean resolved(BundleCapability capability) {
        BundleWiring wiring = capability.getRevision().getWiring();
        return wiring != null && wiring.isCurrent();
    }

    private static Version packageVersion(BundleCapability capability) {
        Object version = capability.getAttributes().get(PackageNamespace.CAPABILITY_VERSION_ATTRIBUTE);
        return version instanceof Version v ? v : Version.emptyVersion;
    }

    /** "Which bundles export this package?", as the framework's {@code findProviders} takes it. */
    private record PackageRequirement(String pkg) implements Requirement {
        @Override
        public String getNamespace() {
            return PackageNamespace.PACKAGE_NAMESPACE;
        }

        @Override
        public Map<String, String> getDirectives() {
            return Map.of(Namespace.REQUIREMENT_FILTER_DIRECTIVE,
                    "(" + PackageNamespace.PACKAGE_NAMESPACE + "=" + pkg + ")");
        }

        @Override
        public Map<String, Object> getAttributes() {
            return Map.of();
        }

        @Override
        public Resource getResource() {
            return null;
        }
    }

    private Bundle[] bundles() {
        try {
            return context.getBundles();
        } catch (IllegalStateException e) {
            return new Bundle[0]; // our context is no longer valid: resolve through the fallback loader only
        }
    }

    private static BundleId idOf(Bundle bundle) {
        String name = bundle.getSymbolicName();
        if (name == null) {
            return null; // an OSGi R3 bundle has no symbolic name and cannot be found again by one
        }
        try {
            return new BundleId(name, bundle.getVersion().toString());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
