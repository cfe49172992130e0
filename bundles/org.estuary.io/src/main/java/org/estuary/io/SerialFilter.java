package org.estuary.io;

import java.io.ObjectInputFilter;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.estuary.io.SerialFilterException.Violation;
import org.osgi.annotation.versioning.ProviderType;

/**
 * An allowlist deserialization filter (JEP 290) with limits: a class is read only if an allow pattern matches it
 * and no rejecting ({@code !}) pattern does, and a stream is refused once it nests too deep, holds too long an
 * array, too many references or too many bytes, arrays taking too much memory ahead of their data, or hashed
 * collections too deep or too large.
 *
 * <p>Hashed collections ({@code HashMap}, {@code HashSet}, {@code Hashtable} and their linked forms) rebuild their
 * tables while they are read, hashing every key: a set of sets costs the hash of its elements, so nested sets that
 * share their elements double the work at each level (a 1.4 KB stream can spin for hours), and keys whose hashes
 * collide cost a comparison with every key before them. The JDK checks a {@code Map.Entry[]} of the table's length
 * with the filter before it allocates each table; this filter refuses one deeper than {@link #maxHashDepth()} and,
 * over one stream read through {@link #forStream()}, more slots than {@link #maxHashCapacity()} in all, which bounds
 * both shapes. (A {@code Map.Entry[]} the stream itself holds counts the same way.)
 *
 * <p>Arrays are judged by their element class (arrays of primitives pass). A dynamic proxy class passes when all
 * its interfaces do. Pattern syntax: {@code a.b.C}, {@code a.b.*} (one package), {@code a.b.**} (a package and
 * its subpackages), {@code prefix*}, {@code !pattern}. Immutable and thread-safe; as an {@link ObjectInputFilter}
 * it can guard any stream, including an RMI export ({@code UnicastRemoteObject.exportObject(obj, port,
 * filter)}).
 */
@ProviderType
public final class SerialFilter implements ObjectInputFilter {

    /**
     * What a Jini service reads from its clients and its own store: boxed primitives and strings, the common
     * collections, exceptions (with {@code ClassNotFoundException}, so a peer's "cannot load your class" reaches
     * the caller readable), {@code java.rmi.MarshalledObject}, RMI stubs (dynamic proxies with
     * {@code RemoteObjectInvocationHandler}), the spec types ({@code net.jini.**}) and Estuary's own classes.
     * Deliberately absent: {@code java.rmi.server.UnicastRemoteObject} (reading one exports a listener),
     * {@code java.net.URL} (its hashCode resolves host names), reflection, method handles and lambdas, and
     * {@code ConcurrentHashMap} (its serial form drags in lock internals; store a {@code HashMap} copy).
     */
    public static final List<String> DEFAULT_ALLOWLIST = List.of(
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
            "net.jini.**", "org.estuary.**");

    /** Default {@link #maxDepth()}: far above what services exchange, far below a stack overflow. */
    public static final long DEFAULT_MAX_DEPTH = 64;
    /** Default {@link #maxArrayLength()}. */
    public static final long DEFAULT_MAX_ARRAY_LENGTH = 1_000_000;
    /** Default {@link #maxReferences()}. */
    public static final long DEFAULT_MAX_REFERENCES = 1_000_000;
    /** Default {@link #maxBytes()}: 16 MiB. */
    public static final long DEFAULT_MAX_BYTES = 16L * 1024 * 1024;
    /**
     * Default {@link #maxHashDepth()}: nested sets sharing their elements cost 2^10 hashes at most, and the
     * hashed collections services exchange sit a few levels deep.
     */
    public static final long DEFAULT_MAX_HASH_DEPTH = 10;
    /**
     * Default {@link #maxHashCapacity()}: 1,024 table slots in one stream, about 768 entries at the default load
     * factor and at most about 4,096 at the largest the JDK accepts, whose keys, if they all collide, cost about
     * 8 million comparisons (well under a second).
     */
    public static final long DEFAULT_MAX_HASH_CAPACITY = 1024;
    /**
     * Default {@link #maxArrayMemory()}: 512 KiB, the largest value of a record every store takes and services
     * refuse beyond ({@code org.estuary.store.api.Store.MAX_VALUE_BYTES}), so a handback or lease a record can hold
     * arrives whole as the first object of a stream.
     */
    public static final long DEFAULT_MAX_ARRAY_MEMORY = 512L * 1024;

    /**
     * The heap an array element may take per byte of its wire form: a reference (8 bytes at most) for a one-byte
     * null; primitives take exactly their wire size.
     */
    static final long ARRAY_BYTES_PER_STREAM_BYTE = 8;

    private static final List<String> PRIMITIVE_NAMES =
            List.of("boolean", "byte", "char", "short", "int", "long", "float", "double", "void");

