package net.jini.core.transaction;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown when a manager (or participant) does not know the transaction, because the identifier is wrong or
 * the transaction has completed and been forgotten (TX.2.2, TX.2.3, TX.2.5).
 */
@ProviderType
public class UnknownTransactionException extends TransactionException {

    // No serialized fields of its own; serialVersionUID of the published Jini 2.x form.
    private static final long serialVersionUID = 443798629936327009L;

    /** Creates an exception without a detail message. */
    public UnknownTransactionException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param desc the detail message
     */
    public UnknownTransactionException(String desc) {
        super(desc);
    }
}
