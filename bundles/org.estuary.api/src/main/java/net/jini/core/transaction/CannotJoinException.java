package net.jini.core.transaction;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown when a transaction is known but no longer ACTIVE, so nothing can join it or be nested in it
 * (TX.2.2, TX.2.3, TX.2.7).
 */
@ProviderType
public class CannotJoinException extends TransactionException {

    // No serialized fields of its own; serialVersionUID of the published Jini 2.x form.
    private static final long serialVersionUID = 5568393043937204939L;

    /** Creates an exception without a detail message. */
    public CannotJoinException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param desc the detail message
     */
    public CannotJoinException(String desc) {
        super(desc);
    }
}
