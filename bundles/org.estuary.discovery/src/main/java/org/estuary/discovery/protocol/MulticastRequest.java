package org.estuary.discovery.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

import net.jini.core.lookup.ServiceID;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A multicast request, version 1: what a client sends to {@value Discovery#REQUEST_ADDRESS} to ask lookup services
 * to contact it. Layout of each packet, as {@link java.io.DataOutputStream} writes it:
 *
 * <pre>
 * int      protocol version (1)
 * int      port      the TCP port on which the requester accepts the lookup services' connections
 * int      n         the number of service ids that follow
 * n x      service id (long most significant bits, long least significant bits): lookup services already heard
 *                    from, which need not answer
 * int      m         the number of groups that follow
 * m x      UTF       group the requester looks for; no group at all means every group
 * </pre>
 *
 * <p>A request whose groups do not fit in one packet is split: each packet carries a share of the groups and as
 * many of the heard ids as fit beside the first of its groups (a lookup service missing from a packet's heard list
 * merely answers once more). The requester's host is the packet's source address, not part of the packet.
 */
@ProviderType
public final class MulticastRequest {

    private static final String KIND = "multicast request";

    /** Bytes of a packet before its service ids: version, port, id count. */
    private static final int HEAD = 3 * Wire.INT;

    private final int responsePort;
    private final List<ServiceID> heard;
    private final List<String> groups;

    /**
     * Creates a request. Duplicates are removed from both collections.
     *
     * @param responsePort the port the requester accepts responses on, 1 to 65535
     * @param heard the lookup services already heard from
     * @param groups the groups sought; empty for every group
     * @throws NullPointerException if a collection or an element is null
     * @throws IllegalArgumentException if the port is out of range or a group is too long for modified UTF-8
     */
    public MulticastRequest(int responsePort, Collection<ServiceID> heard, Collection<String> groups) {
        if (responsePort < 1 || responsePort > 0xFFFF) {
            throw new IllegalArgumentException(KIND + ": response port out of range 1..65535: " + responsePort);
        }
        Objects.requireNonNull(heard, KIND + ": heard is null");
        List<ServiceID> ids = new ArrayList<>(new LinkedHashSet<>(heard));
        for (ServiceID id : ids) {
            Objects.requireNonNull(id, KIND + ": a heard service id is null");
        }
        this.responsePort = responsePort;
        this.heard = List.copyOf(ids);
        this.groups = Wire.groups(groups, KIND);
    }

    /** @return the port the requester accepts responses on */
    public int responsePort() {
        return responsePort;
    }

    /** @return the lookup services already heard from, in order */
    public List<ServiceID> heard() {
        return heard;
    }

    /** @return the groups sought, in order; empty for every group */
    public List<String> groups() {
        return groups;
    }

    /**
     * Encodes the request as packets of at most {@code maxPacketSize} bytes: one packet when the groups fit,
     * otherwise several, each with a share of the groups.
     *
     * @param maxPacketSize the packet size limit, normally {@value Discovery#MAX_PACKET_SIZE}
     * @return the packets, at least one
     * @throws DiscoveryProtocolException if a group does not fit in a packet even without heard ids
     */
    public List<byte[]> encode(int maxPacketSize) throws DiscoveryProtocolException {
        List<byte[]> packets = new ArrayList<>();
        int next = 0;
        do {
            int firstGroup = next < groups.size() ? Wire.utfSize(groups.get(next)) : 0;
            int room = maxPacketSize - HEAD - Wire.INT - firstGroup;
            if (room < 0) {
                throw new DiscoveryProtocolException(KIND + ": group \"" + groups.get(next) + "\" takes "
                        + firstGroup + " bytes, more than a packet of " + maxPacketSize + " bytes holds");
            }
            int ids = Math.min(heard.size(), room / Wire.SERVICE_ID);
            int end = next;
            int size = HEAD + ids * Wire.SERVICE_ID + Wire.INT;
            while (end < groups.size() && size + Wire.utfSize(groups.get(end)) <= maxPacketSize) {
                size += Wire.utfSize(groups.get(end));
                end++;
            }
            packets.add(packet(ids, next, end));
            next = end;
        } while (next < groups.size());
        return packets;
    }

    private byte[] packet(int ids, int fromGroup, int toGroup) {
        Wire.Packet p = new Wire.Packet();
        try {
            p.out.writeInt(Discovery.PROTOCOL_VERSION);
            p.out.writeInt(responsePort);
            p.out.writeInt(ids);
            for (int i = 0; i < ids; i++) {
                Wire.writeServiceId(p.out, heard.get(i));
            }
            Wire.writeGroups(p.out, groups.subList(fromGroup, toGroup));
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory", e);
        }
        return p.toByteArray();
    }

    /**
     * Decodes one packet. Bytes after the groups are ignored.
     *
     * @param data the buffer
     * @param offset where the packet starts
     * @param length the packet's length
     * @return the request the packet carries
     * @throws DiscoveryProtocolException if the packet is not a version 1 multicast request
     */
    public static MulticastRequest decode(byte[] data, int offset, int length) throws DiscoveryProtocolException {
        Wire.Reader in = new Wire.Reader(data, offset, length, KIND);
        in.version();
        int port = in.readInt();
        if (port < 1 || port > 0xFFFF) {
            throw new DiscoveryProtocolException(KIND + " with a response port out of range 1..65535: " + port);
        }
        int n = in.count("service id", Wire.SERVICE_ID);
        List<ServiceID> ids = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ids.add(in.serviceId());
        }
        return new MulticastRequest(port, ids, in.groups());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MulticastRequest && ((MulticastRequest) o).responsePort == responsePort
                && ((MulticastRequest) o).heard.equals(heard) && ((MulticastRequest) o).groups.equals(groups);
    }

    @Override
    public int hashCode() {
        return Objects.hash(responsePort, heard, groups);
    }

    @Override
    public String toString() {
        return "MulticastRequest[port=" + responsePort + ", heard=" + heard + ", groups=" + groups + "]";
    }
}
