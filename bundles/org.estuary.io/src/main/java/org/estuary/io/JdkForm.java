package org.estuary.io;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.rmi.MarshalledObject;

/**
 * Builds a {@code java.rmi.MarshalledObject} around serialized bytes without deserializing them
 * ({@link Marshalled#toMarshalledObject}). The JDK offers no constructor from bytes, so this writes the serial form
 * of a {@code MarshalledObject} (its documented fields {@code hash}, {@code locBytes}, {@code objBytes}) from a
 * stand-in with the same fields and reads it back as the real class.
 */
final class JdkForm implements Serializable {

    /** {@code MarshalledObject}'s own: the stand-in's form must be the real class's. */
    private static final long serialVersionUID = 8988374069173025854L;

    private static final ObjectStreamClass REAL = ObjectStreamClass.lookup(MarshalledObject.class);

    // Written by defaultWriteObject in the order the real class's descriptor lists them (primitives, then by name).
    private final int hash;
    private final byte[] locBytes;
    private final byte[] objBytes;

    private JdkForm(byte[] objBytes) {
        int h = 0;
        for (byte b : objBytes) {
            h = 31 * h + b; // MarshalledObject's hash of its bytes, so equals and hashCode agree with the JDK's
        }
        this.hash = h;
        this.locBytes = null; // no codebase annotations
        this.objBytes = objBytes;
    }

    static <T> MarshalledObject<T> of(byte[] objectBytes) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(objectBytes.length + 128);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes) {
            @Override
            protected void writeClassDescriptor(ObjectStreamClass desc) throws IOException {
                super.writeClassDescriptor(desc.forClass() == JdkForm.class ? REAL : desc);
            }
        }) {
            out.writeObject(new JdkForm(objectBytes.clone()));
        }
        // No filter on this stream: it holds what was just written here (a MarshalledObject and two byte arrays),
        // and a MarshalledObject keeps its stream's filter for its own get(), where the caller's filter belongs.
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            @SuppressWarnings("unchecked")
            MarshalledObject<T> result = (MarshalledObject<T>) in.readObject();
            return result;
        } catch (ClassNotFoundException e) {
            throw new InvalidObjectException("java.rmi.MarshalledObject not readable: " + e);
        }
    }
}
