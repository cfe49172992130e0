package org.estuary.discovery.protocol;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The unicast request, version 1: the one int (the protocol version) that the discovering side writes on a
 * connection, whichever side opened it (a client connecting to a lookup service's port, or a lookup service
 * connecting to a client's port in answer to a multicast request). The other side answers with a
 * {@link UnicastResponse}.
 */
@ProviderType
public final class UnicastRequest {

    private UnicastRequest() {
    }

    /**
     * Writes the request and flushes it.
     *
     * @param out the connection's output
     * @throws IOException if the connection fails
     */
    public static void write(OutputStream out) throws IOException {
        DataOutputStream data = new DataOutputStream(out);
        data.writeInt(Discovery.PROTOCOL_VERSION);
        data.flush();
    }

    /**
     * Reads the request and checks its version.
     *
     * @param in the connection's input
     * @throws DiscoveryProtocolException if the version is not 1 or the connection ends first
     * @throws IOException if the connection fails
     */
    public static void read(InputStream in) throws IOException {
        int version;
        try {
            version = new DataInputStream(in).readInt();
        } catch (EOFException e) {
            throw new DiscoveryProtocolException("unicast request is truncated", e);
        }
        if (version != Discovery.PROTOCOL_VERSION) {
            throw new DiscoveryProtocolException("unicast request of protocol version " + version
                    + "; only version " + Discovery.PROTOCOL_VERSION + " is supported");
        }
    }
}
