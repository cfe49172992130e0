package net.jini.core.lease;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown when a grantor refuses to grant or renew a lease (LE.2.2).
 */
@ProviderType
public class LeaseDeniedException extends LeaseException {

    // LE.2.4: fixed serialVersionUID, no serialized fields of its own.
    private static final long serialVersionUID = 5704943735577343495L;

    /** Creates an exception without a detail message. */
    public LeaseDeniedException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param reason the detail message
     */
    public LeaseDeniedException(String reason) {
        super(reason);
    }
}
