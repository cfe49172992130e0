package net.jini.core.lookup;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.util.Map;
import java.util.TreeMap;

/** Serialization helpers shared by the tests of the lookup and discovery packages. */
public final class SerialTestSupport {

    private SerialTestSupport() {
    }

    /** Serializes and deserializes an object in memory. */
    @SuppressWarnings("unchecked")
    public static <T> T roundTrip(T object) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    /** The serialized fields a class declares, as name to type name, sorted by name. */
    public static Map<String, String> serialFields(Class<?> c) {
        Map<String, String> fields = new TreeMap<>();
        for (ObjectStreamField f : ObjectStreamClass.lookup(c).getFields()) {
            fields.put(f.getName(), f.getType().getName());
        }
        return fields;
    }

    /** The serialVersionUID of a class. */
    public static long uid(Class<?> c) {
        return ObjectStreamClass.lookup(c).getSerialVersionUID();
    }
}
