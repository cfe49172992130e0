package org.estuary.client;

import java.io.IOException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

import net.jini.core.event.RemoteEventListener;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.remote.ClientSockets;
import org.estuary.remote.HostPort;
import org.estuary.remote.Registries;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.estuary.remote.ServiceSwappingException;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A connection to one Estuary container, or to several that serve the same instances with failover: its registry
 * at (host, port), the service proxies bound there under well-known names (the service interface's name:
 * {@code net.jini.lease.LeaseRenewalService}, {@code net.jini.event.EventMailbox}, {@code net.jini.core.transaction.server.TransactionManager},
 * {@code net.jini.discovery.LookupDiscoveryService}), and this JVM's endpoint for callbacks (listeners and
 * participants the services call). Proxies survive swaps and restarts of the container by themselves; closing the
 * client unexports the callbacks it exported (proxies already obtained keep working).
 */
@ProviderType
public final class EstuaryClient implements AutoCloseable {

    /** A container's registry. */
    private record Registry(String host, int port) {
        @Override
        public String toString() {
            return host + ":" + port;
        }
    }

    /** The registries of the containers this client reaches, in the order it asks them. */
    private final List<Registry> registries;
    private volatile ClientSockets sockets;
    private final RmiExporter callbacks;

    private EstuaryClient(List<Registry> registries, RemoteSettings settings) throws IOException {
        this.registries = List.copyOf(registries);
        RemoteSettings local = RemoteSettings.builder().bindAddress(settings.bindAddress())
                .advertisedHost(settings.advertisedHost()).registryPort(RemoteSettings.NO_REGISTRY)
                .objectPort(settings.objectPort()).connectTimeoutMs(settings.connectTimeoutMs())
                .callTimeoutMs(settings.callTimeoutMs()).readTimeoutMs(settings.readTimeoutMs())
                .marshaller(settings.marshaller()).tls(settings.tls()).build();
        this.callbacks = RmiExporter.start(local); // listens only once a callback is exported
        // The callback exporter's factory, pointed at the container: this client's own key material (never another
        // client's in the same JVM), inherited by every stub this client reads.
        this.sockets = callbacks.clientSockets().withHost(null);
    }

    /**
     * Connects to the container's registry with the default settings (plain TCP; callbacks listen on 127.0.0.1).
     *
     * @throws RemoteException if the registry cannot be reached
     */
    public static EstuaryClient connect(String host, int port) throws IOException {
        return connect(host, port, RemoteSettings.builder().build());
    }

    /**
     * Connects with settings: TLS key material (a client key when the container requires client certificates),
     * timeouts, where callbacks listen ({@code bindAddress}, {@code advertisedHost}, {@code objectPort}; the
     * registry port of the settings is ignored), and what reads everything the container sends ({@code filter} and
     * {@code classLoader}, or a {@code marshaller}): replies, events and the objects services keep for this client
     * and hand back (its leases in {@code getLeases} and in failure events, handbacks) are read with them.
     *
     * @throws IOException if the registry cannot be reached or the TLS material is unusable
     */
    public static EstuaryClient connect(String host, int port, RemoteSettings settings) throws IOException {
        return open(List.of(registry(host, port)), settings);
    }

