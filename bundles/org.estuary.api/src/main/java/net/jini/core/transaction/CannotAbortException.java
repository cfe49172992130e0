package net.jini.core.transaction;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown by {@code abort} when the transaction had already reached the COMMITTED state (TX.2.5).
 */
@ProviderType
public class CannotAbortException extends TransactionException {

    // No serialized fields of its own; serialVersionUID of the published Jini 2.x form.
    private static final long serialVersionUID = 3597101646737510009L;

    /** Creates an exception without a detail message. */
    public CannotAbortException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param desc the detail message
     */
    public CannotAbortException(String desc) {
        super(desc);
    }
}
