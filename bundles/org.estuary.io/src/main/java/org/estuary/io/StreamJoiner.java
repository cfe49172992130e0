package org.estuary.io;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectStreamConstants;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins single-object serialization streams ({@link Marshalled}) into one stream holding the objects one after
 * another, in which a class descriptor that several of them carry is written once and referred to after that. A
 * reader then resolves, checks and matches each class once per joined stream instead of once per object, which is
 * most of the cost of reading many small objects that were each written on their own.
 *
 * <p>It works on the bytes alone, with the grammar of the Java Object Serialization Specification (section 6.4),
 * and never loads a class: the objects may be of classes this JVM does not have. Everything else an object holds is
 * copied as it is, with its back-references renumbered for the joined stream; objects never share anything but
 * class descriptors, so each reads back as its own stream would. Two descriptors are the same when their class
 * name, serial version, flags, fields (name, type code, type name), class annotation and superclass descriptor are.
 *
 * <p>The input may be hostile: every length is checked against the bytes there are, nesting is bounded, and a
 * back-reference must name an earlier handle of the same object (or a shared descriptor), so no object can reach
 * into another. What it cannot parse exactly it refuses ({@link #add} returns false and the joined stream is left
 * as it was): a stream that is not one object of protocol version 2, a reset or exception marker in it, an
 * externalizable class written without block data, a class annotation written inline. A class whose
 * {@code writeObject} writes its optional data without first calling {@code defaultWriteObject} or
 * {@code writeFields}, which the specification requires, cannot be told apart from one that did; it is parsed as
 * if it had. Not thread-safe: one joiner builds one stream.
 */
final class StreamJoiner {

    private static final int BASE_HANDLE = ObjectStreamConstants.baseWireHandle;
    /** Nesting deeper than any stream a filter would pass; bounds the recursion on hostile input. */
    private static final int MAX_NESTING = 512;

    private final Bytes joined;
    private final ByteArrayOutputStream annotationBytes = new ByteArrayOutputStream(256);
    private final AnnotationWriter annotations = new AnnotationWriter(new DataOutputStream(annotationBytes));
    private final Map<DescKey, Shared> shared = new HashMap<>();
    private final List<Integer> starts = new ArrayList<>();
    private int handles;

    /** A joiner for about {@code capacity} bytes of streams. */
    StreamJoiner(int capacity) {
        joined = new Bytes(Math.max(64, capacity));
        joined.write(new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5});
    }

    /** Objects joined so far. */
    int size() {
        return starts.size();
    }

    /** The joined stream's length so far. */
    int length() {
        return joined.size();
    }

    /**
     * Appends the object {@code objectBytes} holds (a stream of one object, its class annotations in
     * {@code annotationBytes} or null for none).
     *
     * @return false if the stream cannot be parsed exactly; the joined stream is unchanged then
     */
    boolean add(byte[] objectBytes, byte[] annotationBytes) {
        Parse parse = new Parse(objectBytes, annotationBytes == null ? AnnotationReader.NONE
                : new AnnotationReader(new DataInputStream(new ByteArrayInputStream(annotationBytes))));
        int start = joined.size();
        try {
            parse.object();
            for (String annotation : parse.annotationsOut) {
                annotations.write(annotation);
            }
        } catch (IOException | RuntimeException malformed) {
            joined.truncate(start);
            return false;
        }
        starts.add(start);
        handles = parse.nextHandle;
        shared.putAll(parse.added);
        return true;
    }

    /** The joined stream's object bytes. */
    byte[] objectBytes() {
        return joined.toByteArray();
    }

    /** The joined stream's class annotations, or null when no class had one. */
    byte[] annotationBytes() {
        return annotations.wroteAny() ? annotationBytes.toByteArray() : null;
    }

    /** Where each object begins in {@link #objectBytes()}. */
    int[] starts() {
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** A descriptor written once in the joined stream: its handle and those of its field type names there. */
    private record Shared(int handle, int[] typeHandles, Shared superDesc) {
    }

    /** One object's stream, read once and rewritten at the end of the joined stream. */
    private final class Parse {

        private final byte[] in;
        private final AnnotationReader annotationsIn;
        private int pos;
        private int depth;
        /** Joined handle of each of this stream's handles, in order; -1 while not yet known. */
        private final List<Integer> joinedOf = new ArrayList<>(64);
        /** What each of this stream's handles is: a String's encoded bytes, a Desc, or NONE. */
        private final List<Object> kinds = new ArrayList<>(64);
        private final Bytes emit = joined;
        final Map<DescKey, Shared> added = new HashMap<>();
        int nextHandle = handles;
        /** The class annotations of the descriptors written, in stream order. */
        final List<String> annotationsOut = new ArrayList<>();

        Parse(byte[] in, AnnotationReader annotationsIn) {
            this.in = in;
            this.annotationsIn = annotationsIn;
        }

        void object() throws IOException {
            if (u2() != (ObjectStreamConstants.STREAM_MAGIC & 0xFFFF) || u2() != ObjectStreamConstants.STREAM_VERSION) {
                throw malformed("not an object stream of version 5");
            }
            content();
            if (pos != in.length) {
                throw malformed("bytes after the object");
            }
        }

        /** One element where {@code readObject} reads one. */
        private void content() throws IOException {
            if (++depth > MAX_NESTING) {
                throw malformed("nested too deep");
            }
            int tc = u1();
            switch (tc) {
                case ObjectStreamConstants.TC_NULL -> emit.writeByte(tc);
                case ObjectStreamConstants.TC_REFERENCE -> reference(-1);
                case ObjectStreamConstants.TC_STRING, ObjectStreamConstants.TC_LONGSTRING -> string(tc);
                case ObjectStreamConstants.TC_CLASS -> {
                    emit.writeByte(tc);
                    requireDesc(classDesc());
                    newHandle(NONE, false);
                }
                case ObjectStreamConstants.TC_CLASSDESC, ObjectStreamConstants.TC_PROXYCLASSDESC -> {
                    pos--;
                    classDesc();
                }
                case ObjectStreamConstants.TC_ENUM -> {
                    emit.writeByte(tc);
                    requireDesc(classDesc());
                    newHandle(NONE, false);
                    int name = u1();
                    if (name == ObjectStreamConstants.TC_REFERENCE) {
                        reference(STRING);
                    } else if (name == ObjectStreamConstants.TC_STRING || name == ObjectStreamConstants.TC_LONGSTRING) {
                        string(name);
                    } else {
                        throw malformed("enum constant without a name");
                    }
                }
                case ObjectStreamConstants.TC_ARRAY -> array();
                case ObjectStreamConstants.TC_OBJECT -> {
                    emit.writeByte(tc);
                    Desc desc = requireDesc(classDesc());
                    newHandle(NONE, false);
                    classData(desc);
                }
                default -> throw malformed("element 0x" + Integer.toHexString(tc) + " where an object belongs");
            }
            depth--;
        }

        private void array() throws IOException {
            emit.writeByte(ObjectStreamConstants.TC_ARRAY);
            Desc desc = requireDesc(classDesc());
            if (desc.proxy || desc.nameLength < 2 || in[desc.bodyFrom + 2] != '[') {
                throw malformed("array of a class that is not an array");
            }
            newHandle(NONE, false);
            int length = s4();
            emit.writeInt(length);
            if (length < 0) {
                throw malformed("negative array length");
            }
            int width = width(in[desc.bodyFrom + 3]);
            if (width < 0) {
                throw malformed("array of element type 0x" + Integer.toHexString(in[desc.bodyFrom + 3]));
            }
            if (width > 0) {
                copy((long) length * width);
            } else {
                if (length > in.length - pos) { // each element takes at least one byte
                    throw malformed("array longer than its stream");
                }
                for (int i = 0; i < length; i++) {
                    content();
                }
            }
        }

        private void classData(Desc desc) throws IOException {
            if (desc.proxy) {
                throw malformed("object of a proxy descriptor without its superclass");
            }
            List<Desc> chain = new ArrayList<>();
            for (Desc d = desc; d != null; d = d.superDesc) {
                if (chain.size() == MAX_NESTING) {
                    throw malformed("class hierarchy too deep or circular");
                }
                chain.add(d);
            }
            if ((desc.flags & ObjectStreamConstants.SC_EXTERNALIZABLE) != 0) {
                if ((desc.flags & ObjectStreamConstants.SC_BLOCK_DATA) == 0) {
                    throw malformed("externalizable data without block data (protocol version 1)");
                }
                annotation();
                return;
            }
            for (int i = chain.size() - 1; i >= 0; i--) {
                Desc d = chain.get(i);
                if (d.proxy || (d.flags & ObjectStreamConstants.SC_SERIALIZABLE) == 0) {
                    continue;
                }
                for (Field field : d.fields) {
                    int width = width(field.code);
                    if (width > 0) {
                        copy(width);
                    }
                }
                for (Field field : d.fields) {
                    if (width(field.code) == 0) {
                        content();
                    }
                }
                if ((d.flags & ObjectStreamConstants.SC_WRITE_METHOD) != 0) {
                    annotation();
                }
            }
        }

        /** Block data and objects up to the end-of-block marker (writeObject's optional data, external data). */
        private void annotation() throws IOException {
            while (true) {
                int tc = peek();
                if (tc == ObjectStreamConstants.TC_ENDBLOCKDATA) {
                    emit.writeByte(u1());
                    return;
                } else if (tc == ObjectStreamConstants.TC_BLOCKDATA) {
                    emit.writeByte(u1());
                    int length = u1();
                    emit.writeByte(length);
                    copy(length);
                } else if (tc == ObjectStreamConstants.TC_BLOCKDATALONG) {
                    emit.writeByte(u1());
                    int length = s4();
                    if (length < 0) {
                        throw malformed("negative block length");
                    }
                    emit.writeInt(length);
                    copy(length);
                } else {
                    content();
                }
            }
        }

        /** A class descriptor where one belongs: null, a back-reference or a new one (written or shared). */
        private Desc classDesc() throws IOException {
            int tc = peek();
            if (tc == ObjectStreamConstants.TC_NULL) {
                emit.writeByte(u1());
                return null;
            }
            if (tc == ObjectStreamConstants.TC_REFERENCE) {
                u1();
                return (Desc) kinds.get(reference(DESC));
            }
            Desc desc = readDesc();
            Shared match = resolve(desc);
            if (match != null) {
                emit.writeByte(ObjectStreamConstants.TC_REFERENCE);
                emit.writeInt(BASE_HANDLE + match.handle);
                mapShared(desc, match);
            } else {
                writeDesc(desc);
            }
            return desc;
        }

        /** Reads a new descriptor and its superclasses' without writing anything; numbers their handles. */
        private Desc readDesc() throws IOException {
            if (++depth > MAX_NESTING) {
                throw malformed("nested too deep");
            }
            int tc = u1();
            Desc desc = new Desc();
            desc.handle = newHandle(desc, true);
            desc.bodyFrom = pos;
            if (tc == ObjectStreamConstants.TC_PROXYCLASSDESC) {
                desc.proxy = true;
                int count = s4();
                if (count < 0 || count > 65535) {
                    throw malformed("proxy with " + count + " interfaces");
                }
                for (int i = 0; i < count; i++) {
                    skip(u2());
                }
                endOfClassAnnotation();
                desc.bodyTo = pos;
                desc.annotations = new String[count];
                for (int i = 0; i < count; i++) {
                    desc.annotations[i] = annotationsIn.read();
                }
            } else if (tc == ObjectStreamConstants.TC_CLASSDESC) {
                desc.nameLength = u2();
                skip(desc.nameLength);
                s8(); // serialVersionUID
                desc.flags = u1();
                int count = u2();
                desc.headerTo = pos;
                desc.fields = new Field[count];
                for (int i = 0; i < count; i++) {
                    Field field = new Field();
                    field.from = pos;
                    field.code = u1();
                    skip(u2());
                    field.nameTo = pos;
                    if (width(field.code) < 0) {
                        throw malformed("field type code 0x" + Integer.toHexString(field.code));
                    }
                    if (width(field.code) == 0) {
                        typeName(field);
                        desc.referencesTypes |= field.typeReference >= 0;
                    }
                    desc.fields[i] = field;
                }
                endOfClassAnnotation();
                desc.bodyTo = pos;
                desc.annotations = new String[] {annotationsIn.read()};
            } else {
                throw malformed("element 0x" + Integer.toHexString(tc) + " where a class descriptor belongs");
            }
            int superTc = peek();
            if (superTc == ObjectStreamConstants.TC_NULL) {
                u1();
                desc.superKind = SUPER_NONE;
            } else if (superTc == ObjectStreamConstants.TC_REFERENCE) {
                u1();
                desc.superKind = SUPER_REFERENCE;
                desc.superHandle = handle(DESC);
                desc.superDesc = (Desc) kinds.get(desc.superHandle);
            } else {
                desc.superKind = SUPER_NEW;
                desc.superDesc = readDesc();
            }
            depth--;
            return desc;
        }

        /** The shared descriptor equal to {@code desc}, or null (then its superclass is resolved too). */
        private Shared resolve(Desc desc) throws IOException {
            Shared superShared = null;
            if (desc.superKind == SUPER_NEW) {
                superShared = resolve(desc.superDesc);
                desc.superShared = superShared;
                if (superShared == null) {
                    return null;
                }
            } else if (desc.superKind == SUPER_REFERENCE) {
                superShared = desc.superDesc.written;
                if (superShared == null) {
                    return null; // refers to a descriptor still being written: cannot be one seen before
                }
            }
            DescKey key = keyOf(desc, superShared);
            Shared match = shared.get(key);
            return match != null ? match : added.get(key);
        }

        /**
         * What makes two descriptors the same: their bytes up to the end of the class annotation, where each field
         * type name is written out (a back-reference to a type name is replaced by the name's element, as a
         * descriptor that wrote it anew has it), their class annotations, and their superclass's shared descriptor.
         */
        private DescKey keyOf(Desc desc, Shared superShared) {
            int superHandle = superShared == null ? -1 : superShared.handle;
            if (!desc.referencesTypes) {
                return new DescKey(in, desc.bodyFrom, desc.bodyTo, desc.proxy, desc.annotations, superHandle);
            }
            Bytes key = new Bytes(desc.bodyTo - desc.bodyFrom + 64);
            key.write(in, desc.bodyFrom, desc.headerTo - desc.bodyFrom);
            for (Field field : desc.fields) {
                key.write(in, field.from, field.nameTo - field.from);
                if (field.typeReference >= 0) {
                    key.write(element(field.typeReference));
                } else if (field.typeHandle >= 0) {
                    key.write(in, field.nameTo, field.typeTo - field.nameTo);
                }
            }
            key.writeByte(ObjectStreamConstants.TC_ENDBLOCKDATA);
            byte[] bytes = key.toByteArray();
            return new DescKey(bytes, 0, bytes.length, desc.proxy, desc.annotations, superHandle);
        }

        /** {@code desc} is written as a back-reference to {@code match}: its handles become match's. */
        private void mapShared(Desc desc, Shared match) throws IOException {
            joinedOf.set(desc.handle, match.handle);
            desc.written = match;
            if (!desc.proxy) {
                for (int i = 0; i < desc.fields.length; i++) {
                    if (desc.fields[i].typeHandle >= 0) {
                        joinedOf.set(desc.fields[i].typeHandle, match.typeHandles[i]);
                    }
                }
            }
            if (desc.superKind == SUPER_NEW) {
                mapShared(desc.superDesc, match.superDesc);
            }
        }

        /** Writes {@code desc} in full with joined handles, and its superclass (written or shared). */
        private void writeDesc(Desc desc) throws IOException {
            int handle = nextHandle++;
            joinedOf.set(desc.handle, handle);
            int[] typeHandles;
            if (desc.proxy) {
                emit.writeByte(ObjectStreamConstants.TC_PROXYCLASSDESC);
                emit.write(in, desc.bodyFrom, desc.bodyTo - desc.bodyFrom); // no handles in it
                for (String annotation : desc.annotations) {
                    annotationsOut.add(annotation);
                }
                typeHandles = new int[0];
            } else {
                emit.writeByte(ObjectStreamConstants.TC_CLASSDESC);
                emit.write(in, desc.bodyFrom, desc.headerTo - desc.bodyFrom);
                typeHandles = new int[desc.fields.length];
                for (int i = 0; i < desc.fields.length; i++) {
                    Field field = desc.fields[i];
                    emit.write(in, field.from, field.nameTo - field.from);
                    typeHandles[i] = -1;
                    if (field.typeHandle >= 0) { // written here first
                        typeHandles[i] = nextHandle++;
                        joinedOf.set(field.typeHandle, typeHandles[i]);
                        emit.write(in, field.nameTo, field.typeTo - field.nameTo);
                    } else if (field.typeReference >= 0) {
                        typeHandles[i] = joinedOf.get(field.typeReference);
                        emit.writeByte(ObjectStreamConstants.TC_REFERENCE);
                        emit.writeInt(BASE_HANDLE + typeHandles[i]);
                    }
                }
                emit.writeByte(ObjectStreamConstants.TC_ENDBLOCKDATA);
                annotationsOut.add(desc.annotations[0]);
            }
            Shared superShared;
            if (desc.superKind == SUPER_NONE) {
                emit.writeByte(ObjectStreamConstants.TC_NULL);
                superShared = null;
            } else if (desc.superKind == SUPER_REFERENCE) {
                emit.writeByte(ObjectStreamConstants.TC_REFERENCE);
                emit.writeInt(BASE_HANDLE + joinedOf.get(desc.superHandle));
                superShared = desc.superDesc.written;
            } else if (desc.superShared != null) {
                emit.writeByte(ObjectStreamConstants.TC_REFERENCE);
                emit.writeInt(BASE_HANDLE + desc.superShared.handle);
                mapShared(desc.superDesc, desc.superShared);
                superShared = desc.superShared;
            } else {
                writeDesc(desc.superDesc);
                superShared = desc.superDesc.written;
            }
            Shared written = new Shared(handle, typeHandles, superShared);
            desc.written = written;
            if (superShared != null || desc.superKind == SUPER_NONE) {
                added.putIfAbsent(keyOf(desc, superShared).compact(), written);
            }
        }

        /** A field's type name: a new string or a back-reference to one. */
        private void typeName(Field field) throws IOException {
            int tc = u1();
            if (tc == ObjectStreamConstants.TC_REFERENCE) {
                field.typeReference = handle(STRING);
            } else if (tc == ObjectStreamConstants.TC_STRING || tc == ObjectStreamConstants.TC_LONGSTRING) {
                field.typeHandle = newHandle(stringElement(tc), true);
                field.typeTo = pos;
            } else {
                throw malformed("field type name missing");
            }
        }

        private void endOfClassAnnotation() throws IOException {
            if (u1() != ObjectStreamConstants.TC_ENDBLOCKDATA) {
                throw malformed("class annotation written inline");
            }
        }

        private void string(int tc) throws IOException {
            int start = pos - 1;
            long length = tc == ObjectStreamConstants.TC_STRING ? u2() : s8();
            skip(length);
            emit.write(in, start, pos - start);
            newHandle(new StringAt(start, pos), false); // where it is, should a type name refer to it
        }

        /** A string element (marker, length, bytes) after its marker, as a field type name is kept. */
        private byte[] stringElement(int tc) throws IOException {
            int start = pos - 1;
            long length = tc == ObjectStreamConstants.TC_STRING ? u2() : s8();
            skip(length);
            return Arrays.copyOfRange(in, start, pos);
        }

        /** A back-reference after its marker, rewritten; {@code kind} is what it must name (-1: anything). */
        private int reference(int kind) throws IOException {
            int handle = handle(kind);
            int target = joinedOf.get(handle);
            if (target < 0) {
                throw malformed("reference to a descriptor not yet written");
            }
            emit.writeByte(ObjectStreamConstants.TC_REFERENCE);
            emit.writeInt(BASE_HANDLE + target);
            return handle;
        }

        private int handle(int kind) throws IOException {
            int handle = s4() - BASE_HANDLE;
            if (handle < 0 || handle >= kinds.size()) {
                throw malformed("reference to handle " + handle + " of " + kinds.size());
            }
            Object what = kinds.get(handle);
            boolean string = what instanceof byte[] || what instanceof StringAt;
            if (kind == STRING && !string || kind == DESC && !(what instanceof Desc)) {
                throw malformed("reference of the wrong kind");
            }
            return handle;
        }

        /** The element (marker, length, bytes) of the string at {@code handle}. */
        private byte[] element(int handle) {
            Object what = kinds.get(handle);
            return what instanceof StringAt at ? Arrays.copyOfRange(in, at.from, at.to) : (byte[]) what;
        }

        private Desc requireDesc(Desc desc) throws IOException {
            if (desc == null) {
                throw malformed("object without a class descriptor");
            }
            return desc;
        }

        /**
         * Numbers a new handle of this stream; an element copied as it is gets its joined handle now, a descriptor
         * and its type names ({@code deferred}) when it is written or matched.
         */
        private int newHandle(Object kind, boolean deferred) {
            kinds.add(kind);
            joinedOf.add(deferred ? -1 : nextHandle++);
            return kinds.size() - 1;
        }

        private int width(int code) {
            return switch (code) {
                case 'B', 'Z' -> 1;
                case 'C', 'S' -> 2;
                case 'I', 'F' -> 4;
                case 'J', 'D' -> 8;
                case 'L', '[' -> 0;
                default -> -1;
            };
        }

        private void copy(long length) throws IOException {
            int start = pos;
            skip(length);
            emit.write(in, start, pos - start);
        }

        private void skip(long length) throws IOException {
            if (length < 0 || length > in.length - pos) {
                throw malformed("length " + length + " beyond the stream");
            }
            pos += (int) length;
        }

        private byte[] utf() throws IOException {
            int start = pos;
            skip(u2());
            return Arrays.copyOfRange(in, start, pos);
        }

        private int peek() throws IOException {
            if (pos >= in.length) {
                throw malformed("stream ends early");
            }
            return in[pos] & 0xFF;
        }

        private int u1() throws IOException {
            int b = peek();
            pos++;
            return b;
        }

        private int u2() throws IOException {
            return (u1() << 8) | u1();
        }

        private int s4() throws IOException {
            return (u2() << 16) | u2();
        }

        private long s8() throws IOException {
            return ((long) s4() << 32) | (s4() & 0xFFFFFFFFL);
        }

        private IOException malformed(String why) {
            return new IOException(why + " at byte " + pos);
        }
    }

    private static final Object NONE = new Object();
    private static final int STRING = 1;
    private static final int DESC = 2;
    private static final int SUPER_NONE = 0;
    private static final int SUPER_REFERENCE = 1;
    private static final int SUPER_NEW = 2;

    /** A class descriptor as the source stream has it: offsets into that stream. */
    private static final class Desc {
        int handle;
        boolean proxy;
        int bodyFrom; // after the marker
        int headerTo; // class: after the field count
        int bodyTo; // after the class annotation's end marker
        int nameLength;
        int flags;
        Field[] fields;
        boolean referencesTypes; // a field type name is a back-reference
        String[] annotations;
        int superKind;
        int superHandle;
        Desc superDesc;
        Shared superShared;
        /** Where it is in the joined stream, once written or matched. */
        Shared written;
    }

    private static final class Field {
        int code;
        int from; // the type code
        int nameTo; // after the name
        int typeTo = -1; // after a new type name's element
        int typeHandle = -1; // the source's handle of a new type name
        int typeReference = -1; // the source's handle a type name refers to
    }

    /** A string of the object's content: where its element is in the source stream. */
    private record StringAt(int from, int to) {
    }

    /** Descriptor identity ({@code keyOf}): a slice of bytes, annotations, the superclass's joined handle. */
    private static final class DescKey {
        private final byte[] bytes;
        private final int from;
        private final int to;
        private final boolean proxy;
        private final String[] annotations;
        private final int superHandle;
        private final int hash;

        DescKey(byte[] bytes, int from, int to, boolean proxy, String[] annotations, int superHandle) {
            this.bytes = bytes;
            this.from = from;
            this.to = to;
            this.proxy = proxy;
            this.annotations = annotations;
            this.superHandle = superHandle;
            int h = 1;
            for (int i = from; i < to; i++) {
                h = 31 * h + bytes[i];
            }
            this.hash = (31 * h + Arrays.hashCode(annotations)) * 31 + superHandle + (proxy ? 1 : 0);
        }

        /** The same key over a copy of its bytes alone, to be kept. */
        DescKey compact() {
            return new DescKey(Arrays.copyOfRange(bytes, from, to), 0, to - from, proxy, annotations, superHandle);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof DescKey k && k.hash == hash && k.proxy == proxy && k.superHandle == superHandle
                    && Arrays.equals(bytes, from, to, k.bytes, k.from, k.to) && Arrays.equals(annotations, k.annotations);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** A growable byte buffer without locks, which can drop what was written after a mark. */
    private static final class Bytes {
        private byte[] buffer;
        private int size;

        Bytes(int capacity) {
            buffer = new byte[capacity];
        }

        int size() {
            return size;
        }

        void truncate(int length) {
            size = length;
        }

        byte[] toByteArray() {
            return Arrays.copyOf(buffer, size);
        }

        void write(byte[] bytes) {
            write(bytes, 0, bytes.length);
        }

        void write(byte[] bytes, int offset, int length) {
            ensure(length);
            System.arraycopy(bytes, offset, buffer, size, length);
            size += length;
        }

        void writeByte(int b) {
            ensure(1);
            buffer[size++] = (byte) b;
        }

        void writeInt(int v) {
            ensure(4);
            buffer[size++] = (byte) (v >>> 24);
            buffer[size++] = (byte) (v >>> 16);
            buffer[size++] = (byte) (v >>> 8);
            buffer[size++] = (byte) v;
        }

        private void ensure(int more) {
            if (size + more > buffer.length) {
                buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
            }
        }
    }
}
