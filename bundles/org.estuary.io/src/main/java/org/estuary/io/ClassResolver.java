package org.estuary.io;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the class a stream names, given its annotation: through the annotated bundle when it is installed, else
 * through the newest installed bundle of the same symbolic name (the bundle was updated since the object was
 * written), else through the fallback class loader, and for JDK classes the platform class loader. Thread-safe;
 * keeps no classes, so an updated or uninstalled bundle's class loader is not held.
 */
final class ClassResolver {

    private static final Map<String, Class<?>> PRIMITIVES = Map.of("boolean", boolean.class, "byte", byte.class,
            "char", char.class, "short", short.class, "int", int.class, "long", long.class, "float", float.class,
            "double", double.class, "void", void.class);

    private final BundleLookup bundles; // null outside OSGi
    private final ClassLoader fallback;
    /** Classes a container cannot load: the operator must install something; a peer can send many. */
    private final RateLimitedLog missing = new RateLimitedLog();

    ClassResolver(BundleLookup bundles, ClassLoader fallback) {
        this.bundles = bundles;
        this.fallback = fallback;
    }

    BundleLookup bundles() {
        return bundles;
    }

    ClassLoader fallback() {
        return fallback;
    }

    /** The annotation a written class gets: its defining bundle, or null. */
    String annotationOf(Class<?> type) {
        if (bundles == null) {
            return null;
        }
        Class<?> element = type;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        if (element.isPrimitive() || element.getClassLoader() == null) {
            return null; // boot classes need no bundle
        }
        BundleId origin = bundles.bundleOf(element);
        return origin == null ? null : origin.toString();
    }

    /**
     * The class a stream names.
     *
     * @param allowed the allowlist the caller reads with: checked again before any bundle is asked for an exported
     *     package (so a refused class never starts a lazy bundle); null only outside OSGi
     */
    Class<?> resolve(String name, String annotation, SerialFilter allowed) throws IOException, ClassNotFoundException {
        Class<?> primitive = PRIMITIVES.get(name);
        if (primitive != null) {
            return primitive;
        }
        if (name.startsWith("[")) {
            return resolveArray(name, annotation, allowed);
        }
        BundleId origin = parse(annotation);
        ClassNotFoundException throughBundle = null;
        if (origin != null && bundles != null) {
            BundleId chosen = choose(origin);
            if (chosen != null) {
                try {
                    return bundles.loadClass(chosen, name);
                } catch (ClassNotFoundException e) {
                    throughBundle = e; // the class left the bundle; try the fallback before giving up
                }
            }
        }
        try {
            return Class.forName(name, false, fallback);
        } catch (ClassNotFoundException notInFallback) {
            try {
                return Class.forName(name, false, ClassLoader.getPlatformClassLoader());
            } catch (ClassNotFoundException notInPlatform) {
                if (bundles == null) {
                    ClassNotFoundException missing =
                            new ClassNotFoundException(name + describe(origin), throughBundle);
                    missing.addSuppressed(notInFallback);
                    throw missing;
                }
                return loadExported(name, origin, throughBundle, allowed);
            }
        }
    }

    /**
     * The last place a container looks: the packages installed bundles export (a plain Java client's classes carry
     * no bundle annotation). Failing that, the error names the class and what to install, and the container logs it.
     */
    private Class<?> loadExported(String name, BundleId origin, ClassNotFoundException throughBundle,
            SerialFilter allowed) throws ClassNotFoundException {
        try {
            allowed.checkClassName(name);
        } catch (SerialFilterException refused) {
            String message = "cannot load class " + name + " in this container: " + refused.getMessage();
            missing.warn(message);
            throw new ClassNotFoundException(message);
        }
        try {
            return bundles.loadExported(name);
        } catch (ClassNotFoundException notExported) {
            String message = missingMessage(name, origin, notExported.getMessage());
            this.missing.warn(message);
            ClassNotFoundException missing = new ClassNotFoundException(message, throughBundle);
            missing.addSuppressed(notExported);
            throw missing;
        }
    }

