package org.estuary.discovery.protocol;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

import net.jini.core.lookup.ServiceID;

import org.osgi.annotation.versioning.ProviderType;

/**
 * A multicast announcement, version 1: what a lookup service sends to {@value Discovery#ANNOUNCEMENT_ADDRESS} to
 * say where it is and which groups it is a member of. Layout of each packet, as {@link java.io.DataOutputStream}
 * writes it:
 *
 * <pre>
 * int      protocol version (1)
 * UTF      host      where the lookup service accepts unicast discovery
 * int      port      its unicast discovery port
 * 16 bytes service id (long most significant bits, long least significant bits) of the lookup service
 * int      m         the number of groups that follow
 * m x      UTF       group the lookup service is a member of
 * </pre>
 *
 * <p>An announcement whose groups do not fit in one packet is split: each packet repeats host, port and id and
 * carries a share of the groups.
 */
@ProviderType
public final class MulticastAnnouncement {

    private static final String KIND = "multicast announcement";

    private final String host;
    private final int port;
    private final ServiceID serviceId;
    private final List<String> groups;

    /**
     * Creates an announcement. Duplicate groups are removed.
     *
     * @param host where the lookup service accepts unicast discovery
     * @param port its unicast discovery port, 1 to 65535
     * @param serviceId the lookup service's id
     * @param groups the groups it is a member of
     * @throws NullPointerException if an argument or a group is null
     * @throws IllegalArgumentException if the port is out of range or a string is too long for modified UTF-8
     */
    public MulticastAnnouncement(String host, int port, ServiceID serviceId, Collection<String> groups) {
        Objects.requireNonNull(host, KIND + ": host is null");
        Objects.requireNonNull(serviceId, KIND + ": service id is null");
        if (port < 1 || port > 0xFFFF) {
            throw new IllegalArgumentException(KIND + ": port out of range 1..65535: " + port);
        }
        if (Wire.utfSize(host) - 2 > 0xFFFF) {
            throw new IllegalArgumentException(KIND + ": host longer than 65535 bytes in modified UTF-8");
        }
        this.host = host;
        this.port = port;
        this.serviceId = serviceId;
        this.groups = Wire.groups(groups, KIND);
    }

    /** @return where the lookup service accepts unicast discovery */
    public String host() {
        return host;
    }

    /** @return its unicast discovery port */
    public int port() {
        return port;
    }

    /** @return the lookup service's id */
    public ServiceID serviceId() {
        return serviceId;
    }

    /** @return the groups it is a member of, in order */
    public List<String> groups() {
        return groups;
    }

    /**
     * Encodes the announcement as packets of at most {@code maxPacketSize} bytes: one packet when the groups fit,
     * otherwise several, each with a share of the groups.
     *
     * @param maxPacketSize the packet size limit, normally {@value Discovery#MAX_PACKET_SIZE}
     * @return the packets, at least one
     * @throws DiscoveryProtocolException if the host and one group do not fit in a packet
     */
    public List<byte[]> encode(int maxPacketSize) throws DiscoveryProtocolException {
        int head = Wire.INT + Wire.utfSize(host) + Wire.INT + Wire.SERVICE_ID + Wire.INT;
        List<byte[]> packets = new ArrayList<>();
        int next = 0;
        do {
            int end = next;
            int size = head;
            while (end < groups.size() && size + Wire.utfSize(groups.get(end)) <= maxPacketSize) {
                size += Wire.utfSize(groups.get(end));
                end++;
            }
            if (size > maxPacketSize || (end == next && next < groups.size())) {
                throw new DiscoveryProtocolException(KIND + ": host \"" + host + "\""
                        + (next < groups.size() ? " and group \"" + groups.get(next) + "\"" : "")
                        + " take more than a packet of " + maxPacketSize + " bytes holds");
            }
            packets.add(packet(next, end));
            next = end;
        } while (next < groups.size());
        return packets;
    }

    private byte[] packet(int fromGroup, int toGroup) {
        Wire.Packet p = new Wire.Packet();
        try {
            p.out.writeInt(Discovery.PROTOCOL_VERSION);
            p.out.writeUTF(host);
            p.out.writeInt(port);
            Wire.writeServiceId(p.out, serviceId);
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
     * @return the announcement the packet carries
     * @throws DiscoveryProtocolException if the packet is not a version 1 multicast announcement
     */
    public static MulticastAnnouncement decode(byte[] data, int offset, int length)
            throws DiscoveryProtocolException {
        Wire.Reader in = new Wire.Reader(data, offset, length, KIND);
        in.version();
        String host = in.utf();
        int port = in.readInt();
        if (port < 1 || port > 0xFFFF) {
            throw new DiscoveryProtocolException(KIND + " with a port out of range 1..65535: " + port);
        }
        ServiceID id = in.serviceId();
        return new MulticastAnnouncement(host, port, id, in.groups());
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MulticastAnnouncement)) {
            return false;
        }
        MulticastAnnouncement a = (MulticastAnnouncement) o;
        return a.port == port && a.host.equals(host) && a.serviceId.equals(serviceId) && a.groups.equals(groups);
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, port, serviceId, groups);
    }

    @Override
    public String toString() {
        return "MulticastAnnouncement[" + host + ":" + port + ", id=" + serviceId + ", groups=" + groups + "]";
    }
}
