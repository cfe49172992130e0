package net.jini.core.lease;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Base class of the exceptions raised by leasing operations (LE.2.2).
 */
@ProviderType
public class LeaseException extends Exception {

    // LE.2.4: fixed serialVersionUID, no serialized fields of its own.
    private static final long serialVersionUID = -7902272546257490469L;

    /** Creates an exception without a detail message. */
    public LeaseException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param reason the detail message
     */
    public LeaseException(String reason) {
        super(reason);
    }
}
