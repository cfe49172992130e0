package org.estuary.discovery.protocol;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The constants of the discovery protocols, version 1: the well-known port, the multicast groups and the packet
 * size every implementation can receive.
 */
@ProviderType
public final class Discovery {

    /** The protocol version this package speaks, the first int of every packet and of every unicast request. */
    public static final int PROTOCOL_VERSION = 1;

    /** The well-known port of multicast requests, multicast announcements and unicast discovery. */
    public static final int PORT = 4160;

    /** The group multicast requests are sent to. */
    public static final String REQUEST_ADDRESS = "224.0.1.85";

    /** The group multicast announcements are sent to. */
    public static final String ANNOUNCEMENT_ADDRESS = "224.0.1.84";

    /** The largest multicast packet a sender may send: a longer request or announcement is split. */
    public static final int MAX_PACKET_SIZE = 512;

    private Discovery() {
    }
}
