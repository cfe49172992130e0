package org.estuary.remote.internal.mux;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.server.RemoteObject;
import java.rmi.server.RemoteStub;

/**
 * The serialization streams of the multiplexed transport: arguments and results written value by value as Java RMI
 * writes them (primitives as data, everything else as objects), an exported RMI object replaced by its stub, and
 * classes resolved through the loader the reading side names (an export's, a caller's context loader). No class
 * annotations travel: what a class resolves to is the reader's decision alone.
 */
final class Streams {

    private Streams() {
    }

    /** A growable buffer whose first {@code reserved} bytes are left for a frame's header. */
    static final class Buffer extends ByteArrayOutputStream {
        Buffer(int reserved) {
            super(Math.max(256, reserved + 64));
            count = reserved;
        }

        byte[] bytes() {
            return buf;
        }

        int length() {
            return count;
        }
    }

    static ObjectOutputStream output(OutputStream out) throws IOException {
        return new Output(out);
    }

    static ObjectInputStream input(byte[] bytes, int offset, ClassLoader loader) throws IOException {
        return new Input(new ByteArrayInputStream(bytes, offset, bytes.length - offset), loader);
    }

    /** Writes {@code value} as a value of {@code type}: primitives as data, anything else as an object. */
    static void writeValue(ObjectOutput out, Class<?> type, Object value) throws IOException {
        if (!type.isPrimitive()) {
            out.writeObject(value);
        } else if (type == long.class) {
            out.writeLong((Long) value);
        } else if (type == int.class) {
            out.writeInt((Integer) value);
        } else if (type == boolean.class) {
            out.writeBoolean((Boolean) value);
        } else if (type == byte.class) {
            out.writeByte((Byte) value);
        } else if (type == char.class) {
            out.writeChar((Character) value);
        } else if (type == short.class) {
            out.writeShort((Short) value);
        } else if (type == float.class) {
            out.writeFloat((Float) value);
        } else if (type == double.class) {
            out.writeDouble((Double) value);
        } else {
            throw new IllegalArgumentException("no value of type " + type);
        }
    }

    /** Reads a value of {@code type} as {@link #writeValue} wrote it. */
    static Object readValue(ObjectInput in, Class<?> type) throws IOException, ClassNotFoundException {
        if (!type.isPrimitive()) {
            return in.readObject();
        } else if (type == long.class) {
            return in.readLong();
        } else if (type == int.class) {
            return in.readInt();
        } else if (type == boolean.class) {
            return in.readBoolean();
        } else if (type == byte.class) {
            return in.readByte();
        } else if (type == char.class) {
            return in.readChar();
        } else if (type == short.class) {
            return in.readShort();
        } else if (type == float.class) {
            return in.readFloat();
        } else if (type == double.class) {
            return in.readDouble();
        }
        throw new IllegalArgumentException("no value of type " + type);
    }

    private static final class Output extends ObjectOutputStream {
        Output(OutputStream out) throws IOException {
            super(out);
            enableReplaceObject(true);
        }

        /** An object exported over Java RMI travels as its stub, as RMI sends it. */
        @Override
        protected Object replaceObject(Object object) {
            if (object instanceof Remote && !(object instanceof RemoteStub)
                    && !Proxy.isProxyClass(object.getClass())) {
                try {
                    return RemoteObject.toStub((Remote) object);
                } catch (NoSuchObjectException notExported) {
                    return object;
                }
            }
            return object;
        }
    }

    private static final class Input extends ObjectInputStream {
        private static final java.util.Map<String, Class<?>> PRIMITIVES = java.util.Map.of("boolean", boolean.class,
                "byte", byte.class, "char", char.class, "short", short.class, "int", int.class, "long", long.class,
                "float", float.class, "double", double.class, "void", void.class);

        private final ClassLoader loader;

        Input(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        /** Through the reader's loader alone (what it cannot load, the caller does not get); primitives as such. */
        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (loader == null) {
                return super.resolveClass(desc);
            }
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                Class<?> primitive = PRIMITIVES.get(desc.getName());
                if (primitive != null) {
                    return primitive;
                }
                throw e;
            }
        }

        /**
         * Through the reader's loader; a proxy class with a non-public interface is defined in that interface's
         * loader, as Java serialization and RMI define it.
         */
        @Override
        @SuppressWarnings("deprecation") // Proxy.getProxyClass: the class itself, which this method must return
        protected Class<?> resolveProxyClass(String[] names) throws IOException, ClassNotFoundException {
            if (loader == null) {
                return super.resolveProxyClass(names);
            }
            Class<?>[] interfaces = new Class<?>[names.length];
            ClassLoader definer = loader;
            for (int i = 0; i < names.length; i++) {
                interfaces[i] = Class.forName(names[i], false, loader);
                if (!java.lang.reflect.Modifier.isPublic(interfaces[i].getModifiers())) {
                    definer = interfaces[i].getClassLoader();
                }
            }
            try {
                return Proxy.getProxyClass(definer, interfaces);
            } catch (IllegalArgumentException e) {
                throw new ClassNotFoundException("no proxy class for " + String.join(", ", names), e);
            }
        }
    }
}
