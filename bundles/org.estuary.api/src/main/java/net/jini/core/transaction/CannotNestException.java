package net.jini.core.transaction;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown when a nested transaction is requested of an object that cannot provide one, for example a manager
 * or transaction that only supports top-level transactions. Part of the published Jini 2.x API; the
 * nesting model itself is TX.2.2.
 */
@ProviderType
public class CannotNestException extends TransactionException {

    // No serialized fields of its own; serialVersionUID of the published Jini 2.x form.
    private static final long serialVersionUID = 3409604500491735434L;

    /** Creates an exception without a detail message. */
    public CannotNestException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param desc the detail message
     */
    public CannotNestException(String desc) {
        super(desc);
    }
}
