package org.estuary.api.test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.MarshalledObject;
import java.security.Permission;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EventObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One "world" of classes for the serial compatibility test: either Estuary's (the test's own class loader) or
 * Apache River 2.2.3's (a class loader of its own over River's jars, whose parent is the platform class loader,
 * because River defines the same class names as Estuary).
 *
 * <p>A world builds objects reflectively by class name, so that one sample factory builds equal objects in both
 * worlds; serializes with a plain {@link ObjectOutputStream}; deserializes resolving every class (and proxy
 * interface) through its own loader; and turns objects into a world-neutral canonical tree of their serial state
 * ({@link #canon}) so that an Estuary object and a River object can be compared field by field.
 */
final class SerialWorld {

    /**
     * Test-only classes that River's loader defines from the test's own class files, so that samples of abstract
     * API classes and of interface-typed fields can be deserialized on River's side too. Their names exist in
     * neither library; they use only JDK types and API types.
     */
    static final Set<String> SHARED_TEST_CLASSES = Set.of(
            "org.estuary.api.test.SerialSampleHandler",
            "org.estuary.api.test.SerialSampleServiceEvent",
            "org.estuary.api.test.SerialSampleRenewalFailureEvent");

    private static SerialWorld estuary;
    private static SerialWorld river;

    final String name;
    final ClassLoader loader;

    private SerialWorld(String name, ClassLoader loader) {
        this.name = name;
        this.loader = loader;
    }

    /** Estuary's world: the class loader of the tests, which sees the main classes. */
    static synchronized SerialWorld estuary() {
        if (estuary == null) {
            estuary = new SerialWorld("Estuary", SerialWorld.class.getClassLoader());
        }
        return estuary;
    }

    /** River's world, over the jars in the directory named by system property {@code estuary.river.dir}. */
    static synchronized SerialWorld river() {
        if (river == null) {
            String dir = System.getProperty("estuary.river.dir");
            if (dir == null) {
                throw new IllegalStateException("system property estuary.river.dir (the directory holding River's "
                        + "jsk-platform.jar and jsk-lib.jar) is not set");
            }
            List<URL> urls = new ArrayList<>();
            for (String jar : List.of("jsk-platform.jar", "jsk-lib.jar")) {
                Path path = Path.of(dir, jar);
                if (!Files.isRegularFile(path)) {
                    throw new IllegalStateException("River oracle jar missing: " + path);
                }
                try {
                    urls.add(path.toUri().toURL());
                } catch (MalformedURLException e) {
                    throw new IllegalStateException(e);
                }
            }
            river = new SerialWorld("River", new RiverLoader(urls.toArray(URL[]::new),
                    SerialWorld.class.getClassLoader()));
        }
        return river;
    }

    /** River's jars plus the shared test classes, defined from the test's class files; parent: platform. */
    private static final class RiverLoader extends URLClassLoader {
        static {
            registerAsParallelCapable();
        }

        private final ClassLoader testLoader;

        RiverLoader(URL[] urls, ClassLoader testLoader) {
            super("river-oracle", urls, ClassLoader.getPlatformClassLoader());
            this.testLoader = testLoader;
        }

        @Override
        protected Class<?> findClass(String className) throws ClassNotFoundException {
            if (SHARED_TEST_CLASSES.contains(className)) {
                try (InputStream in = testLoader.getResourceAsStream(className.replace('.', '/') + ".class")) {
                    if (in == null) {
                        throw new ClassNotFoundException(className);
                    }
                    byte[] bytes = in.readAllBytes();
                    return defineClass(className, bytes, 0, bytes.length);
                } catch (IOException e) {
                    throw new ClassNotFoundException(className, e);
                }
            }
            return super.findClass(className);
        }
    }

    @Override
    public String toString() {
        return name;
    }

    // ---------------------------------------------------------------- building objects

    /** The class of the given name in this world; accepts primitive names and "[]" suffixes. */
    Class<?> cls(String className) {
        if (className.endsWith("[]")) {
            return cls(className.substring(0, className.length() - 2)).arrayType();
        }
        switch (className) {
            case "boolean": return boolean.class;
            case "byte": return byte.class;
            case "char": return char.class;
            case "short": return short.class;
            case "int": return int.class;
            case "long": return long.class;
            case "float": return float.class;
            case "double": return double.class;
            default:
                try {
                    return Class.forName(className, false, loader);
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(name + " has no class " + className, e);
                }
        }
    }

    /** Whether this world has a class of that name. */
    boolean has(String className) {
        try {
            Class.forName(className, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Invokes the public constructor of {@code className} with the given parameter types. */
    Object make(String className, List<String> parameterTypes, Object... args) {
        Class<?>[] types = parameterTypes.stream().map(this::cls).toArray(Class<?>[]::new);
        Constructor<?> constructor;
        try {
            constructor = cls(className).getConstructor(types);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(name + "'s " + className + " has no public constructor "
                    + parameterTypes, e);
        }
        try {
            return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(name + "'s " + className + parameterTypes + " threw "
                    + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A serializable proxy implementing the named interface of this world, equal to proxies of the same id. */
    Object proxy(String interfaceName, String id) {
        InvocationHandler handler = (InvocationHandler) make("org.estuary.api.test.SerialSampleHandler",
                List.of("java.lang.String"), id);
        return Proxy.newProxyInstance(loader, new Class<?>[] {cls(interfaceName)}, handler);
    }

    /** An array of the named component type of this world. */
    Object array(String componentType, Object... elements) {
        Object array = Array.newInstance(cls(componentType), elements.length);
        for (int i = 0; i < elements.length; i++) {
            Array.set(array, i, elements[i]);
        }
        return array;
    }

    /** A MarshalledObject of the given object, as an API user would make it. */
    static MarshalledObject<Object> marshalled(Object o) {
        try {
            return new MarshalledObject<>(o);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---------------------------------------------------------------- streams

    /** Serializes with a plain ObjectOutputStream. */
    static byte[] serialize(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    /** Deserializes resolving every class name and proxy interface through this world's loader. */
    Object deserialize(byte[] bytes) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws ClassNotFoundException {
                String n = desc.getName();
                try {
                    return Class.forName(n, false, loader);
                } catch (ClassNotFoundException e) {
                    Class<?> primitive = primitive(n);
                    if (primitive != null) {
                        return primitive;
                    }
                    throw e;
                }
            }

            @Override
            @SuppressWarnings("deprecation")
            protected Class<?> resolveProxyClass(String[] interfaces) throws ClassNotFoundException {
                Class<?>[] classes = new Class<?>[interfaces.length];
                for (int i = 0; i < interfaces.length; i++) {
                    classes[i] = Class.forName(interfaces[i], false, loader);
                }
                return Proxy.getProxyClass(loader, classes);
            }
        }) {
            return in.readObject();
        }
    }

    private static Class<?> primitive(String n) {
        return switch (n) {
            case "boolean" -> boolean.class;
            case "byte" -> byte.class;
            case "char" -> char.class;
            case "short" -> short.class;
            case "int" -> int.class;
            case "long" -> long.class;
            case "float" -> float.class;
            case "double" -> double.class;
            case "void" -> void.class;
            default -> null;
        };
    }

    /** Serializes and deserializes within this world. */
    Object roundTrip(Object o) throws IOException, ClassNotFoundException {
        return deserialize(serialize(o));
    }

    // ---------------------------------------------------------------- descriptors

    /**
     * The differences between the serial descriptors of two classes of the same name: serialVersionUID, serial
     * fields (name, type code, type signature, unshared) and the chain of serializable superclasses. Serial fields
     * of River's class named in {@code riverOnlyFields} are left out of the comparison.
     */
    static List<String> descriptorDiffs(Class<?> ours, Class<?> theirs, Set<String> riverOnlyFields) {
        List<String> diffs = new ArrayList<>();
        ObjectStreamClass a = ObjectStreamClass.lookup(ours);
        ObjectStreamClass b = ObjectStreamClass.lookup(theirs);
        if (a == null || b == null) {
            diffs.add("serializable: Estuary " + (a != null) + ", River " + (b != null));
            return diffs;
        }
        if (a.getSerialVersionUID() != b.getSerialVersionUID()) {
            diffs.add("serialVersionUID: Estuary " + a.getSerialVersionUID() + "L, River "
                    + b.getSerialVersionUID() + "L");
        }
        List<String> fa = fields(a);
        List<String> fb = fields(b);
        fb.removeIf(f -> riverOnlyFields.contains(f.substring(0, f.indexOf(':'))));
        if (!fa.equals(fb)) {
            List<String> onlyOurs = new ArrayList<>(fa);
            onlyOurs.removeAll(fb);
            List<String> onlyTheirs = new ArrayList<>(fb);
            onlyTheirs.removeAll(fa);
            diffs.add("serial fields: only in Estuary " + onlyOurs + ", only in River " + onlyTheirs
                    + (onlyOurs.isEmpty() && onlyTheirs.isEmpty() ? " (order differs: " + fa + " vs " + fb + ")" : ""));
        }
        List<String> sa = serialSuperclasses(ours);
        List<String> sb = serialSuperclasses(theirs);
        if (!sa.equals(sb)) {
            diffs.add("serializable superclasses: Estuary " + sa + ", River " + sb);
        }
        return diffs;
    }

    private static List<String> fields(ObjectStreamClass desc) {
        List<String> result = new ArrayList<>();
        for (ObjectStreamField f : desc.getFields()) {
            String type = f.isPrimitive() ? String.valueOf(f.getTypeCode()) : f.getTypeString();
            result.add(f.getName() + ":" + type + (f.isUnshared() ? " unshared" : ""));
        }
        return result;
    }

    private static List<String> serialSuperclasses(Class<?> c) {
        List<String> result = new ArrayList<>();
        for (Class<?> k = c.getSuperclass(); k != null && Serializable.class.isAssignableFrom(k);
                k = k.getSuperclass()) {
            result.add(k.getName());
        }
        return result;
    }

    // ---------------------------------------------------------------- canonical serial state

    /**
     * A world-neutral tree of the serial state of {@code o}: maps, lists and JDK values, with class names in place
     * of classes. Objects of API and test classes are described by the values of the serial fields of every
     * serializable class in their hierarchy, read reflectively; JDK superclasses by their public state
     * (Throwable: message and cause; EventObject: source; Permission: name and actions).
     */
    static Object canon(Object o) {
        return canon(o, 0);
    }

    private static Object canon(Object o, int depth) {
        if (o == null) {
            return null;
        }
        if (depth > 24) {
            return "<too deep>";
        }
        Class<?> c = o.getClass();
        if (o instanceof String || o instanceof Number || o instanceof Boolean || o instanceof Character) {
            return o;
        }
        if (o instanceof Class<?> k) {
            return Map.of("@class-object", k.getName());
        }
        if (c.isArray()) {
            List<Object> elements = new ArrayList<>();
            for (int i = 0; i < Array.getLength(o); i++) {
                elements.add(canon(Array.get(o, i), depth + 1));
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("@array", c.getComponentType().getName());
            m.put("elements", elements);
            return m;
        }
        if (Proxy.isProxyClass(c)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("@proxy", Arrays.stream(c.getInterfaces()).map(Class::getName).toList());
            m.put("handler", canon(Proxy.getInvocationHandler(o), depth + 1));
            return m;
        }
        if (o instanceof MarshalledObject<?> mo) {
            Map<String, Object> m = new LinkedHashMap<>();
            try {
                m.put("@marshalled", canon(mo.get(), depth + 1));
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                m.put("@marshalled-unreadable", e.toString());
            }
            return m;
        }
        boolean jdk = c.getModule().isNamed();
        if (jdk && o instanceof Map<?, ?> map) {
            // Entries sorted by the text of their canonical key, so that hash order does not matter.
            Map<String, Object> entries = new TreeMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object key = canon(e.getKey(), depth + 1);
                entries.put(String.valueOf(key), List.of(key == null ? "null" : key, canonOrNull(e.getValue(), depth)));
            }
            return Map.of("@map", new ArrayList<>(entries.values()));
        }
        if (jdk && o instanceof Collection<?> collection) {
            List<Object> elements = new ArrayList<>();
            for (Object e : collection) {
                elements.add(canonOrNull(e, depth));
            }
            if (o instanceof Set<?>) {
                elements.sort((x, y) -> String.valueOf(x).compareTo(String.valueOf(y)));
            }
            return Map.of("@collection", elements);
        }
        if (jdk && !(o instanceof Throwable)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("@jdk", c.getName());
            m.put("value", o.toString());
            return m;
        }
        // An API or test class, or a Throwable: its serial state class by class, from the top of the hierarchy.
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("@object", c.getName());
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> k = c; k != null && Serializable.class.isAssignableFrom(k); k = k.getSuperclass()) {
            chain.add(0, k);
        }
        for (Class<?> k : chain) {
            Map<String, Object> state = new LinkedHashMap<>();
            if (k.getModule().isNamed()) {
                if (k == Throwable.class) {
                    Throwable t = (Throwable) o;
                    state.put("message", t.getMessage());
                    state.put("cause", canonOrNull(t.getCause(), depth));
                } else if (k == EventObject.class) {
                    state.put("source", canonOrNull(((EventObject) o).getSource(), depth));
                } else if (k == Permission.class) {
                    state.put("name", ((Permission) o).getName());
                    state.put("actions", ((Permission) o).getActions());
                } else if (ObjectStreamClass.lookup(k).getFields().length > 0) {
                    state.put("@unsupported-jdk-superclass", k.getName());
                }
            } else {
                for (ObjectStreamField f : ObjectStreamClass.lookup(k).getFields()) {
                    state.put(f.getName(), canonOrNull(read(k, f.getName(), o), depth));
                }
            }
            if (!state.isEmpty()) {
                m.put(k.getName(), state);
            }
        }
        return m;
    }

    private static Object canonOrNull(Object o, int depth) {
        Object c = canon(o, depth + 1);
        return c == null ? "null" : c;
    }

    /** Reads a declared field reflectively (API and test classes live in unnamed modules, so this is allowed). */
    static Object read(Class<?> k, String field, Object o) {
        try {
            Field f = k.getDeclaredField(field);
            f.setAccessible(true);
            return f.get(o);
        } catch (NoSuchFieldException e) {
            return "<no field " + field + " backs the serial field>";
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The serial fields of the API classes in o's hierarchy whose values are null, zero or false. */
    static List<String> defaultValuedSerialFields(Object o) {
        List<String> result = new ArrayList<>();
        for (Class<?> k = o.getClass(); k != null && Serializable.class.isAssignableFrom(k); k = k.getSuperclass()) {
            if (k.getModule().isNamed() || !k.getName().startsWith("net.jini.")) {
                continue;
            }
            for (ObjectStreamField f : ObjectStreamClass.lookup(k).getFields()) {
                Object v = read(k, f.getName(), o);
                boolean isDefault = v == null || Boolean.FALSE.equals(v)
                        || (v instanceof Number n && n.doubleValue() == 0) || Character.valueOf('\0').equals(v);
                if (isDefault) {
                    result.add(k.getSimpleName() + "." + f.getName());
                }
            }
        }
        return result;
    }

    /** Paths where two canonical trees differ, each with both values; empty if they are equal. */
    static List<String> treeDiffs(Object expected, Object actual, String expectedName, String actualName) {
        List<String> diffs = new ArrayList<>();
        treeDiffs("", expected, actual, expectedName, actualName, diffs);
        return diffs;
    }

    private static void treeDiffs(String path, Object a, Object b, String an, String bn, List<String> diffs) {
        if (a instanceof Map<?, ?> ma && b instanceof Map<?, ?> mb) {
            Set<Object> keys = new java.util.LinkedHashSet<>(ma.keySet());
            keys.addAll(mb.keySet());
            for (Object k : keys) {
                if (ma.containsKey(k) && mb.containsKey(k)) {
                    treeDiffs(path + "/" + k, ma.get(k), mb.get(k), an, bn, diffs);
                } else {
                    diffs.add(path + "/" + k + ": " + an + "=" + (ma.containsKey(k) ? ma.get(k) : "<absent>")
                            + " " + bn + "=" + (mb.containsKey(k) ? mb.get(k) : "<absent>"));
                }
            }
        } else if (a instanceof List<?> la && b instanceof List<?> lb && la.size() == lb.size()) {
            for (int i = 0; i < la.size(); i++) {
                treeDiffs(path + "[" + i + "]", la.get(i), lb.get(i), an, bn, diffs);
            }
        } else if (a == null ? b != null : !a.equals(b)) {
            diffs.add((path.isEmpty() ? "/" : path) + ": " + an + "=" + a + " " + bn + "=" + b);
        }
    }
}
