package org.estuary.discovery.net;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;

import org.estuary.discovery.protocol.Discovery;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Where and how often the discovery protocols talk. The defaults are the published ones: groups 224.0.1.85
 * (requests) and 224.0.1.84 (announcements) on port 4160, time to live 15, seven requests five seconds apart, an
 * announcement every 120 seconds and a lookup service given up after three missed announcements, unicast calls
 * bounded by 60 seconds.
 *
 * @param networkInterface the interface multicast is sent and received on; null for the system's default
 * @param ttl the time to live of multicast packets, 0 to 255
 * @param requestAddress the group multicast requests go to
 * @param announcementAddress the group multicast announcements go to
 * @param multicastPort the UDP port of both groups
 * @param requestCount how many times a multicast request is sent when the groups sought change
 * @param requestIntervalMillis the time between two of those requests
 * @param announcementIntervalMillis the time between two announcements of a lookup service
 * @param missedAnnouncements after how many announcement intervals of silence a lookup service is given up
 * @param unicastTimeoutMillis the bound on connecting and on each read of a unicast exchange
 * @param maxPacketSize the largest multicast packet sent
 */
@ProviderType
public record DiscoverySettings(NetworkInterface networkInterface, int ttl, InetAddress requestAddress,
        InetAddress announcementAddress, int multicastPort, int requestCount, long requestIntervalMillis,
        long announcementIntervalMillis, int missedAnnouncements, int unicastTimeoutMillis, int maxPacketSize) {

    /**
     * Checks the settings.
     *
     * @throws IllegalArgumentException naming the setting out of range and its range
     * @throws NullPointerException if an address is null
     */
    public DiscoverySettings {
        check(ttl >= 0 && ttl <= 255, "ttl", ttl, "0 to 255");
        if (requestAddress == null || announcementAddress == null) {
            throw new NullPointerException("discovery settings: request and announcement addresses are required");
        }
        check(requestAddress.isMulticastAddress(), "request address", requestAddress, "a multicast address");
        check(announcementAddress.isMulticastAddress(), "announcement address", announcementAddress,
                "a multicast address");
        check(multicastPort >= 1 && multicastPort <= 0xFFFF, "multicast port", multicastPort, "1 to 65535");
        check(requestCount >= 1, "request count", requestCount, "at least 1");
        check(requestIntervalMillis >= 1, "request interval", requestIntervalMillis, "at least 1 ms");
        check(announcementIntervalMillis >= 1, "announcement interval", announcementIntervalMillis, "at least 1 ms");
        check(missedAnnouncements >= 1, "missed announcements", missedAnnouncements, "at least 1");
        check(unicastTimeoutMillis >= 1, "unicast timeout", unicastTimeoutMillis, "at least 1 ms");
        check(maxPacketSize >= 64 && maxPacketSize <= Discovery.MAX_PACKET_SIZE, "max packet size", maxPacketSize,
                "64 to " + Discovery.MAX_PACKET_SIZE + " bytes");
    }

    private static void check(boolean ok, String name, Object value, String range) {
        if (!ok) {
            throw new IllegalArgumentException("discovery settings: " + name + " " + value + " is out of range: "
                    + range);
        }
    }

    /**
     * The published defaults on the system's default interface.
     *
     * @return the defaults
     */
    public static DiscoverySettings defaults() {
        return new DiscoverySettings(null, 15, address(Discovery.REQUEST_ADDRESS),
                address(Discovery.ANNOUNCEMENT_ADDRESS), Discovery.PORT, 7, 5_000, 120_000, 3, 60_000,
                Discovery.MAX_PACKET_SIZE);
    }

    /**
     * The time after the last announcement at which a silent lookup service is given up.
     *
     * @return {@code missedAnnouncements} announcement intervals
     */
    public long silenceMillis() {
        return announcementIntervalMillis * missedAnnouncements;
    }

    static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an address: " + literal, e);
        }
    }
}
