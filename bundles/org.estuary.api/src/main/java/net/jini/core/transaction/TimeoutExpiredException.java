package net.jini.core.transaction;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown by the {@code waitFor} forms of {@code commit} and {@code abort} when the timeout passes before every
 * participant has been told the outcome; the outcome itself is known and carried in {@link #committed} (TX.2.5).
 */
@ProviderType
public class TimeoutExpiredException extends TransactionException {

    // Serialized fields: committed.
    private static final long serialVersionUID = 3918773760682958000L;

    /**
     * TX.2.5: {@code true} if the transaction committed, {@code false} if it aborted. Public and mutable as in
     * the published API.
     *
     * @serial
     */
    public boolean committed;

    /**
     * Creates an exception without a detail message.
     *
     * @param committed whether the transaction committed ({@code true}) or aborted ({@code false})
     */
    public TimeoutExpiredException(boolean committed) {
        super();
        this.committed = committed;
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param desc the detail message
     * @param committed whether the transaction committed ({@code true}) or aborted ({@code false})
     */
    public TimeoutExpiredException(String desc, boolean committed) {
        super(desc);
        this.committed = committed;
    }
}