    /**
     * Connects to containers that serve the same service instances with failover (one is active per instance,
     * the others stand by), each {@code host:port} of its registry: {@link #lookup} asks them in this order and
     * takes the proxy from the first that binds the service, and the proxies reach whichever container is active.
     * At least one must be reachable now.
     *
     * @throws IOException if none of the registries can be reached or the TLS material is unusable
     * @throws IllegalArgumentException if the list is empty or an entry is not {@code host:port}
     */
    public static EstuaryClient connect(List<String> endpoints, RemoteSettings settings) throws IOException {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("no container to connect to: give at least one host:port");
        }
        List<Registry> registries = new ArrayList<>();
        for (String endpoint : endpoints) {
            HostPort address = HostPort.parse(endpoint);
            registries.add(registry(address.host(), address.port()));
        }
        return open(registries, settings);
    }

    private static EstuaryClient open(List<Registry> registries, RemoteSettings settings) throws IOException {
        EstuaryClient client = new EstuaryClient(registries, Objects.requireNonNull(settings, "settings"));
        try {
            client.names(); // fail now if no container is there
        } catch (RemoteException e) {
            client.close();
            throw e;
        }
        return client;
    }

    private static Registry registry(String host, int port) {
        Objects.requireNonNull(host, "host");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1..65535: " + port);
        }
        return new Registry(host, port);
    }

    /**
     * The names the registry of the first reachable container binds (services under their interface names,
     * backends by id).
     */
    public List<String> names() throws RemoteException {
        RemoteException first = null;
        for (Registry registry : registries) {
            try {
                return Arrays.asList(Registries.list(registry.host(), registry.port(), sockets));
            } catch (RemoteException e) {
                first = suppress(first, e);
            }
        }
        throw first;
    }

    /**
     * The proxy of the service bound under its interface's name.
     *
     * @throws NotBoundException if the container runs no such service (or it is being replaced: retry)
     * @throws ServiceSwappingException if only containers on standby for the service answered (failover): it
     *     names the active container
     */
    public <T> T lookup(Class<T> service) throws RemoteException, NotBoundException {
        return lookup(service.getName(), service);
    }

    /**
     * The proxy bound under {@code name}, from the first container (in the order given to {@code connect}) whose
     * registry binds it.
     *
     * @throws NotBoundException if nothing is bound under it in any registry that answered
     * @throws ServiceSwappingException if nothing is bound under it in any registry that answered, and one of them
     *     stands by for a container active elsewhere: indefinite (the call did not run), its message names the
     *     active container (the registry's {@link org.estuary.remote.FailoverNotice})
     * @throws RemoteException if no registry answered
     * @throws ClassCastException if it is not a {@code type}
     */
    public <T> T lookup(String name, Class<T> type) throws RemoteException, NotBoundException {
        Thread thread = Thread.currentThread();
        ClassLoader saved = thread.getContextClassLoader();
        // In OSGi this bundle imports dynamically, so it can load the proxy classes any service bundle exports.
        thread.setContextClassLoader(EstuaryClient.class.getClassLoader());
        try {
            // Asked in order: with failover only the container active for the service binds it.
            NotBoundException notBound = null;
            RemoteException unreachable = null;
            ServiceSwappingException standby = null;
            for (Registry registry : registries) {
                try {
                    // Read in this client's scope: its allowlist, its classes for what services hand back, its keys.
                    return type.cast(Registries.lookup(registry.host(), registry.port(), sockets, name,
                            callbacks.replies()));
                } catch (UnmarshalException refused) {
                    sockets = sockets.withFreshConnections(); // the JDK pooled the refused reply's connection unread
                    throw refused;
                } catch (NotBoundException e) {
                    notBound = suppress(notBound, e);
                    String active = Registries.activeElsewhere(registry.host(), registry.port(), sockets,
                            callbacks.replies());
                    if (!active.isEmpty()) {
                        standby = suppress(standby, new ServiceSwappingException(name + " is not bound at "
                                + registry + ", a container on standby (" + active + "): connect to the active "
                                + "container, or list it among this client's endpoints", e));
                    }
                } catch (RemoteException e) {
                    unreachable = suppress(unreachable, e);
                }
            }
            if (standby != null) {
                throw standby;
            }
            if (notBound == null) {
                throw unreachable;
            }
            if (unreachable != null) {
                notBound.addSuppressed(unreachable);
            }
            throw notBound;
        } finally {
            thread.setContextClassLoader(saved);
        }
    }

    /** Exports a listener for events the container's services send; pass the result to the service. */
    public RemoteEventListener exportListener(RemoteEventListener listener) throws RemoteException {
        return callbacks.exportCallback(RemoteEventListener.class, listener);
    }

    /** Exports a transaction participant; pass the result to the transaction manager. */
    public TransactionParticipant exportParticipant(TransactionParticipant participant) throws RemoteException {
        return callbacks.exportCallback(TransactionParticipant.class, participant);
    }

    /** Exports any other callback object (a landlord of leases this client grants, ...). */
    public <T extends Remote> T export(Class<T> type, T object) throws RemoteException {
        return callbacks.exportCallback(type, object);
    }

    /** Unexports a callback exported here; false if it was not. */
    public boolean unexport(Remote object) {
        return callbacks.unexportCallback(object);
    }

    /** Unexports every callback exported here. */
    @Override
    public void close() {
        callbacks.close();
    }

    @Override
    public String toString() {
        return "EstuaryClient[" + registries.stream().map(Registry::toString).collect(Collectors.joining(", "))
                + (sockets.tls() ? ", tls" : "") + "]";
    }

    private static <E extends Exception> E suppress(E first, E next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }
}
