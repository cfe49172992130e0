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

    /**
     * Loads a class through an installed bundle that exports its package: how a class without a bundle annotation
     * (a plain Java client's) is found in a container. The framework's lookup asks its wiring which bundles provide
     * the package, as it stands now, and prefers a resolved one with the highest package version.
     *
     * @param className a binary class name (never an array) that the caller's allowlist accepts
     * @return the class
     * @throws ClassNotFoundException whose message names the package and says what to install, if no installed
     *     bundle exports the package or the one that does has no such class; by default always
     * @since 1.3
     */
    default Class<?> loadExported(String className) throws ClassNotFoundException {
        throw new ClassNotFoundException(className + ": no bundles to look in");
    }
}
