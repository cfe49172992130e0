package org.estuary.remote.internal;

import java.net.InetAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * The connections one exporter has open, in all and per peer address, against its caps: a peer cannot take the
 * file descriptors, threads and memory every connection costs (an RMI server thread each) from the others.
 * Thread-safe.
 */
final class Connections {

    private final int max;
    private final int maxPerHost;
    private final Map<InetAddress, Integer> perHost = new HashMap<>(); // guarded by this
    private int open; // guarded by this

    Connections(int max, int maxPerHost) {
        this.max = max;
        this.maxPerHost = maxPerHost;
    }

    /**
     * Counts a connection from {@code peer} if both caps allow it.
     *
     * @return null if counted (release it with {@link #closed}), else why it was refused, naming the setting
     */
    synchronized String open(InetAddress peer) {
        if (open >= max) {
            return open + " connections open in all (max.connections=" + max + ")";
        }
        int fromPeer = perHost.getOrDefault(peer, 0);
        if (fromPeer >= maxPerHost) {
            return fromPeer + " connections open from " + peer.getHostAddress() + " (max.connections.per.host="
                    + maxPerHost + ")";
        }
        open++;
        perHost.put(peer, fromPeer + 1);
        return null;
    }

    /** Releases a connection {@link #open} counted. */
    synchronized void closed(InetAddress peer) {
        open--;
        perHost.computeIfPresent(peer, (address, count) -> count == 1 ? null : count - 1);
    }

    /** How many are open in all. */
    synchronized int open() {
        return open;
    }
}
