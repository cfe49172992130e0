package org.estuary.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bundles without a framework: each "bundle" is a class loader that defines its own copy of some fixture classes
 * (child first) and refuses the other fixture classes, as a bundle that does not import them would.
 */
final class FakeBundles implements BundleLookup {

    static final String FIXTURE = "org.estuary.io.fixture.";

    private final Map<BundleId, ClassLoader> installed = new LinkedHashMap<>();
    private final Map<String, BundleId> exports = new LinkedHashMap<>();
    final AtomicInteger calls = new AtomicInteger();

    /** Installs a bundle that defines the given fixture classes (simple names). */
    ClassLoader install(String symbolicName, String version, String... simpleNames) {
        ClassLoader loader = new BundleLoader(symbolicName + "_" + version, Set.of(simpleNames));
        installed.put(new BundleId(symbolicName, version), loader);
        return loader;
    }

    /** Makes an installed bundle the exporter of a package. */
    void export(String pkg, String symbolicName, String version) {
        exports.put(pkg, new BundleId(symbolicName, version));
    }

    void uninstall(String symbolicName, String version) {
        installed.remove(new BundleId(symbolicName, version));
    }

    @Override
    public BundleId bundleOf(Class<?> type) {
        calls.incrementAndGet();
        for (Map.Entry<BundleId, ClassLoader> e : installed.entrySet()) {
            if (e.getValue() == type.getClassLoader()) {
                return e.getKey();
            }
        }
        return null;
    }

    @Override
    public List<BundleId> installed(String symbolicName) {
        calls.incrementAndGet();
        List<BundleId> found = new ArrayList<>();
        for (BundleId id : installed.keySet()) {
            if (id.symbolicName().equals(symbolicName)) {
                found.add(id);
            }
        }
        return found;
    }

    @Override
    public Class<?> loadClass(BundleId bundle, String className) throws ClassNotFoundException {
        calls.incrementAndGet();
        ClassLoader loader = installed.get(bundle);
        if (loader == null) {
            throw new ClassNotFoundException(className + ": " + bundle + " not installed");
        }
        return loader.loadClass(className);
    }

    @Override
    public Class<?> loadExported(String className) throws ClassNotFoundException {
        calls.incrementAndGet();
        String pkg = className.substring(0, className.lastIndexOf('.'));
        BundleId exporter = exports.get(pkg);
        if (exporter == null || !installed.containsKey(exporter)) {
            throw new ClassNotFoundException(className + ": no installed bundle exports package " + pkg);
        }
        return loadClass(exporter, className);
    }

    /** A loader defining the named fixture classes itself and refusing the other fixture classes. */
    static class BundleLoader extends ClassLoader {
        private final Set<String> defines;

        BundleLoader(String name, Set<String> simpleNames) {
            super(name, FakeBundles.class.getClassLoader());
            this.defines = simpleNames;
        }

        @Override
        protected synchronized Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith(FIXTURE)) {
                return super.loadClass(name, resolve);
            }
            if (!defines.contains(name.substring(FIXTURE.length()))) {
                throw new ClassNotFoundException(name + " is not visible in " + getName());
            }
            Class<?> loaded = findLoadedClass(name);
            if (loaded != null) {
                return loaded;
            }
            String resource = name.replace('.', '/') + ".class";
            try (InputStream in = getParent().getResourceAsStream(resource)) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] bytes = in.readAllBytes();
                return defineClass(name, bytes, 0, bytes.length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            return "bundle " + getName();
        }
    }
}
