package org.estuary.remote.internal;

import java.rmi.Remote;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.estuary.remote.ClientSockets;

/**
 * This JVM's backends by service id (the local path that never goes through RMI), the service ids ever served here
 * (so a local caller mid-swap gets an indefinite exception rather than a trip through RMI), and the route to each
 * exported backend (what a reference written to a stream carries; kept after an unexport, so a reference written
 * mid-swap still names the registry to re-resolve through).
 */
public final class LocalBackends {

    /** How a remote caller reaches an exported backend. */
    public static final class Route {
        public final String host;
        public final int port;
        public final ClientSockets sockets;
        public final Remote stub;

        public Route(String host, int port, ClientSockets sockets, Remote stub) {
            this.host = host;
            this.port = port;
            this.sockets = sockets;
            this.stub = stub;
        }

        public Route withStub(Remote newStub) {
            return new Route(host, port, sockets, newStub);
        }
    }

    private static final Map<UUID, Remote> LOCAL = new ConcurrentHashMap<>();
    private static final Set<UUID> HOME = ConcurrentHashMap.newKeySet();
    private static final Map<UUID, Route> EXPORTED = new ConcurrentHashMap<>();

    private LocalBackends() {
    }

    public static void register(UUID serviceId, Remote backend) {
        HOME.add(serviceId);
        LOCAL.put(serviceId, backend);
    }

    public static void unregister(UUID serviceId, Remote backend) {
        LOCAL.remove(serviceId, backend);
    }

    public static Remote local(UUID serviceId) {
        return LOCAL.get(serviceId);
    }

    public static boolean isHome(UUID serviceId) {
        return HOME.contains(serviceId);
    }

    public static void exported(UUID serviceId, Route route) {
        EXPORTED.put(serviceId, route);
    }

    public static Route route(UUID serviceId) {
        return EXPORTED.get(serviceId);
    }
}
