package net.jini.core.event;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Thrown by {@link RemoteEventListener#notify} when the recipient does not recognize the combination of event
 * identifier and source, asking the sender to stop sending that kind of event (EV.2.3.3).
 */
@ProviderType
public class UnknownEventException extends Exception {

    // EV.2.5: fixed serialVersionUID, no serialized fields of its own.
    private static final long serialVersionUID = 5563758083292687048L;

    /** Creates an exception without a detail message. */
    public UnknownEventException() {
        super();
    }

    /**
     * Creates an exception with the given detail message.
     *
     * @param reason the detail message
     */
    public UnknownEventException(String reason) {
        super(reason);
    }
}
