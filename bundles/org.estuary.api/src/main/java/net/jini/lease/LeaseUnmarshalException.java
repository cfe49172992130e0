package net.jini.lease;

import java.rmi.MarshalledObject;

import net.jini.core.lease.Lease;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown by {@link LeaseRenewalSet#getLeases()} when some client leases could not be unmarshalled (LR.2). It
 * carries the leases that could be unmarshalled, the others still in marshalled form, and for each of those
 * the reason. It says nothing about the state of the service or the set.
 */
@ProviderType
public class LeaseUnmarshalException extends Exception {

    // LR.2.2: serialized fields unmarshalledLeases, stillMarshalledLeases, exceptions.
    private static final long serialVersionUID = -6736107321698417489L;

    /**
     * The leases that were unmarshalled.
     *
     * @serial
     */
    private final Lease[] unmarshalledLeases;

    /**
     * The leases that could not be unmarshalled.
     *
     * @serial
     */
    private final MarshalledObject<?>[] stillMarshalledLeases;

    /**
     * For each element of {@code stillMarshalledLeases}, why it could not be unmarshalled.
     *
     * @serial
     */
    private final Throwable[] exceptions;

    /**
     * Creates an exception without a detail message. The arrays are held, not copied.
     *
     * @param leases the unmarshalled leases; null stands for none
     * @param marshalledLeases the leases still in marshalled form
     * @param exceptions the reason for each element of {@code marshalledLeases}
     * @throws NullPointerException if {@code marshalledLeases} or {@code exceptions} is null
     * @throws IllegalArgumentException if the two arrays differ in length
     */
    public LeaseUnmarshalException(Lease[] leases, MarshalledObject<?>[] marshalledLeases, Throwable[] exceptions) {
        this((String) null, leases, marshalledLeases, exceptions);
    }

    /**
     * Creates an exception with a detail message, in the argument order of the published Jini 2.x API. The
     * arrays are held, not copied.
     *
     * @param message the detail message
     * @param leases the unmarshalled leases; null stands for none
     * @param marshalledLeases the leases still in marshalled form
     * @param exceptions the reason for each element of {@code marshalledLeases}
     * @throws NullPointerException if {@code marshalledLeases} or {@code exceptions} is null
     * @throws IllegalArgumentException if the two arrays differ in length
     */
    public LeaseUnmarshalException(String message, Lease[] leases, MarshalledObject<?>[] marshalledLeases,
            Throwable[] exceptions) {
        super(message);
        check(marshalledLeases, exceptions);
        // LR.2: "If no leases could be deserialized, a zero-length array will be returned".
        this.unmarshalledLeases = leases == null ? new Lease[0] : leases;
        this.stillMarshalledLeases = marshalledLeases;
        this.exceptions = exceptions;
    }

    /**
     * Creates an exception with a detail message, in the argument order printed in LR.2. The arrays are held,
     * not copied.
     *
     * @param leases the unmarshalled leases; null stands for none
     * @param marshalledLeases the leases still in marshalled form
     * @param exceptions the reason for each element of {@code marshalledLeases}
     * @param message the detail message
     * @throws NullPointerException if {@code marshalledLeases} or {@code exceptions} is null
     * @throws IllegalArgumentException if the two arrays differ in length
     */
    public LeaseUnmarshalException(Lease[] leases, MarshalledObject<?>[] marshalledLeases, Throwable[] exceptions,
            String message) {
        this(message, leases, marshalledLeases, exceptions);
    }

    // LR.2: element i of exceptions explains element i of marshalledLeases, so the lengths must agree.
    private static void check(MarshalledObject<?>[] marshalledLeases, Throwable[] exceptions) {
        if (marshalledLeases == null) {
            throw new NullPointerException("marshalledLeases is null");
        }
        if (exceptions == null) {
            throw new NullPointerException("exceptions is null");
        }
        if (marshalledLeases.length != exceptions.length) {
            throw new IllegalArgumentException("marshalledLeases has " + marshalledLeases.length
                    + " elements but exceptions has " + exceptions.length);
        }
    }

    /**
     * Returns the leases that were unmarshalled; zero-length if none (LR.2). The same array is returned on
     * each call, not a copy.
     *
     * @return the unmarshalled leases
     */
    public Lease[] getLeases() {
        return unmarshalledLeases;
    }

    /**
     * Returns the leases that could not be unmarshalled (LR.2). The same array is returned on each call, not a
     * copy.
     *
     * @return the still-marshalled leases
     */
    public MarshalledObject<?>[] getMarshalledLeases() {
        return stillMarshalledLeases;
    }

    /**
     * Returns, element by element, why each of {@link #getMarshalledLeases()} could not be unmarshalled (LR.2).
     * The same array is returned on each call, not a copy.
     *
     * @return the exceptions
     */
    public Throwable[] getExceptions() {
        return exceptions;
    }
}
