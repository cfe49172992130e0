package org.estuary.io;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.OutputStream;
import java.util.Objects;

/** The one implementation of {@link Marshaller}: immutable, thread-safe. */
final class StreamMarshaller implements Marshaller {

    /** Writers kept for reuse: at most this many per kind, enough for the callers that marshal at once. */
    private static final int POOLED_WRITERS = 16;

    private final ClassResolver classes;
    private final SerialFilter filter;
    private final ReusableWriter.Pool inlineWriters;
    private final ReusableWriter.Pool sideChannelWriters;
    private final ClassLoader classLoader;

    StreamMarshaller(ClassResolver classes, SerialFilter filter) {
        this(classes, filter, new ReusableWriter.Pool(classes, false, POOLED_WRITERS),
                new ReusableWriter.Pool(classes, true, POOLED_WRITERS));
    }

    private StreamMarshaller(ClassResolver classes, SerialFilter filter, ReusableWriter.Pool inlineWriters,
            ReusableWriter.Pool sideChannelWriters) {
        this.classes = classes;
        this.filter = filter;
        this.inlineWriters = inlineWriters; // writing does not depend on the filter: shared by withFilter copies
        this.sideChannelWriters = sideChannelWriters;
        this.classLoader = new ResolvingClassLoader(null, classes, filter);
    }

    ClassResolver classes() {
        return classes;
    }

    @Override
    public SerialFilter filter() {
        return filter;
    }

    @Override
    public ClassLoader classLoader() {
        return classLoader;
    }

    @Override
    public ClassLoader classLoader(ClassLoader first) {
        return new ResolvingClassLoader(Objects.requireNonNull(first, "first"), classes, filter);
    }

    @Override
    public MarshalOutputStream newOutputStream(OutputStream out) throws IOException {
        return new MarshalOutputStream(Objects.requireNonNull(out, "out"), classes, null);
    }

    @Override
    public MarshalInputStream newInputStream(InputStream in) throws IOException {
        return new MarshalInputStream(Objects.requireNonNull(in, "in"), this, null);
    }

    @Override
    public MarshalInputStream newInputStream(InputStream in, SerialFilter other) throws IOException {
        Objects.requireNonNull(in, "in");
        return new MarshalInputStream(in, withFilter(Objects.requireNonNull(other, "filter")), null);
    }

    @Override
    public byte[] marshal(Object object) throws IOException {
        return inlineWriters.write(object)[0];
    }

    @Override
    public <T> T unmarshal(byte[] bytes, Class<T> type) throws IOException, ClassNotFoundException {
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(type, "type");
        try (MarshalInputStream in = newInputStream(new ByteArrayInputStream(bytes))) {
            return cast(in.readObject(), type);
        } catch (InvalidClassException e) {
            throw SerialFilterException.unwrap(e);
        }
    }

    @Override
    public <T> Marshalled<T> marshalled(T object) throws IOException {
        byte[][] written = sideChannelWriters.write(object);
        return new Marshalled<>(written[0], written[1], this);
    }

    @Override
    @SuppressWarnings("unchecked") // as MarshalledObject.get(): the holder's type parameter is the writer's word
    public <T> T unmarshal(Marshalled<T> marshalled) throws IOException, ClassNotFoundException {
        Objects.requireNonNull(marshalled, "marshalled");
        try (MarshalInputStream in = new MarshalInputStream(new ByteArrayInputStream(marshalled.objectBytes()),
                this, marshalled.annotations())) {
            return (T) in.readObject();
        } catch (InvalidClassException e) {
            throw SerialFilterException.unwrap(e);
        }
    }

    StreamMarshaller withFilter(SerialFilter other) {
        return other == filter ? this : new StreamMarshaller(classes, other, inlineWriters, sideChannelWriters);
    }

    private static <T> T cast(Object object, Class<T> type) throws InvalidObjectException {
        if (object != null && !type.isInstance(object)) {
            throw new InvalidObjectException(
                    "expected a " + type.getName() + " but the stream holds a " + object.getClass().getName());
        }
        return type.cast(object);
    }

    @Override
    public String toString() {
        return "Marshaller[bundles=" + (classes.bundles() != null) + ", fallback=" + classes.fallback()
                + ", filter=" + filter + "]";
    }
}
