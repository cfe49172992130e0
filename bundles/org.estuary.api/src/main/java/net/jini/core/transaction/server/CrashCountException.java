package net.jini.core.transaction.server;

import org.osgi.annotation.versioning.ProviderType;

import net.jini.core.transaction.TransactionException;

/**
 * Thrown by {@code join} or {@code promote} when a participant joins again with a crash count different from
 * the one already known, which means it lost its state; the manager then aborts the transaction (TX.2.3, TX.2.7).
 */
@ProviderType
public class CrashCountException extends TransactionException {

    // No serialized fields of its own; serialVersionUID of the published Jini 2.x form.
    private static final long serialVersionUID = 4299226125245015671L;

    /** Creates an exception without a detail message. */
    public CrashCountException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param desc the detail message
     */
    public CrashCountException(String desc) {
        super(desc);
    }
}
