package org.estuary.remote.internal;

import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.estuary.remote.ClientSockets;
import org.estuary.remote.HostPort;

/**
 * This JVM's backends by service id (the local path that never goes through RMI), the service ids served here (so a
 * local caller mid-swap gets an indefinite exception rather than a trip through RMI; one entry per service, from its
 * first registration until an exporter withdraws it: {@link #forget}), and the
 * routes of the running exporters (what a reference written to a stream carries). Each exporter owns its routes: a
 * route stays while its exporter runs, also after an unexport, so a reference written mid-swap still names the
 * registry to re-resolve through, and goes with the exporter.
 */
public final class LocalBackends {

    /**
     * How a remote caller reaches an exported backend: the registry it was resolved through, the stub, and the
     * registries of the other containers that may serve the same service (failover peers, {@code host:port}).
     */
    public static final class Route {
        public final String host;
        public final int port;
        public final ClientSockets sockets;
        public final Remote stub;
        public final List<String> peers;

        public Route(String host, int port, ClientSockets sockets, Remote stub) {
            this(host, port, sockets, stub, List.of());
        }

        public Route(String host, int port, ClientSockets sockets, Remote stub, List<String> peers) {
            this.host = host;
            this.port = port;
            this.sockets = sockets;
            this.stub = stub;
            this.peers = List.copyOf(peers);
        }

        public Route withStub(Remote newStub) {
            return new Route(host, port, sockets, newStub, peers);
        }

        /** This registry's endpoint, {@code host:port}. */
        public String endpoint() {
            return host + ":" + port;
        }

        /**
         * The route through the peer {@code endpoint} ({@code host:port}) to {@code newStub}: the registry left
         * becomes a peer, so a later failover can come back to it.
         */
        public Route at(String endpoint, Remote newStub) {
            List<String> others = new ArrayList<>(peers);
            others.remove(endpoint);
            others.add(endpoint());
            HostPort address = HostPort.parse(endpoint);
            return new Route(address.host(), address.port(), sockets, newStub, others);
        }
    }

    private static final Map<UUID, Remote> LOCAL = new ConcurrentHashMap<>();
    private static final Set<UUID> HOME = ConcurrentHashMap.newKeySet();
    /** The running exporters' routes, the newest exporter's first. */
    private static final List<Map<UUID, Route>> EXPORTED = new java.util.concurrent.CopyOnWriteArrayList<>();

    private LocalBackends() {
    }

    public static void register(UUID serviceId, Remote backend) {
        HOME.add(serviceId);
        LOCAL.put(serviceId, backend);
    }

    public static void unregister(UUID serviceId, Remote backend) {
        LOCAL.remove(serviceId, backend);
    }

    /**
     * The service's exported backend was withdrawn: unless another backend of it is registered here, the id is no
     * longer served in this JVM, and a local caller's reference goes by its route (re-resolving, or an indefinite
     * {@code ServiceSwappingException}) until a backend is registered again.
     */
    public static void forget(UUID serviceId, Remote backend) {
        unregister(serviceId, backend);
        HOME.removeIf(id -> id.equals(serviceId) && !LOCAL.containsKey(serviceId));
    }

    public static Remote local(UUID serviceId) {
        return LOCAL.get(serviceId);
    }

    public static boolean isHome(UUID serviceId) {
        return HOME.contains(serviceId);
    }

    /** A new exporter's routes: it puts its routes there, and {@link #withdraw}s them when it closes. */
    public static Map<UUID, Route> routes() {
        Map<UUID, Route> routes = new ConcurrentHashMap<>();
        EXPORTED.add(0, routes);
        return routes;
    }

    public static void withdraw(Map<UUID, Route> routes) {
        EXPORTED.removeIf(running -> running == routes); // identity: two empty maps are equal
    }

    /** The route of a running exporter to the service's backend, or null. */
    public static Route route(UUID serviceId) {
        for (Map<UUID, Route> routes : EXPORTED) {
            Route route = routes.get(serviceId);
            if (route != null) {
                return route;
            }
        }
        return null;
    }
}