    /** What a container says about a class it cannot load: which, why, and what the operator installs. */
    static String missingMessage(String name, BundleId origin, String why) {
        int dot = name.lastIndexOf('.');
        String pkg = dot < 0 ? "" : name.substring(0, dot);
        return "cannot load class " + name + (origin == null ? " (no bundle annotation)" : " (annotated with "
                + "bundle " + origin + ", not installed)") + " in this container: "
                + (why.startsWith(name + ": ") ? why.substring(name.length() + 2) : why) + ". Install a bundle that exports package " + pkg + " (a plain jar as bundle:install "
                + "wrap:mvn:GROUP/ARTIFACT/VERSION) and allow it in allowlist.extra of PID org.estuary.io.marshaller "
                + "(for example " + pkg + ".*)";
    }

    @SuppressWarnings("deprecation") // Proxy.getProxyClass: resolveProxyClass must return the class itself
    Class<?> resolveProxy(String[] names, String[] annotations, SerialFilter allowed)
            throws IOException, ClassNotFoundException {
        Class<?>[] interfaces = new Class<?>[names.length];
        for (int i = 0; i < names.length; i++) {
            interfaces[i] = resolve(names[i], annotations[i], allowed);
            if (!interfaces[i].isInterface()) {
                throw new ClassNotFoundException(names[i] + " is not an interface, cannot be a proxy interface");
            }
        }
        try {
            return Proxy.getProxyClass(proxyLoader(interfaces), interfaces);
        } catch (IllegalArgumentException e) {
            throw new ClassNotFoundException("cannot define a proxy class for " + String.join(", ", names), e);
        }
    }

    /** The exact bundle if installed, else the newest installed bundle of that name, else null. */
    private BundleId choose(BundleId origin) {
        BundleId newest = null;
        for (BundleId candidate : bundles.installed(origin.symbolicName())) {
            if (candidate.equals(origin)) {
                return candidate;
            }
            if (candidate.symbolicName().equals(origin.symbolicName())
                    && (newest == null || candidate.compareVersionTo(newest) > 0)) {
                newest = candidate;
            }
        }
        return newest;
    }

    private Class<?> resolveArray(String name, String annotation, SerialFilter allowed)
            throws IOException, ClassNotFoundException {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        if (dims == name.length()) {
            throw new StreamCorruptedException("malformed array class name: " + name);
        }
        if (name.charAt(dims) != 'L') {
            return Class.forName(name, false, null); // an array of primitives
        }
        if (!name.endsWith(";") || name.length() < dims + 3) {
            throw new StreamCorruptedException("malformed array class name: " + name);
        }
        Class<?> type = resolve(name.substring(dims + 1, name.length() - 1), annotation, allowed);
        for (int i = 0; i < dims; i++) {
            type = type.arrayType();
        }
        return type;
    }

    /**
     * A class loader that sees every interface: a non-public interface's own loader (the proxy must live there),
     * else the first of the interfaces' loaders and the fallback that sees them all, else one joining them.
     */
    private ClassLoader proxyLoader(Class<?>[] interfaces) {
        List<ClassLoader> candidates = new ArrayList<>();
        for (Class<?> face : interfaces) {
            if (!Modifier.isPublic(face.getModifiers())) {
                return face.getClassLoader();
            }
            ClassLoader loader = face.getClassLoader();
            if (loader != null && !candidates.contains(loader)) {
                candidates.add(loader);
            }
        }
        if (!candidates.contains(fallback)) {
            candidates.add(fallback);
        }
        for (ClassLoader candidate : candidates) {
            if (seesAll(candidate, interfaces)) {
                return candidate;
            }
        }
        return new JoinedClassLoader(candidates);
    }

    private static boolean seesAll(ClassLoader loader, Class<?>[] interfaces) {
        for (Class<?> face : interfaces) {
            try {
                if (Class.forName(face.getName(), false, loader) != face) {
                    return false;
                }
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
        return true;
    }

    private static BundleId parse(String annotation) throws StreamCorruptedException {
        if (annotation == null) {
            return null;
        }
        try {
            return BundleId.parse(annotation);
        } catch (IllegalArgumentException e) {
            StreamCorruptedException corrupt = new StreamCorruptedException("malformed class annotation: "
                    + (annotation.length() > 200 ? annotation.substring(0, 200) + "..." : annotation));
            corrupt.initCause(e);
            throw corrupt;
        }
    }

    private String describe(BundleId origin) {
        String where = origin == null ? " (no bundle annotation)"
                : " (annotated with bundle " + origin + (bundles == null ? ", resolved outside OSGi" : "") + ")";
        return where + " not found through the bundle, the fallback class loader " + fallback
                + " or the platform class loader";
    }
}