    private static final SerialFilter DEFAULTS = builder().allow(DEFAULT_ALLOWLIST).build();

    private final ClassPatterns patterns;
    private final long maxDepth;
    private final long maxArrayLength;
    private final long maxReferences;
    private final long maxBytes;
    private final long maxHashDepth;
    private final long maxHashCapacity;
    private final long maxArrayMemory;

    private SerialFilter(Builder builder) {
        this.patterns = new ClassPatterns(builder.patterns);
        this.maxDepth = builder.maxDepth;
        this.maxArrayLength = builder.maxArrayLength;
        this.maxReferences = builder.maxReferences;
        this.maxBytes = builder.maxBytes;
        this.maxHashDepth = builder.maxHashDepth;
        this.maxHashCapacity = builder.maxHashCapacity;
        this.maxArrayMemory = builder.maxArrayMemory;
    }

    /** The default allowlist and limits. */
    public static SerialFilter defaults() {
        return DEFAULTS;
    }

    /** A builder with an empty allowlist (nothing passes until something is allowed) and the default limits. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this filter's patterns and limits, to derive a filter from it. */
    public Builder toBuilder() {
        return builder().allow(patterns.patterns()).maxDepth(maxDepth).maxArrayLength(maxArrayLength)
                .maxReferences(maxReferences).maxBytes(maxBytes).maxHashDepth(maxHashDepth)
                .maxHashCapacity(maxHashCapacity).maxArrayMemory(maxArrayMemory);
    }

    /** The patterns, in the order given. */
    public List<String> patterns() {
        return patterns.patterns();
    }

    /** The deepest nesting of objects allowed. */
    public long maxDepth() {
        return maxDepth;
    }

    /** The longest array allowed. */
    public long maxArrayLength() {
        return maxArrayLength;
    }

    /** The most object references one stream may hold. */
    public long maxReferences() {
        return maxReferences;
    }

    /** The most bytes one stream may hold. */
    public long maxBytes() {
        return maxBytes;
    }

    /** The deepest nesting at which a hashed collection may be read (package 1.4). */
    public long maxHashDepth() {
        return maxHashDepth;
    }

    /**
     * The most hash-table slots the hashed collections of one stream may allocate in all (package 1.4); without
     * {@link #forStream()}, the most one collection may allocate.
     */
    public long maxHashCapacity() {
        return maxHashCapacity;
    }

    /**
     * How many bytes the arrays of one stream may take beyond {@value #ARRAY_BYTES_PER_STREAM_BYTE} times the bytes
     * the stream has delivered (package 1.4): an array is allocated when its length arrives, before its elements,
     * so this bounds what a peer that declares arrays and then sends nothing holds per connection. Without
     * {@link #forStream()}, each array is judged alone.
     */
    public long maxArrayMemory() {
        return maxArrayMemory;
    }

    /**
     * This filter for one stream (package 1.4): the same checks, plus the total of the hash-table slots the
     * stream's hashed collections allocate, against {@link #maxHashCapacity()}. Set it on one stream only
     * ({@code ObjectInputStream.setObjectInputFilter}); it is not thread-safe. Its array memory is counted in all
     * too ({@link #maxArrayMemory()}).
     */
    public ObjectInputFilter forStream() {
        StreamTally tally = new StreamTally();
        return info -> rejection(info, tally) == null
                ? (info.serialClass() == null ? Status.UNDECIDED : Status.ALLOWED)
                : Status.REJECTED;
    }

    /**
     * JEP 290: {@code REJECTED} for a class the allowlist refuses or a limit exceeded, {@code ALLOWED} for a class
     * it accepts, {@code UNDECIDED} for a limit-only check within the limits.
     */
    @Override
    public Status checkInput(FilterInfo info) {
        if (rejection(info) != null) {
            return Status.REJECTED;
        }
        return info.serialClass() == null ? Status.UNDECIDED : Status.ALLOWED;
    }

    /**
     * Checks a class by the name a stream gives it, before anything loads it: arrays by their element, proxy
     * interfaces one by one.
     *
     * @param className a binary class name or array descriptor ({@code [Lcom.acme.Foo;})
     * @throws SerialFilterException if the allowlist refuses it
     * @throws NullPointerException if {@code className} is null
     */
    public void checkClassName(String className) throws SerialFilterException {
        SerialFilterException rejected = rejectionOfName(Objects.requireNonNull(className, "className"));
        if (rejected != null) {
            throw rejected;
        }
    }

    /** The reason this filter refuses {@code info}, or null if it does not; hashed collections one by one. */
    SerialFilterException rejection(FilterInfo info) {
        return rejection(info, null);
    }

