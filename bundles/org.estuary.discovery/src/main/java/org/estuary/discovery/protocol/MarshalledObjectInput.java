package org.estuary.discovery.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.rmi.MarshalledObject;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An object stream that resolves only the classes a {@link MarshalledObject} is made of ({@code MarshalledObject}
 * and {@code byte[]}), so reading one deserializes nothing else: what it holds stays marshalled until its user
 * unmarshals it with its own classes and filter. Unicast responses and the lookup discovery service's records are
 * read with it.
 */
@ProviderType
public final class MarshalledObjectInput extends ObjectInputStream {

    private final String what;

    /**
     * @param in the bytes
     * @param what what is being read, named in the refusals
     * @throws IOException if the stream header cannot be read
     */
    public MarshalledObjectInput(InputStream in, String what) throws IOException {
        super(in);
        this.what = what;
    }

    /**
     * Reads one {@link MarshalledObject}, or null if null was written.
     *
     * @return it
     * @throws InvalidClassException if the stream holds anything else
     * @throws IOException if the bytes cannot be read
     */
    public MarshalledObject<?> readMarshalledObject() throws IOException {
        try {
            Object o = readObject();
            if (o != null && !(o instanceof MarshalledObject)) {
                throw new InvalidClassException(o.getClass().getName(), "not allowed in a " + what);
            }
            return (MarshalledObject<?>) o;
        } catch (ClassNotFoundException e) {
            throw new InvalidClassException(e.getMessage(), "not allowed in a " + what);
        }
    }

    @Override
    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
        if (desc.getName().equals(MarshalledObject.class.getName())) {
            return MarshalledObject.class;
        }
        if (desc.getName().equals(byte[].class.getName())) {
            return byte[].class;
        }
        throw new InvalidClassException(desc.getName(), "not allowed in a " + what);
    }

    @Override
    protected Class<?> resolveProxyClass(String[] interfaces) throws IOException {
        throw new InvalidClassException("dynamic proxy not allowed in a " + what);
    }
}
