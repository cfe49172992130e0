package org.estuary.discovery.protocol;

import java.io.IOException;

import org.osgi.annotation.versioning.ProviderType;

/** Bytes that do not follow the discovery protocol (a wrong version, a negative count, a truncated packet). */
@ProviderType
public class DiscoveryProtocolException extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong, in the protocol's terms
     */
    public DiscoveryProtocolException(String message) {
        super(message);
    }

    /**
     * Creates the exception with its cause.
     *
     * @param message what was wrong, in the protocol's terms
     * @param cause the failure that revealed it
     */
    public DiscoveryProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
