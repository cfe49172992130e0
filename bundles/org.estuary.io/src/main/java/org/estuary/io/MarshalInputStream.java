package org.estuary.io;

import java.io.DataInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An object stream that reads what a {@link MarshalOutputStream} wrote: each class is checked by name against the
 * {@link SerialFilter} before anything loads it, then loaded through its annotated bundle (or the newest installed
 * version of it, or the fallback class loader). The filter's limits guard the whole stream. Get one from
 * {@link Marshaller}.
 *
 * <p>A class refused by name fails {@code readObject} with a {@link SerialFilterException}. A limit exceeded fails
 * it with the JDK's {@code InvalidClassException("filter status: REJECTED")} whose cause chain holds the
 * {@link SerialFilterException}; {@link Marshaller#unmarshal} rethrows that one directly.
 */
@ProviderType
public final class MarshalInputStream extends ObjectInputStream {

    private final StreamMarshaller marshaller; // null for a Marshalled read outside Estuary
    private final ClassResolver classes;
    private final SerialFilter filter; // null for a Marshalled read outside Estuary
    private final AnnotationReader annotations;
    private final BoundedInputStream bounded; // null for a Marshalled read outside Estuary
    private final StreamFilter streamFilter; // null for a Marshalled read outside Estuary

    /**
     * @param marshaller the marshaller whose resolution and filter this stream uses, handed on to the
     *     {@link Marshalled} objects it reads
     * @param annotations the annotations' side channel (for {@link Marshalled}), or null to read them inline
     */
    MarshalInputStream(InputStream in, StreamMarshaller marshaller, AnnotationReader annotations)
            throws IOException {
        this(new BoundedInputStream(in, marshaller.filter().maxBytes()), marshaller, annotations);
    }

    private MarshalInputStream(BoundedInputStream in, StreamMarshaller marshaller, AnnotationReader annotations)
            throws IOException {
        super(in);
        this.marshaller = marshaller;
        this.classes = marshaller.classes();
        this.filter = marshaller.filter();
        this.annotations = annotations != null ? annotations : new AnnotationReader((DataInput) this);
        this.bounded = in;
        this.streamFilter = new StreamFilter(filter, ObjectInputFilter.Config.getSerialFilter());
        setObjectInputFilter(streamFilter);
    }

    /**
     * For a {@link Marshalled} that arrived outside any Estuary context, read as {@code MarshalledObject.get()}
     * reads: classes through {@code loader}, checked by {@code foreign} (the filter of the stream it arrived in) or,
     * if null, by whatever the JVM gives a new stream.
     */
    MarshalInputStream(InputStream in, ClassLoader loader, AnnotationReader annotations, ObjectInputFilter foreign)
            throws IOException {
        super(in);
        this.marshaller = null;
        this.classes = new ClassResolver(null, loader);
        this.filter = null;
        this.annotations = annotations;
        this.bounded = null;
        this.streamFilter = null;
        if (foreign != null) {
            setObjectInputFilter(foreign);
        }
    }

    /**
     * The next object read begins at {@code offset} of a stream of several ({@link MarshalledBatch}) and is held to
     * the filter's limits alone, as its own stream would be.
     */
    void startObject(long offset) {
        if (streamFilter != null) {
            streamFilter.startObject(offset);
            bounded.startObject(offset);
        }
    }

    /** The filter guarding this stream (null only for a stream reading as {@code MarshalledObject.get()} does). */
    public SerialFilter filter() {
        return filter;
    }

    /** The marshaller whose streams this is; null for one reading as {@code MarshalledObject.get()} does. */
    StreamMarshaller marshaller() {
        return marshaller;
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass descriptor) throws IOException, ClassNotFoundException {
        String name = descriptor.getName();
        if (filter != null) {
            filter.checkClassName(name); // before loading: a refused class never reaches a class loader
        }
        return classes.resolve(name, annotations.read(), filter);
    }

    @Override
    protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
        for (String name : interfaces) {
            if (filter != null) {
                filter.checkClassName(name);
            }
        }
        String[] origins = new String[interfaces.length];
        for (int i = 0; i < interfaces.length; i++) {
            origins[i] = annotations.read();
        }
        return classes.resolveProxy(interfaces, origins, filter);
    }
}
