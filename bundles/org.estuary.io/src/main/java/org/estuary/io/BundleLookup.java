package org.estuary.io;

import java.util.List;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The little a marshaller needs to know about installed bundles. In OSGi the marshaller implements it over a
 * {@code BundleContext} ({@link Marshallers.Builder#bundleContext}); tests and other module systems supply their
 * own, so the resolution rules can be used and checked without a framework.
 */
@ConsumerType
public interface BundleLookup {

    /**
     * Returns the bundle that defines {@code type}, or null for classes no bundle defines (the JDK, the boot or
     * class path). Called with non-array classes only.
     *
     * @param type a class being written
     * @return the defining bundle, or null
     */
    BundleId bundleOf(Class<?> type);

    /**
     * Returns the installed (not uninstalled) bundles with this symbolic name, in any order; empty if none.
     *
     * @param symbolicName a bundle symbolic name
     * @return the installed versions of that bundle
     */
    List<BundleId> installed(String symbolicName);

    /**
     * Loads a class through an installed bundle, as {@code Bundle.loadClass} does.
     *
     * @param bundle one of the ids {@link #installed(String)} returned
     * @param className a binary class name (never an array)
     * @return the class
     * @throws ClassNotFoundException if the bundle is no longer installed or cannot load the class
     */
    Class<?> loadClass(BundleId bundle, String className) throws ClassNotFoundException;
}