    /**
     * The reason this filter refuses {@code info}, or null if it does not.
     *
     * @param tally what the stream allocated so far, counted here; null to judge each array and hashed collection
     *     on its own (a filter shared by streams)
     */
    SerialFilterException rejection(FilterInfo info, StreamTally tally) {
        Class<?> type = info.serialClass();
        String name = type == null ? null : type.getName();
        if (type != null) {
            SerialFilterException refused = rejectionOfClass(type);
            if (refused != null) {
                return refused;
            }
        }
        if (info.arrayLength() > maxArrayLength) {
            return new SerialFilterException(name, Violation.ARRAY_LENGTH,
                    "array length " + info.arrayLength() + " exceeds maxArrayLength=" + maxArrayLength);
        }
        if (info.depth() > maxDepth) {
            return new SerialFilterException(name, Violation.DEPTH,
                    "nesting depth " + info.depth() + " exceeds maxDepth=" + maxDepth);
        }
        if (info.references() > maxReferences) {
            return new SerialFilterException(name, Violation.REFERENCES,
                    "object references " + info.references() + " exceed maxReferences=" + maxReferences);
        }
        if (info.streamBytes() > maxBytes) {
            return new SerialFilterException(name, Violation.BYTES,
                    "stream bytes " + info.streamBytes() + " exceed maxBytes=" + maxBytes);
        }
        if (type == Map.Entry[].class) {
            SerialFilterException refused = hashTableRejection(info.depth(), info.arrayLength(), tally);
            if (refused != null) {
                return refused;
            }
        }
        if (type != null && type.isArray() && info.arrayLength() >= 0) {
            return arrayMemoryRejection(name, type, info.arrayLength(), info.streamBytes(), tally);
        }
        return null;
    }

    private SerialFilterException arrayMemoryRejection(String name, Class<?> type, long length, long streamBytes,
            StreamTally tally) {
        long bytes = length * elementBytes(type.getComponentType());
        long total = tally == null ? bytes : tally.addArrayBytes(bytes);
        long allowed = ARRAY_BYTES_PER_STREAM_BYTE * streamBytes + maxArrayMemory;
        if (total > allowed) {
            return new SerialFilterException(name, Violation.ARRAY_MEMORY, "arrays of " + total + " bytes exceed "
                    + ARRAY_BYTES_PER_STREAM_BYTE + " x the " + streamBytes + " bytes received + maxArrayMemory="
                    + maxArrayMemory + " (an array is allocated before its data arrives)");
        }
        return null;
    }

    /** The heap an element takes: its size for primitives, a reference's 8 bytes at most otherwise. */
    private static long elementBytes(Class<?> element) {
        if (element == byte.class || element == boolean.class) {
            return 1;
        }
        if (element == char.class || element == short.class) {
            return 2;
        }
        if (element == int.class || element == float.class) {
            return 4;
        }
        return 8;
    }

    private SerialFilterException hashTableRejection(long depth, long slots, StreamTally tally) {
        if (depth > maxHashDepth) {
            return new SerialFilterException(null, Violation.HASH_DEPTH, "a hashed collection at depth " + depth
                    + " exceeds maxHashDepth=" + maxHashDepth + " (HashMap, HashSet or Hashtable nested this deep "
                    + "can cost exponential time to rebuild)");
        }
        long total = tally == null ? Math.max(0, slots) : tally.addHashSlots(slots);
        if (total > maxHashCapacity) {
            return new SerialFilterException(null, Violation.HASH_CAPACITY, "hash tables of " + total
                    + " slots exceed maxHashCapacity=" + maxHashCapacity + " (the hashed collections of one stream "
                    + "in all: colliding keys cost time quadratic in their number)");
        }
        return null;
    }

    private SerialFilterException rejectionOfClass(Class<?> type) {
        Class<?> element = type;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        if (element.isPrimitive()) {
            return null;
        }
        if (Proxy.isProxyClass(element)) {
            // The proxy class's own name is generated; what it can do is decided by its interfaces.
            for (Class<?> face : element.getInterfaces()) {
                SerialFilterException refused = rejectionOfName(face.getName());
                if (refused != null) {
                    return refused;
                }
            }
            return null;
        }
        return rejectionOfName(element.getName());
    }

    private SerialFilterException rejectionOfName(String name) {
        String element = elementName(name);
        if (element == null) {
            return null; // a primitive or an array of primitives
        }
        ClassPatterns.Match match = patterns.match(element);
        if (match == null) {
            return new SerialFilterException(element, Violation.NOT_ALLOWED,
                    "matches none of the " + patterns.patterns().size() + " allowlist patterns (add a pattern to "
                            + "'allowlist.extra' of PID org.estuary.io.marshaller to accept it)");
        }
        if (!match.allowed()) {
            return new SerialFilterException(element, Violation.REJECTED_BY_PATTERN,
                    "matches the rejecting pattern '" + match.pattern() + "'");
        }
        return null;
    }

