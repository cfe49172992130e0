package org.estuary.io.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;

import org.estuary.io.MarshalInputStream;
import org.estuary.io.MarshalOutputStream;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.SerialFilter;
import org.osgi.framework.Bundle;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The {@link Marshaller} service, configured through ConfigAdmin (PID {@value #PID}). Bundle-scoped: each bundle
 * that gets the service gets its own marshaller, whose fallback class loader is that bundle's, so classes without a
 * bundle annotation (from a plain Java client) resolve as that bundle sees them. A configuration change
 * re-creates the component, and with it every marshaller.
 */
@Component(name = MarshallerComponent.PID, configurationPid = MarshallerComponent.PID, service = Marshaller.class,
        scope = ServiceScope.BUNDLE)
@Designate(ocd = MarshallerComponent.Config.class)
public final class MarshallerComponent implements Marshaller {

    /** The configuration PID and component name. */
    public static final String PID = "org.estuary.io.marshaller";

    private static final System.Logger LOG = System.getLogger("org.estuary.io");

    /** The deserialization filter every stream of the marshaller is guarded by. */
    @ObjectClassDefinition(name = "Estuary marshalling",
            description = "Class allowlist and limits for every object stream Estuary reads (JEP 290).")
    public @interface Config {

        // Must equal SerialFilter.DEFAULT_ALLOWLIST (an annotation default cannot name a List; a test checks).
        @AttributeDefinition(name = "Allowlist",
                description = "Class name patterns that may be deserialized: a.b.C, a.b.* (package), a.b.** "
                        + "(package and subpackages), prefix*, and !pattern to reject. Rejections win.")
        String[] allowlist() default {
            "java.lang.Object", "java.lang.String", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character",
            "java.lang.Short", "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double",
            "java.lang.Number", "java.lang.Enum", "java.lang.StackTraceElement", "java.lang.Throwable",
            "java.lang.Exception", "java.lang.RuntimeException", "java.lang.Error",
            "java.lang.IllegalArgumentException", "java.lang.IllegalStateException",
            "java.lang.NullPointerException", "java.lang.UnsupportedOperationException",
            "java.lang.SecurityException", "java.lang.ReflectiveOperationException",
            "java.lang.ClassNotFoundException", "java.lang.reflect.Proxy",
            "java.io.IOException", "java.io.ObjectStreamException", "java.io.InvalidObjectException",
            "java.io.InvalidClassException",
            "java.math.BigInteger", "java.math.BigDecimal", "java.time.*",
            "java.util.ArrayList", "java.util.LinkedList", "java.util.ArrayDeque", "java.util.Vector",
            "java.util.Map$Entry", "java.util.HashMap", "java.util.LinkedHashMap", "java.util.TreeMap",
            "java.util.Hashtable", "java.util.IdentityHashMap", "java.util.EnumMap", "java.util.HashSet",
            "java.util.LinkedHashSet", "java.util.TreeSet", "java.util.PriorityQueue",
            "java.util.EnumSet$SerializationProxy", "java.util.RegularEnumSet", "java.util.JumboEnumSet",
            "java.util.Arrays$ArrayList", "java.util.Collections$*",
            "java.util.CollSer", "java.util.ImmutableCollections$*", "java.util.Date", "java.util.UUID",
            "java.util.EventObject", "java.util.concurrent.CopyOnWriteArrayList",
            "java.rmi.*", "java.rmi.server.RemoteObject", "java.rmi.server.RemoteStub",
            "java.rmi.server.RemoteObjectInvocationHandler", "java.rmi.server.ObjID", "java.rmi.server.UID",
            "net.jini.**", "org.estuary.**"};

        @AttributeDefinition(name = "Extra allowlist", required = false,
                description = "Patterns added to the allowlist, for the classes of your own clients (their lease "
                        + "and listener proxies), without repeating the defaults.")
        String[] allowlist_extra() default {};

        @AttributeDefinition(name = "Maximum depth", min = "1", description = "Deepest nesting of objects.")
        long maxDepth() default SerialFilter.DEFAULT_MAX_DEPTH;

        @AttributeDefinition(name = "Maximum array length", min = "1", description = "Longest array.")
        long maxArrayLength() default SerialFilter.DEFAULT_MAX_ARRAY_LENGTH;

        @AttributeDefinition(name = "Maximum references", min = "1",
                description = "Most object references in one stream.")
        long maxReferences() default SerialFilter.DEFAULT_MAX_REFERENCES;

        @AttributeDefinition(name = "Maximum bytes", min = "1", description = "Most bytes in one stream.")
        long maxBytes() default SerialFilter.DEFAULT_MAX_BYTES;

        @AttributeDefinition(name = "Maximum hashed collection depth", min = "1",
                description = "Deepest nesting at which a HashMap, HashSet or Hashtable may be read: nested sets "
                        + "that share elements double the hashing work at each level.")
        long maxHashDepth() default SerialFilter.DEFAULT_MAX_HASH_DEPTH;

        @AttributeDefinition(name = "Maximum hash capacity", min = "1",
                description = "Most hash-table slots the HashMaps, HashSets and Hashtables of one stream may "
                        + "allocate in all (about 0.75 entries per slot at the default load factor): keys with "
                        + "colliding hashes cost time quadratic in their number.")
        long maxHashCapacity() default SerialFilter.DEFAULT_MAX_HASH_CAPACITY;

        @AttributeDefinition(name = "Maximum array memory", min = "1",
                description = "Most bytes the arrays of one stream may take beyond 8 times the bytes the stream "
                        + "delivered: an array is allocated when its length arrives, so this bounds what a peer "
                        + "that declares arrays and sends nothing holds per connection.")
        long maxArrayMemory() default SerialFilter.DEFAULT_MAX_ARRAY_MEMORY;
    }

    private final Marshaller delegate;

    /**
     * Builds the using bundle's marshaller.
     *
     * @throws IllegalArgumentException if the configuration holds a malformed pattern or a limit below 1 (DS
     *     then logs the message and does not register the service)
     */
    @Activate
    public MarshallerComponent(ComponentContext context, Config config) {
        SerialFilter filter = filterOf(config);
        Bundle user = context.getUsingBundle();
        this.delegate = Marshallers.builder().bundleContext(context.getBundleContext())
                .classLoader(loaderOf(user)).filter(filter).build();
        LOG.log(Level.INFO, "marshaller for {0}: {1}", user == null ? "(no bundle)" : user.getSymbolicName(),
                filter);
    }

    /**
     * The filter a configuration describes: the allowlist plus the extra patterns (blank entries, which a web
     * console form leaves behind, are skipped) and the limits.
     *
     * @throws IllegalArgumentException naming the property, for a malformed pattern or a limit below 1
     */
    public static SerialFilter filterOf(Config config) {
        SerialFilter.Builder builder = SerialFilter.builder();
        allow(builder, config.allowlist(), "allowlist");
        allow(builder, config.allowlist_extra(), "allowlist.extra");
        try {
            return builder.maxDepth(config.maxDepth()).maxArrayLength(config.maxArrayLength())
                    .maxReferences(config.maxReferences()).maxBytes(config.maxBytes())
                    .maxHashDepth(config.maxHashDepth()).maxHashCapacity(config.maxHashCapacity())
                    .maxArrayMemory(config.maxArrayMemory()).build();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration " + PID + ": " + e.getMessage(), e);
        }
    }

    private static void allow(SerialFilter.Builder builder, String[] patterns, String property) {
        List<String> present = new ArrayList<>();
        for (String pattern : patterns == null ? new String[0] : patterns) {
            if (pattern != null && !pattern.isBlank()) {
                present.add(pattern);
            }
        }
        try {
            builder.allow(present);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration " + PID + ", property " + property + ": "
                    + e.getMessage(), e);
        }
    }

    private static ClassLoader loaderOf(Bundle user) {
        BundleWiring wiring = user == null ? null : user.adapt(BundleWiring.class);
        ClassLoader loader = wiring == null ? null : wiring.getClassLoader();
        return loader != null ? loader : MarshallerComponent.class.getClassLoader();
    }

    @Override
    public MarshalOutputStream newOutputStream(OutputStream out) throws IOException {
        return delegate.newOutputStream(out);
    }

    @Override
    public MarshalInputStream newInputStream(InputStream in) throws IOException {
        return delegate.newInputStream(in);
    }

    @Override
    public MarshalInputStream newInputStream(InputStream in, SerialFilter filter) throws IOException {
        return delegate.newInputStream(in, filter);
    }

    @Override
    public byte[] marshal(Object object) throws IOException {
        return delegate.marshal(object);
    }

    @Override
    public <T> T unmarshal(byte[] bytes, Class<T> type) throws IOException, ClassNotFoundException {
        return delegate.unmarshal(bytes, type);
    }

    @Override
    public <T> Marshalled<T> marshalled(T object) throws IOException {
        return delegate.marshalled(object);
    }

    @Override
    public <T> T unmarshal(Marshalled<T> marshalled) throws IOException, ClassNotFoundException {
        return delegate.unmarshal(marshalled);
    }

    @Override
    public SerialFilter filter() {
        return delegate.filter();
    }

    @Override
    public ClassLoader classLoader() {
        return delegate.classLoader();
    }

    @Override
    public ClassLoader classLoader(ClassLoader first) {
        return delegate.classLoader(first);
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
