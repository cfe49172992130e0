package net.jini.core.lease;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.util.Map;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown by {@link LeaseMap#renewAll()} and {@link LeaseMap#cancelAll()} when some leases failed; carries a
 * map from each failed {@link Lease} to the {@link Throwable} describing its failure (LE.2.2).
 */
@ProviderType
public class LeaseMapException extends LeaseException {

    // LE.2.4: the public field below is the single serialized field.
    private static final long serialVersionUID = -4854893779678486122L;

    /**
     * Map from each lease that could not be renewed or cancelled to the exception for that lease (LE.2.2).
     * Raw type kept as published so that existing callers compile unchanged.
     *
     * @serial
     */
    @SuppressWarnings("rawtypes")
    public Map exceptionMap;

    /**
     * Creates an exception holding the given failures. The map is held, not copied.
     *
     * @param s the detail message
     * @param exceptionMap map from failed {@link Lease} to {@link Throwable}
     * @throws NullPointerException if {@code exceptionMap} is null
     * @throws IllegalArgumentException if a key is not a {@code Lease} or a value is not a {@code Throwable}
     */
    public LeaseMapException(String s, Map<?, ?> exceptionMap) {
        super(s);
        check(exceptionMap);
        this.exceptionMap = exceptionMap;
    }

    // LE.2.2: the map pairs Lease keys with exception values; a null key or value fails the type test.
    private static void check(Map<?, ?> map) {
        if (map == null) {
            throw new NullPointerException("exceptionMap is null");
        }
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!(e.getKey() instanceof Lease)) {
                throw new IllegalArgumentException("key is not a Lease: " + e.getKey());
            }
            if (!(e.getValue() instanceof Throwable)) {
                throw new IllegalArgumentException("value is not a Throwable: " + e.getValue());
            }
        }
    }

    /**
     * Applies the constructor checks to a deserialized instance.
     *
     * @param in the stream
     * @throws InvalidObjectException if the map is null or holds an illegal key or value
     * @throws IOException on a stream failure
     * @throws ClassNotFoundException if a class in the map cannot be loaded
     */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        try {
            check(exceptionMap);
        } catch (NullPointerException | IllegalArgumentException e) {
            InvalidObjectException ioe = new InvalidObjectException(e.getMessage());
            ioe.initCause(e);
            throw ioe;
        }
    }

    /**
     * Rejects a stream that carries no data for this class, since the map is required.
     *
     * @throws InvalidObjectException always
     */
    private void readObjectNoData() throws InvalidObjectException {
        throw new InvalidObjectException("no data for LeaseMapException");
    }
}
