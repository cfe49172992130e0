package org.estuary.io;

import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;
import org.osgi.framework.BundleContext;

/**
 * Builds {@link Marshaller}s without Declarative Services: in plain Java (a remote client, a unit test) with a
 * class loader, in OSGi with a {@code BundleContext} as well. Nothing on the plain Java path touches an OSGi
 * class, so a client needs no framework on its class path.
 */
@ProviderType
public final class Marshallers {

    private Marshallers() {
    }

    /** A builder: no bundles, the default filter, the thread's context class loader as fallback. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A marshaller for plain Java: classes through the calling thread's context class loader (or this library's,
     * if the thread has none), the default filter.
     */
    public static Marshaller defaults() {
        return builder().build();
    }

    /** Configures a {@link Marshaller}; not thread-safe. */
    public static final class Builder {
        private BundleLookup bundles;
        private ClassLoader fallback;
        private SerialFilter filter = SerialFilter.defaults();

        private Builder() {
        }

        /**
         * Resolves annotated classes through the installed bundles of this framework, and annotates the classes
         * it writes with their bundles.
         *
         * @throws NullPointerException if {@code context} is null
         */
        public Builder bundleContext(BundleContext context) {
            // Only this line names the OSGi implementation, so plain Java never loads it.
            this.bundles = new FrameworkBundleLookup(Objects.requireNonNull(context, "context"));
            return this;
        }

        /**
         * Resolves annotated classes through these bundles (for module systems other than an OSGi framework, and
         * tests).
         *
         * @throws NullPointerException if {@code lookup} is null
         */
        public Builder bundleLookup(BundleLookup lookup) {
            this.bundles = Objects.requireNonNull(lookup, "lookup");
            return this;
        }

        /**
         * Loads classes without an annotation, or whose bundle is gone, through this loader.
         *
         * @throws NullPointerException if {@code loader} is null
         */
        public Builder classLoader(ClassLoader loader) {
            this.fallback = Objects.requireNonNull(loader, "loader");
            return this;
        }

        /**
         * Guards every stream with this filter.
         *
         * @throws NullPointerException if {@code serialFilter} is null
         */
        public Builder filter(SerialFilter serialFilter) {
            this.filter = Objects.requireNonNull(serialFilter, "serialFilter");
            return this;
        }

        /** Builds the marshaller. */
        public Marshaller build() {
            ClassLoader loader = fallback;
            if (loader == null) {
                loader = Thread.currentThread().getContextClassLoader();
            }
            if (loader == null) {
                loader = Marshallers.class.getClassLoader();
            }
            return new StreamMarshaller(new ClassResolver(bundles, loader), filter);
        }
    }
}
