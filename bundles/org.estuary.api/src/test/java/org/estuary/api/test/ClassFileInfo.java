package org.estuary.api.test;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The few facts the API checks need from a class file ({@link ApiHygieneTest} here, and through this module's
 * test jar the check of every Estuary bundle's exports in itest/), read with a minimal parser of the class file
 * format (JVMS chapter 4): access flags, this class, whether the class is nested (it names itself in its own
 * InnerClasses attribute), and the annotations of its RuntimeVisibleAnnotations and RuntimeInvisibleAnnotations
 * attributes. The OSGi versioning and bundle annotations have CLASS retention, so reflection cannot see them.
 */
public final class ClassFileInfo {

    static final int ACC_PUBLIC = 0x0001;
    static final int ACC_INTERFACE = 0x0200;

    /** One annotation: its type descriptor and its element values (strings, numbers, nested lists...). */
    public record Annotation(String descriptor, Map<String, Object> values) {
    }

    public final int accessFlags;
    public final String thisClass;
    public final boolean nested;
    public final List<Annotation> invisibleAnnotations;
    public final List<Annotation> visibleAnnotations;

    private ClassFileInfo(int accessFlags, String thisClass, boolean nested, List<Annotation> invisible,
            List<Annotation> visible) {
        this.accessFlags = accessFlags;
        this.thisClass = thisClass;
        this.nested = nested;
        this.invisibleAnnotations = invisible;
        this.visibleAnnotations = visible;
    }

    public boolean isPublic() {
        return (accessFlags & ACC_PUBLIC) != 0;
    }

    /** The class-retention annotation of the given type, or null. */
    public Annotation invisible(String descriptor) {
        for (Annotation a : invisibleAnnotations) {
            if (a.descriptor().equals(descriptor)) {
                return a;
            }
        }
        return null;
    }

    public static ClassFileInfo read(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        Object[] pool = new Object[count];
        int[] classNameIndex = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> pool[i] = in.readUTF(); // Utf8 (class files use the same modified UTF-8)
                case 3 -> pool[i] = in.readInt(); // Integer
                case 4 -> pool[i] = in.readFloat(); // Float
                case 5 -> { // Long: takes two entries
                    pool[i] = in.readLong();
                    i++;
                }
                case 6 -> { // Double: takes two entries
                    pool[i] = in.readDouble();
                    i++;
                }
                case 7 -> classNameIndex[i] = in.readUnsignedShort(); // Class
                case 8, 16, 19, 20 -> in.readUnsignedShort(); // String, MethodType, Module, Package
                case 9, 10, 11, 12, 17, 18 -> in.readInt(); // refs, NameAndType, Dynamic, InvokeDynamic
                case 15 -> { // MethodHandle
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> throw new IOException("unknown constant pool tag " + tag + " at " + i);
            }
        }
        int access = in.readUnsignedShort();
        int thisIndex = in.readUnsignedShort();
        String thisName = (String) pool[classNameIndex[thisIndex]];
        in.readUnsignedShort(); // super_class
        int interfaces = in.readUnsignedShort();
        for (int i = 0; i < interfaces; i++) {
            in.readUnsignedShort();
        }
        for (int members = 0; members < 2; members++) { // fields, then methods
            int n = in.readUnsignedShort();
            for (int i = 0; i < n; i++) {
                in.readUnsignedShort(); // access
                in.readUnsignedShort(); // name
                in.readUnsignedShort(); // descriptor
                skipAttributes(in);
            }
        }
        boolean nested = false;
        List<Annotation> invisible = new ArrayList<>();
        List<Annotation> visible = new ArrayList<>();
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            String name = (String) pool[in.readUnsignedShort()];
            int length = in.readInt();
            byte[] body = in.readNBytes(length);
            if (body.length != length) {
                throw new IOException("truncated attribute " + name);
            }
            DataInputStream attr = new DataInputStream(new ByteArrayInputStream(body));
            switch (name) {
                case "RuntimeInvisibleAnnotations" -> invisible.addAll(readAnnotations(attr, pool));
                case "RuntimeVisibleAnnotations" -> visible.addAll(readAnnotations(attr, pool));
                case "InnerClasses" -> {
                    int classes = attr.readUnsignedShort();
                    for (int i = 0; i < classes; i++) {
                        int inner = attr.readUnsignedShort();
                        attr.readUnsignedShort(); // outer_class_info
                        attr.readUnsignedShort(); // inner_name
                        attr.readUnsignedShort(); // inner_class_access_flags
                        if (inner == thisIndex) {
                            nested = true;
                        }
                    }
                }
                default -> {
                    // not needed
                }
            }
        }
        return new ClassFileInfo(access, thisName, nested, invisible, visible);
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int n = in.readUnsignedShort();
        for (int i = 0; i < n; i++) {
            in.readUnsignedShort();
            int length = in.readInt();
            if (in.skipBytes(length) != length) {
                throw new IOException("truncated attribute");
            }
        }
    }

    private static List<Annotation> readAnnotations(DataInputStream in, Object[] pool) throws IOException {
        int n = in.readUnsignedShort();
        List<Annotation> result = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            result.add(readAnnotation(in, pool));
        }
        return result;
    }

    private static Annotation readAnnotation(DataInputStream in, Object[] pool) throws IOException {
        String type = (String) pool[in.readUnsignedShort()];
        int pairs = in.readUnsignedShort();
        Map<String, Object> values = new LinkedHashMap<>();
        for (int i = 0; i < pairs; i++) {
            String element = (String) pool[in.readUnsignedShort()];
            values.put(element, readElementValue(in, pool));
        }
        return new Annotation(type, values);
    }

    private static Object readElementValue(DataInputStream in, Object[] pool) throws IOException {
        int tag = in.readUnsignedByte();
        switch (tag) {
            case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z', 's':
                return pool[in.readUnsignedShort()];
            case 'e': {
                String enumType = (String) pool[in.readUnsignedShort()];
                String constant = (String) pool[in.readUnsignedShort()];
                return enumType + "." + constant;
            }
            case 'c':
                return pool[in.readUnsignedShort()];
            case '@':
                return readAnnotation(in, pool);
            case '[': {
                int n = in.readUnsignedShort();
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    list.add(readElementValue(in, pool));
                }
                return list;
            }
            default:
                throw new IOException("unknown element value tag " + (char) tag);
        }
    }
}
