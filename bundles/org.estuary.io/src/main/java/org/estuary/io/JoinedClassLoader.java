package org.estuary.io;

import java.util.List;

/**
 * Sees the classes of several class loaders, for a proxy whose interfaces come from bundles that do not see
 * each other. It defines nothing but the proxy class {@code Proxy} puts into it.
 */
final class JoinedClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final List<ClassLoader> loaders;

    JoinedClassLoader(List<ClassLoader> loaders) {
        super("estuary-joined", null);
        this.loaders = List.copyOf(loaders);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        for (ClassLoader loader : loaders) {
            try {
                return loader.loadClass(name);
            } catch (ClassNotFoundException e) {
                // try the next one
            }
        }
        throw new ClassNotFoundException(name);
    }
}
