package net.jini.core.transaction;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown by {@code commit} when the transaction reaches, or had already reached, the ABORTED state (TX.2.5).
 */
@ProviderType
public class CannotCommitException extends TransactionException {

    // No serialized fields of its own; serialVersionUID of the published Jini 2.x form.
    private static final long serialVersionUID = -4497341152359563957L;

    /** Creates an exception without a detail message. */
    public CannotCommitException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param desc the detail message
     */
    public CannotCommitException(String desc) {
        super(desc);
    }
}
