package org.estuary.remote;

import java.util.Objects;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A registry's address as operators and clients write it, {@code host:port}: a failover peer
 * ({@code failover.peers}), a container a client connects to, a route a reference carries. The port is what follows
 * the last colon.
 *
 * @param host the host name or address, not blank
 * @param port 1 to 65535
 */
@ProviderType
public record HostPort(String host, int port) {

    /** @throws IllegalArgumentException if the host is blank or the port is outside 1..65535 */
    public HostPort {
        if (Objects.requireNonNull(host, "host").isBlank()) {
            throw new IllegalArgumentException("a registry's host must not be blank");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("a registry's port must be 1..65535: " + port);
        }
    }

    /**
     * Reads {@code host:port} (surrounding blanks ignored).
     *
     * @throws IllegalArgumentException naming the text if it is not a host, a colon and a port from 1 to 65535
     */
    public static HostPort parse(String text) {
        String trimmed = Objects.requireNonNull(text, "host:port").strip();
        int colon = trimmed.lastIndexOf(':');
        String digits = colon > 0 ? trimmed.substring(colon + 1) : "";
        if (!digits.matches("[0-9]{1,5}") || Integer.parseInt(digits) < 1 || Integer.parseInt(digits) > 65535
                || trimmed.substring(0, colon).isBlank()) {
            throw new IllegalArgumentException("a registry's address is host:port with a port from 1 to 65535: \""
                    + text + "\"");
        }
        return new HostPort(trimmed.substring(0, colon), Integer.parseInt(digits));
    }

    /** {@code host:port}, as {@link #parse} reads it. */
    @Override
    public String toString() {
        return host + ":" + port;
    }
}
