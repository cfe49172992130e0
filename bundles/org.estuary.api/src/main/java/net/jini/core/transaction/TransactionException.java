package net.jini.core.transaction;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Base class of the exceptions that report a failure of the transaction protocol itself, as opposed to a
 * communication failure (TX.2.2).
 */
@ProviderType
public class TransactionException extends Exception {

    // No serialized fields of its own; serialVersionUID of the published Jini 2.x form.
    private static final long serialVersionUID = -5009935764793203986L;

    /** Creates an exception without a detail message. */
    public TransactionException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param desc the detail message
     */
    public TransactionException(String desc) {
        super(desc);
    }
}
