package net.jini.discovery;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.rmi.MarshalledObject;

import net.jini.core.lookup.ServiceRegistrar;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Reports that some marshalled lookup service proxies could not be unmarshalled (LD.4.3): it carries the proxies
 * that were unmarshalled, the marshalled proxies that were not, and the failure for each of those, paired by index.
 * The accessors return the arrays given to the constructor, not copies (LD.4.3.1).
 */
@ProviderType
public class LookupUnmarshalException extends Exception {

    // LD.4.3.2: serialVersionUID and serialized fields registrars, marshalledRegistrars, exceptions.
    private static final long serialVersionUID = 2956893184719950537L;

    /**
     * The proxies that were unmarshalled.
     *
     * @serial
     */
    private ServiceRegistrar[] registrars;

    /**
     * The marshalled proxies that could not be unmarshalled.
     *
     * @serial
     */
    private MarshalledObject<?>[] marshalledRegistrars;

    /**
     * The failure for each element of {@link #marshalledRegistrars}, at the same index.
     *
     * @serial
     */
    private Throwable[] exceptions;

    /**
     * Creates the exception without a detail message (LD.4.3.1).
     *
     * @param registrars the proxies that were unmarshalled
     * @param marshalledRegistrars the marshalled proxies that could not be
     * @param exceptions the failure for each element of {@code marshalledRegistrars}
     * @throws IllegalArgumentException if {@code exceptions} and {@code marshalledRegistrars} differ in length
     * @throws NullPointerException if {@code marshalledRegistrars} or {@code exceptions} is null
     */
    public LookupUnmarshalException(ServiceRegistrar[] registrars, MarshalledObject<?>[] marshalledRegistrars,
            Throwable[] exceptions) {
        this(registrars, marshalledRegistrars, exceptions, null);
    }

    /**
     * Creates the exception with a detail message (LD.4.3.1).
     *
     * @param registrars the proxies that were unmarshalled
     * @param marshalledRegistrars the marshalled proxies that could not be
     * @param exceptions the failure for each element of {@code marshalledRegistrars}
     * @param message the detail message
     * @throws IllegalArgumentException if {@code exceptions} and {@code marshalledRegistrars} differ in length
     * @throws NullPointerException if {@code marshalledRegistrars} or {@code exceptions} is null
     */
    public LookupUnmarshalException(ServiceRegistrar[] registrars, MarshalledObject<?>[] marshalledRegistrars,
            Throwable[] exceptions, String message) {
        super(message);
        check(marshalledRegistrars, exceptions);
        this.registrars = registrars;
        this.marshalledRegistrars = marshalledRegistrars;
        this.exceptions = exceptions;
    }

    // LD.4.3.1: one exception per marshalled registrar; the lengths can only be compared when both arrays exist.
    private static void check(MarshalledObject<?>[] marshalledRegistrars, Throwable[] exceptions) {
        if (marshalledRegistrars == null) {
            throw new NullPointerException("marshalledRegistrars is null");
        }
        if (exceptions == null) {
            throw new NullPointerException("exceptions is null");
        }
        if (marshalledRegistrars.length != exceptions.length) {
            throw new IllegalArgumentException("exceptions has " + exceptions.length
                    + " elements but marshalledRegistrars has " + marshalledRegistrars.length);
        }
    }

    /**
     * Returns the proxies that were unmarshalled; the same array on each call (LD.4.3.1).
     *
     * @return the unmarshalled proxies
     */
    public ServiceRegistrar[] getRegistrars() {
        return registrars;
    }

    /**
     * Returns the marshalled proxies that could not be unmarshalled; the same array on each call (LD.4.3.1).
     *
     * @return the marshalled proxies
     */
    public MarshalledObject<?>[] getMarshalledRegistrars() {
        return marshalledRegistrars;
    }

    /**
     * Returns the failures, paired by index with {@link #getMarshalledRegistrars()}; the same array on each call
     * (LD.4.3.1).
     *
     * @return the failures
     */
    public Throwable[] getExceptions() {
        return exceptions;
    }

    /**
     * Reads the serial fields and refuses a state the constructors do not allow.
     *
     * @param in the stream
     * @throws IOException on a stream failure or an invalid state
     * @throws ClassNotFoundException if a class of a field cannot be loaded
     */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        try {
            check(marshalledRegistrars, exceptions);
        } catch (RuntimeException e) {
            InvalidObjectException ioe = new InvalidObjectException(e.getMessage());
            ioe.initCause(e);
            throw ioe;
        }
    }
}
