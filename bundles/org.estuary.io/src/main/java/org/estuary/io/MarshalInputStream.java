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

    private final StreamMarshaller marshaller;
    private final SerialFilter filter;
    private final AnnotationReader annotations;

    /**
     * @param marshaller the marshaller whose resolution and filter this stream uses, handed on to the
     *     {@link Marshalled} objects it reads
     * @param annotations the annotations' side channel (for {@link Marshalled}), or null to read them inline
     */
    MarshalInputStream(InputStream in, StreamMarshaller marshaller, AnnotationReader annotations)
            throws IOException {
        super(new BoundedInputStream(in, marshaller.filter().maxBytes()));
        this.marshaller = marshaller;
        this.filter = marshaller.filter();
        this.annotations = annotations != null ? annotations : new AnnotationReader((DataInput) this);
        setObjectInputFilter(new StreamFilter(filter, ObjectInputFilter.Config.getSerialFilter()));
    }

    /** The filter guarding this stream. */
    public SerialFilter filter() {
        return filter;
    }

    StreamMarshaller marshaller() {
        return marshaller;
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass descriptor) throws IOException, ClassNotFoundException {
        String name = descriptor.getName();
        filter.checkClassName(name); // before loading: a refused class never reaches a class loader
        return marshaller.classes().resolve(name, annotations.read(), filter);
    }

    @Override
    protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
        for (String name : interfaces) {
            filter.checkClassName(name);
        }
        String[] origins = new String[interfaces.length];
        for (int i = 0; i < interfaces.length; i++) {
            origins[i] = annotations.read();
        }
        return marshaller.classes().resolveProxy(interfaces, origins, filter);
    }
}
