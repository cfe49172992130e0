package org.estuary.discovery.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The unicast response, version 1: the lookup service's proxy, marshalled, and the groups it is a member of. Written
 * on one {@link ObjectOutputStream}:
 *
 * <pre>
 * object   java.rmi.MarshalledObject holding the net.jini.core.lookup.ServiceRegistrar
 * int      m         the number of groups that follow (in the stream's block data)
 * m x      UTF       group the lookup service is a member of
 * </pre>
 *
 * <p>The proxy stays marshalled here: reading a response resolves no class but {@link MarshalledObject} and
 * {@code byte[]}, and whoever wants the proxy unmarshals it with its own class loading and filter.
 */
@ProviderType
public final class UnicastResponse {

    private static final String KIND = "unicast response";

    private final MarshalledObject<?> registrar;
    private final List<String> groups;

    /**
     * Creates a response. Duplicate groups are removed.
     *
     * @param registrar the marshalled proxy of the lookup service
     * @param groups the groups the lookup service is a member of
     * @throws NullPointerException if an argument or a group is null
     */
    public UnicastResponse(MarshalledObject<?> registrar, Collection<String> groups) {
        this.registrar = Objects.requireNonNull(registrar, KIND + ": registrar is null");
        this.groups = Wire.groups(groups, KIND);
    }

    /** @return the marshalled proxy of the lookup service */
    public MarshalledObject<?> registrar() {
        return registrar;
    }

    /** @return the groups the lookup service is a member of, in order */
    public List<String> groups() {
        return groups;
    }

    /**
     * Writes the response and flushes it.
     *
     * @param out the connection's output
     * @throws IOException if the connection fails
     */
    public void write(OutputStream out) throws IOException {
        ObjectOutputStream objects = new ObjectOutputStream(out);
        objects.writeObject(registrar);
        objects.writeInt(groups.size());
        for (String g : groups) {
            objects.writeUTF(g);
        }
        objects.flush();
    }

    /**
     * Reads a response.
     *
     * @param in the connection's input
     * @return the response
     * @throws DiscoveryProtocolException if the stream does not hold a version 1 unicast response
     * @throws IOException if the connection fails
     */
    public static UnicastResponse read(InputStream in) throws IOException {
        try {
            ObjectInputStream objects = new MarshalledObjectInput(in, "unicast discovery response");
            Object registrar = objects.readObject();
            if (!(registrar instanceof MarshalledObject)) {
                throw new DiscoveryProtocolException(KIND + " does not start with a java.rmi.MarshalledObject");
            }
            int n = objects.readInt();
            if (n < 0) {
                throw new DiscoveryProtocolException(KIND + " with a negative group count: " + n);
            }
            List<String> groups = new ArrayList<>(Math.min(n, 1024));
            for (int i = 0; i < n; i++) {
                groups.add(objects.readUTF());
            }
            return new UnicastResponse((MarshalledObject<?>) registrar, groups);
        } catch (ClassNotFoundException | InvalidClassException e) {
            throw new DiscoveryProtocolException(KIND + " holds an object other than a MarshalledObject", e);
        } catch (EOFException e) {
            throw new DiscoveryProtocolException(KIND + " is truncated", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UnicastResponse && ((UnicastResponse) o).registrar.equals(registrar)
                && ((UnicastResponse) o).groups.equals(groups);
    }

    @Override
    public int hashCode() {
        return Objects.hash(registrar, groups);
    }

    @Override
    public String toString() {
        return "UnicastResponse[groups=" + groups + "]";
    }
}
