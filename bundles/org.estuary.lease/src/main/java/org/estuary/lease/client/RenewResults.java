package org.estuary.lease.client;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The outcome of {@link Landlord#renewAll}: for each lease of the batch either the granted duration or the
 * exception that refused it (LE.2.2: {@code UnknownLeaseException} for an expired lease, {@code
 * LeaseDeniedException}, {@code IllegalArgumentException} for a bad duration). Immutable and serializable, since a
 * remote landlord returns it over RMI.
 */
@ProviderType
public final class RenewResults implements Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial granted durations in milliseconds; meaningless where {@link #failures} holds an exception */
    private final long[] granted;
    /** @serial per lease, null for a granted renewal or the exception that refused it */
    private final Exception[] failures;

    /**
     * Results for a batch of {@code granted.length} leases.
     *
     * @param granted the granted durations; the entry of a failed lease is ignored
     * @param failures null where the renewal was granted, else its exception
     * @throws NullPointerException if an array is null
     * @throws IllegalArgumentException if the arrays differ in length
     */
    public RenewResults(long[] granted, Exception[] failures) {
        this.granted = Objects.requireNonNull(granted, "granted").clone();
        this.failures = Objects.requireNonNull(failures, "failures").clone();
        check(this.granted, this.failures);
    }

    /** The number of leases in the batch. */
    public int size() {
        return granted.length;
    }

    /** True if the renewal of lease {@code i} was granted. */
    public boolean isGranted(int i) {
        return failures[i] == null;
    }

    /**
     * The duration granted to lease {@code i}, in milliseconds.
     *
     * @throws IllegalStateException if that renewal failed
     */
    public long granted(int i) {
        if (failures[i] != null) {
            throw new IllegalStateException("renewal " + i + " failed", failures[i]);
        }
        return granted[i];
    }

    /** The exception that refused the renewal of lease {@code i}, or null if it was granted. */
    public Exception failure(int i) {
        return failures[i];
    }

    private static void check(long[] granted, Exception[] failures) {
        if (granted.length != failures.length) {
            throw new IllegalArgumentException(
                    "granted has " + granted.length + " entries, failures " + failures.length);
        }
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (granted == null || failures == null) {
            throw new InvalidObjectException("RenewResults without arrays");
        }
        try {
            check(granted, failures);
        } catch (IllegalArgumentException e) {
            throw new InvalidObjectException(e.getMessage());
        }
    }
}
