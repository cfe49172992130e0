package org.estuary.io;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.MarshalledObject;
import java.util.Arrays;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An object kept in serialized form: for what a service holds for its clients without understanding it (a
 * client's lease, a handback, a listener, a registrar proxy). Nothing is loaded until {@link #get()}: a service can
 * store, copy and compare the object without its classes, and a class that cannot be found fails only the caller
 * who needs the object.
 *
 * <p>Like {@code java.rmi.MarshalledObject}, the class annotations (bundle ids) are kept apart from the object's
 * bytes and equality compares the bytes alone, so the same object written by two versions of a bundle is equal.
 * It is itself serializable (two byte arrays), so a store can persist it.
 *
 * @param <T> the type of the object held
 */
@ProviderType
public final class Marshalled<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the object's serialization stream, without class annotations */
    private final byte[] objectBytes;

    /** @serial the class annotations in stream order, or null when no class had one */
    private final byte[] annotationBytes;

    /**
     * Who reads the object on {@link #get()}: the marshaller that wrote it, the one of the stream that read it, or
     * the one of the {@link ReadScope} it arrived in; null when it arrived outside any Estuary context.
     */
    private transient volatile Marshaller marshaller;
    /** Outside any Estuary context: the filter of the stream it arrived in, which {@link #get()} reads with. */
    private transient ObjectInputFilter arrivedWith;

    private transient int hash;

    Marshalled(byte[] objectBytes, byte[] annotationBytes, Marshaller marshaller) {
        this.objectBytes = objectBytes;
        this.annotationBytes = annotationBytes;
        this.marshaller = marshaller;
    }

    /**
     * Reads the object: through the {@link Marshaller} that created this holder, the one of the
     * {@link MarshalInputStream} that read it, or the one of the {@link ReadScope} it arrived in (an Estuary client
     * reads a service's reply or event with its own filter and classes). Arrived outside any Estuary context (a
     * listener exported with plain RMI), it reads as {@code java.rmi.MarshalledObject.get()} does: checked by the
     * filter of the stream it arrived in (or the JVM-wide filter), classes through the calling thread's context
     * class loader. Each call returns a new copy, loaded through the bundles installed now.
     *
     * @return the object, or null if null was marshalled
     * @throws SerialFilterException if the filter refuses a class or a limit is exceeded
     * @throws ClassNotFoundException if a class cannot be found
     * @throws IOException if the bytes cannot be read
     */
    @SuppressWarnings("unchecked") // as MarshalledObject.get(): the holder's type parameter is the writer's word
    public T get() throws IOException, ClassNotFoundException {
        Marshaller reader = marshaller;
        if (reader != null) {
            return reader.unmarshal(this);
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (MarshalInputStream in = new MarshalInputStream(new ByteArrayInputStream(objectBytes),
                loader != null ? loader : ClassLoader.getSystemClassLoader(), annotations(), arrivedWith)) {
            return (T) in.readObject();
        }
    }

    /** The annotations' side channel, for a stream that reads the object. */
    AnnotationReader annotations() {
        return annotationBytes == null ? AnnotationReader.NONE
                : new AnnotationReader(new DataInputStream(new ByteArrayInputStream(annotationBytes)));
    }

    /** The number of bytes held (object and annotations), for quotas. */
    public int size() {
        return objectBytes.length + (annotationBytes == null ? 0 : annotationBytes.length);
    }

    /**
     * This object as a {@code java.rmi.MarshalledObject} holding the same serialized bytes, for APIs that speak the
     * JDK's type (LR.2: {@code LeaseUnmarshalException.getMarshalledLeases}). The JDK's layout keeps codebase URLs
     * where this one keeps bundle ids, so the result carries no annotations: its {@code get()} loads classes as
     * {@code MarshalledObject} does without a codebase (the caller's context class loader). Equal holders give
     * equal results.
     *
     * @return a {@code MarshalledObject} whose {@code get()} reads the object held here
     * @throws IOException if the JDK refuses the form (not expected)
     */
    public MarshalledObject<T> toMarshalledObject() throws IOException {
        return JdkForm.of(objectBytes);
    }

    /**
     * Writes the held bytes without Java serialization's framing (about 120 bytes less than serializing this
     * holder): for a record format of the caller's own, such as a store record. {@link #readFrom} reads it back.
     *
     * @param out where to write: the object bytes' length and bytes, then the annotations' length (-1 for none)
     *        and bytes
     * @throws IOException if {@code out} fails
     */
    public void writeTo(DataOutput out) throws IOException {
        out.writeInt(objectBytes.length);
        out.write(objectBytes);
        if (annotationBytes == null) {
            out.writeInt(-1);
        } else {
            out.writeInt(annotationBytes.length);
            out.write(annotationBytes);
        }
    }

    /**
     * Reads what {@link #writeTo} wrote. Nothing is unmarshalled; {@link #get()} will read through
     * {@code marshaller}.
     *
     * @param in the stream, positioned where {@link #writeTo} began; a length beyond what it has left is refused
     *        before anything is allocated
     * @param marshaller who reads the object on {@link #get()}
     * @return the holder, equal to the one written
     * @throws IOException if the bytes are not what {@link #writeTo} wrote
     * @throws NullPointerException if an argument is null
     */
    public static <T> Marshalled<T> readFrom(DataInputStream in, Marshaller marshaller) throws IOException {
        java.util.Objects.requireNonNull(marshaller, "marshaller");
        byte[] object = readBytes(in, false);
        byte[] annotations = readBytes(in, true);
        return new Marshalled<>(object, annotations, marshaller);
    }

    private static byte[] readBytes(DataInputStream in, boolean optional) throws IOException {
        int length = in.readInt();
        if (optional && length == -1) {
            return null;
        }
        if (length < 0 || length > in.available()) {
            throw new InvalidObjectException("corrupt Marshalled: field of " + length + " bytes");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }

    byte[] objectBytes() {
        return objectBytes;
    }

    byte[] annotationBytes() {
        return annotationBytes;
    }

    /** Equal when the object bytes are equal; the annotations (bundle versions) do not count. */
    @Override
    public boolean equals(Object other) {
        return other == this
                || other instanceof Marshalled<?> that && Arrays.equals(objectBytes, that.objectBytes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(objectBytes);
            hash = h;
        }
        return h;
    }

    @Override
    public String toString() {
        return "Marshalled[" + size() + " bytes]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (objectBytes == null) {
            throw new InvalidObjectException("Marshalled without object bytes");
        }
        marshaller = readerFor(in);
        if (marshaller == null) {
            arrivedWith = in.getObjectInputFilter();
        }
    }

    /**
     * Who reads the objects of a holder that {@code in} is reading: the marshaller of the {@link MarshalInputStream}
     * (the bundles and filter it came through), or of the {@link ReadScope} it arrived in (the reader's own filter
     * and classes, not the sender's); null outside any Estuary context.
     */
    static Marshaller readerFor(ObjectInputStream in) {
        if (in instanceof MarshalInputStream stream && stream.marshaller() != null) {
            return stream.marshaller();
        }
        ReadScope scope = ReadScope.of(in);
        return scope == null ? null : scope.marshaller();
    }

    /** The marshaller that reads this holder, or null outside any Estuary context. */
    Marshaller reader() {
        return marshaller;
    }

    /** Outside any Estuary context, the filter of the stream this holder arrived in. */
    ObjectInputFilter arrivedWith() {
        return arrivedWith;
    }
}
