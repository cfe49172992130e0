package org.estuary.io;

import java.util.ArrayList;
import java.util.List;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

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
