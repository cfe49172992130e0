package net.jini.event;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown by a {@link RemoteEventIterator} that is no longer valid: closed, replaced by a newer iterator, or
 * superseded by enabling push delivery (EM.7.1).
 */
@ProviderType
public class InvalidIteratorException extends Exception {

    // EM.7 gives no serialized form; 1L is the value published in Jini 2.x, kept for stream compatibility.
    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception with the given detail message.
     *
     * @param reason the detail message
     */
    public InvalidIteratorException(String reason) {
        super(reason);
    }

    /** Creates an exception without a detail message. */
    public InvalidIteratorException() {
        super();
    }
}
