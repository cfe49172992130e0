package net.jini.core.lease;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown when the grantor does not know the lease, for example because it expired or a copy was cancelled (LE.2.2).
 */
@ProviderType
public class UnknownLeaseException extends LeaseException {

    // LE.2.4: fixed serialVersionUID, no serialized fields of its own.
    private static final long serialVersionUID = -2921099330511429288L;

    /** Creates an exception without a detail message. */
    public UnknownLeaseException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param reason the detail message
     */
    public UnknownLeaseException(String reason) {
        super(reason);
    }
}
