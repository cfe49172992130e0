package org.estuary.io;

import java.io.IOException;

/**
 * A marshaller's resolution of classes without a bundle annotation as a {@code ClassLoader}, for APIs that resolve
 * classes through one (RMI reads call arguments through the context class loader of the export): a parent loader to
 * look in first if given (the exported object's own, so the classes it imports are the ones it gets; RMI also takes
 * an export's context loader only if it descends from the object's loader), the marshaller's fallback loader, the
 * platform loader, then in a container the packages installed bundles export: only for a class the allowlist accepts
 * (so a refused class never starts a lazy bundle); one it refuses fails with the allowlist's message.
 *
 * <p>The JVM remembers which class this loader returned for a name, for as long as the loader lives: a class of a
 * bundle updated since stays the one first loaded until the marshaller is made again.
 */
final class ResolvingClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final ClassResolver classes;
    private final SerialFilter filter;

    /** @param first the parent, asked first; null for none (then the boot loader is the parent) */
    ResolvingClassLoader(ClassLoader first, ClassResolver classes, SerialFilter filter) {
        super("estuary-marshaller", first);
        this.classes = classes;
        this.filter = filter;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        try {
            return classes.resolve(name, null, filter);
        } catch (IOException malformed) {
            throw new ClassNotFoundException(name + ": " + malformed.getMessage(), malformed);
        }
    }
}
