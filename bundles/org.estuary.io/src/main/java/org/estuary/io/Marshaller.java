package org.estuary.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Writes objects with their classes annotated by bundle and reads them back through those bundles, behind a
 * {@link SerialFilter}. In OSGi, get it from the service registry (each bundle gets its own, whose fallback class
 * loader is that bundle's); in plain Java, build one with {@link Marshallers#builder()}. Thread-safe; streams are
 * not.
 *
 * <p>Every read is filtered: use this for everything a service reads, above all what it did not write itself
 * (client leases, listeners, handbacks, events, anything that came over the wire).
 */
@ProviderType
public interface Marshaller {

    /**
     * Opens a stream that writes objects with their classes annotated (writes the stream header at once).
     *
     * @throws NullPointerException if {@code out} is null
     * @throws IOException if writing the header fails
     */
    MarshalOutputStream newOutputStream(OutputStream out) throws IOException;

    /**
     * Opens a stream that reads what {@link #newOutputStream} wrote, guarded by {@link #filter()} (reads the
     * stream header at once).
     *
     * @throws NullPointerException if {@code in} is null
     * @throws IOException if the header cannot be read or is not an object stream's
     */
    MarshalInputStream newInputStream(InputStream in) throws IOException;

    /**
     * As {@link #newInputStream(InputStream)} with another filter, for input that needs a wider or narrower one
     * than the configured filter.
     *
     * @throws NullPointerException if an argument is null
     * @throws IOException if the header cannot be read or is not an object stream's
     */
    MarshalInputStream newInputStream(InputStream in, SerialFilter filter) throws IOException;

    /**
     * Serializes one object with its classes annotated.
     *
     * @param object the object, may be null
     * @return the bytes, readable by {@link #unmarshal(byte[], Class)}
     * @throws java.io.NotSerializableException if part of the object graph is not serializable
     * @throws IOException if writing fails otherwise
     */
    byte[] marshal(Object object) throws IOException;

    /**
     * Reads one object that {@link #marshal(Object)} wrote, through the filter.
     *
     * @param bytes the serialized object
     * @param type the type the caller expects ({@code Object.class} for any)
     * @return the object, or null if null was written
     * @throws SerialFilterException if the filter refuses a class or a limit is exceeded
     * @throws java.io.InvalidObjectException if the object is not a {@code type}
     * @throws ClassNotFoundException if a class is found neither through its bundle nor the fallback loader
     * @throws IOException if the bytes are not a stream {@link #marshal(Object)} wrote
     * @throws NullPointerException if an argument is null
     */
    <T> T unmarshal(byte[] bytes, Class<T> type) throws IOException, ClassNotFoundException;

    /**
     * Wraps an object for keeping without understanding it: serialized now, read only when someone asks.
     *
     * @param object the object, may be null
     * @throws IOException if the object cannot be serialized
     */
    <T> Marshalled<T> marshalled(T object) throws IOException;

    /**
     * Reads the object a {@link Marshalled} holds through this marshaller's bundles, fallback loader and filter.
     * Each call returns a new copy.
     *
     * @throws SerialFilterException if the filter refuses a class or a limit is exceeded
     * @throws ClassNotFoundException if a class cannot be found
     * @throws IOException if the bytes cannot be read
     * @throws NullPointerException if {@code marshalled} is null
     */
    <T> T unmarshal(Marshalled<T> marshalled) throws IOException, ClassNotFoundException;

    /** The filter every stream this marshaller opens is guarded by, unless another is given. */
    SerialFilter filter();

    /**
     * How this marshaller finds a class without a bundle annotation, as a {@code ClassLoader}, for APIs that take
     * one (an RMI export's context class loader): the fallback loader, the platform loader, and in a container the
     * packages that installed bundles export now. A class {@link #filter()} refuses is refused before anything
     * loads it, with the filter's message; a class no bundle exports fails with a message naming the package to
     * install. The JVM keeps what a loader returned for a name, so an updated bundle's new classes are seen by
     * the next marshaller (a configuration change makes one).
     *
     * @since 1.3
     */
    ClassLoader classLoader();

    /**
     * As {@link #classLoader()}, looking in {@code first} before the fallback loader (for an RMI export: the
     * exported object's own loader, so it gets the classes it imports); a new loader each call.
     *
     * @throws NullPointerException if {@code first} is null
     * @since 1.3
     */
    ClassLoader classLoader(ClassLoader first);
}