    /** The element class name of an array descriptor, the name itself otherwise; null for primitives. */
    private static String elementName(String name) {
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return PRIMITIVE_NAMES.contains(name) ? null : name;
        }
        if (name.length() > dims + 2 && name.charAt(dims) == 'L' && name.endsWith(";")) {
            return name.substring(dims + 1, name.length() - 1);
        }
        return null; // [I, [[J, ...; a malformed descriptor fails when it is resolved
    }

    /**
     * The filter in JEP 290's pattern syntax (limits, rejections, allow patterns, then {@code !*}), followed by the
     * hash limits, which JEP 290 has no words for; for logs.
     */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder().append("maxdepth=").append(maxDepth).append(";maxarray=")
                .append(maxArrayLength).append(";maxrefs=").append(maxReferences).append(";maxbytes=")
                .append(maxBytes);
        for (String p : patterns.patterns()) {
            if (p.startsWith("!")) {
                out.append(';').append(p);
            }
        }
        for (String p : patterns.patterns()) {
            if (!p.startsWith("!")) {
                out.append(';').append(p);
            }
        }
        return out.append(";!*, maxHashDepth=").append(maxHashDepth).append(", maxHashCapacity=")
                .append(maxHashCapacity).append(", maxArrayMemory=").append(maxArrayMemory).toString();
    }

    /** Builds a {@link SerialFilter}; not thread-safe. */
    public static final class Builder {
        private final List<String> patterns = new ArrayList<>();
        private long maxDepth = DEFAULT_MAX_DEPTH;
        private long maxArrayLength = DEFAULT_MAX_ARRAY_LENGTH;
        private long maxReferences = DEFAULT_MAX_REFERENCES;
        private long maxBytes = DEFAULT_MAX_BYTES;
        private long maxHashDepth = DEFAULT_MAX_HASH_DEPTH;
        private long maxHashCapacity = DEFAULT_MAX_HASH_CAPACITY;
        private long maxArrayMemory = DEFAULT_MAX_ARRAY_MEMORY;

        private Builder() {
        }

        /**
         * Adds patterns (allow, or reject when they start with {@code !}).
         *
         * @throws NullPointerException if a pattern is null
         * @throws IllegalArgumentException if a pattern is blank or malformed
         */
        public Builder allow(String... patterns) {
            return allow(List.of(Objects.requireNonNull(patterns, "patterns")));
        }

        /**
         * Adds patterns (allow, or reject when they start with {@code !}).
         *
         * @throws NullPointerException if the collection or a pattern is null
         * @throws IllegalArgumentException if a pattern is blank or malformed
         */
        public Builder allow(Collection<String> patterns) {
            List<String> checked = new ArrayList<>();
            for (String pattern : Objects.requireNonNull(patterns, "patterns")) {
                checked.add(ClassPatterns.validate(pattern));
            }
            this.patterns.addAll(checked);
            return this;
        }

        /** Sets the deepest nesting allowed; at least 1. */
        public Builder maxDepth(long limit) {
            this.maxDepth = positive(limit, "maxDepth");
            return this;
        }

        /** Sets the longest array allowed; at least 1. */
        public Builder maxArrayLength(long limit) {
            this.maxArrayLength = positive(limit, "maxArrayLength");
            return this;
        }

        /** Sets the most references a stream may hold; at least 1. */
        public Builder maxReferences(long limit) {
            this.maxReferences = positive(limit, "maxReferences");
            return this;
        }

        /** Sets the most bytes a stream may hold; at least 1. */
        public Builder maxBytes(long limit) {
            this.maxBytes = positive(limit, "maxBytes");
            return this;
        }

        /** Sets the deepest nesting at which a hashed collection may be read; at least 1 (package 1.4). */
        public Builder maxHashDepth(long limit) {
            this.maxHashDepth = positive(limit, "maxHashDepth");
            return this;
        }

        /** Sets the most hash-table slots of one stream; at least 1 (package 1.4). */
        public Builder maxHashCapacity(long limit) {
            this.maxHashCapacity = positive(limit, "maxHashCapacity");
            return this;
        }

        /** Sets the most array bytes one stream may take ahead of its data; at least 1 (package 1.4). */
        public Builder maxArrayMemory(long limit) {
            this.maxArrayMemory = positive(limit, "maxArrayMemory");
            return this;
        }

        /** Builds the filter. */
        public SerialFilter build() {
            return new SerialFilter(this);
        }

        private static long positive(long limit, String name) {
            if (limit < 1) {
                throw new IllegalArgumentException(name + " must be at least 1, was " + limit);
            }
            return limit;
        }
    }
}
