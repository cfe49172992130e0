package org.estuary.remote;

import java.io.IOException;
import java.io.Serializable;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.ExportException;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import javax.net.ssl.SSLContext;

import org.estuary.io.ReadScope;
import org.estuary.remote.internal.Endpoint;
import org.estuary.remote.internal.LocalBackends;
import org.estuary.remote.internal.ServerSockets;
import org.estuary.remote.internal.TlsContext;
import org.estuary.remote.internal.mux.MuxServer;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The plain-Java {@link Exporter}: one RMI registry (unless {@link RemoteSettings#NO_REGISTRY}), read-only for
 * every other process; the services' backends on the multiplexed transport's port ({@link RemoteSettings#servicePort},
 * unless -1: then over RMI) and the callbacks over RMI on a port of their own, all on the bind address. The OSGi
 * component wraps one; a remote client uses one without a registry for its callbacks. {@link #close()} unexports
 * everything and frees the ports.
 */
@ProviderType
public final class RmiExporter implements Exporter, AutoCloseable {

    private static final System.Logger LOG = System.getLogger("org.estuary.remote");

    private final RemoteSettings settings;
    private final ServerSockets serverSockets;
    private final ClientSockets clientSockets;
    private final Endpoint endpoint;
    private final ReadScope calls;
    private final ReadScope replies;
    private final Registry registry;
    private final int registryPort;
    private final int objectPort;
    /** The multiplexed transport the backends are exported on, or null (over Java RMI). */
    private final MuxServer mux;
    /** The host its stubs name (the advertised host, else this host's address). */
    private final String muxHost;
    /** The multiplexed transport's export of each backend: its id and stub. */
    private final Map<UUID, Exported> muxed = new ConcurrentHashMap<>();
    private final Map<UUID, Remote> backends = new ConcurrentHashMap<>();
    private final Map<String, Boolean> names = new ConcurrentHashMap<>();
    private final Map<Remote, Remote> callbacks = new IdentityHashMap<>();
    /** The routes to the backends this exporter serves, which references written here carry; withdrawn on close. */
    private final Map<UUID, LocalBackends.Route> routes = LocalBackends.routes();
    private volatile boolean closed;

    private RmiExporter(RemoteSettings settings) throws IOException {
        this.settings = settings;
        // This exporter's own key material: never shared with other exporters or clients of the JVM.
        SSLContext context = settings.tls() == null ? null : TlsContext.of(settings.tls());
        this.endpoint = new Endpoint(context, (int) settings.callTimeoutMs());
        this.serverSockets = new ServerSockets(InetAddress.getByName(settings.bindAddress()), context,
                settings.tls() != null && settings.tls().clientAuth(), settings.readTimeoutMs(),
                settings.requestTimeoutMs(), settings.maxConnections(), settings.maxConnectionsPerHost());
        this.clientSockets = new ClientSockets(settings.advertisedHost(), settings.connectTimeoutMs(), endpoint);
        // Every call an export receives is read in this scope: the allowlist, and stubs in the call connect with
        // this exporter's keys and timeouts. The replies to calls made for it are read in the other.
        this.calls = ReadScope.forCalls(settings.marshaller(), endpoint);
        this.replies = ReadScope.forReplies(settings.marshaller(), endpoint);
        this.objectPort = settings.objectPort();
        ServerSockets registrySockets = serverSockets.forRegistry();
        if (settings.registryPort() == RemoteSettings.NO_REGISTRY) {
            this.registry = null;
            this.registryPort = -1;
        } else {
            // Read-only for every connection (see ServerSockets.forRegistry): only this exporter, calling the
            // registry object itself, binds and unbinds. Everything a client sends to a service goes to an export
            // below, on the objects' port, read through the allowlist.
            this.registry = LocateRegistry.createRegistry(settings.registryPort(), clientSockets, registrySockets);
            this.registryPort = registrySockets.boundPort() > 0 ? registrySockets.boundPort()
                    : settings.registryPort();
        }
        // the host RMI writes into its stubs when none is advertised: java.rmi.server.hostname, else this host's
        this.muxHost = settings.advertisedHost() != null ? settings.advertisedHost()
                : System.getProperty("java.rmi.server.hostname", InetAddress.getLocalHost().getHostAddress());
        this.mux = settings.servicePort() < 0 ? null
                : new MuxServer(serverSockets, settings.servicePort(), maxCallBytes(settings));
        endpoint.started();
    }

    /**
     * The largest call a client may send over the multiplexed transport: the allowlist's bytes per stream (its
     * {@code maxBytes}) and the call's header.
     */
    private static int maxCallBytes(RemoteSettings settings) {
        return (int) Math.min(Integer.MAX_VALUE - 1024, settings.marshaller().filter().maxBytes()) + 1024;
    }

    /** A backend exported over the multiplexed transport. */
    private record Exported(Remote backend, UUID id, Remote stub) {
    }

    /**
     * Starts an exporter: creates the registry (unless none is configured) and listens.
     *
     * @throws IOException if the port is taken, the address is not local, or the TLS key material is unusable
     */
    public static RmiExporter start(RemoteSettings settings) throws IOException {
        RmiExporter exporter = new RmiExporter(Objects.requireNonNull(settings, "settings"));
        LOG.log(Level.DEBUG, "exporter started: {0} (registry port {1})", settings, exporter.registryPort);
        return exporter;
    }

    /** The settings it was started with. */
    public RemoteSettings settings() {
        return settings;
    }

    /**
     * The scope to {@link ReadScope#enter() enter} around a call made for this exporter's side (a client's call to
     * a container): the reply passes its allowlist, its {@code Marshalled} objects are read with its marshaller,
     * and stubs in it connect with its keys.
     */
    public ReadScope replies() {
        return replies;
    }

    /** The client socket factory its stubs carry (also the one to reach its registry). */
    public ClientSockets clientSockets() {
        return clientSockets;
    }

    @Override
    public <B extends Remote> BackendRef<B> export(UUID serviceId, Class<B> type, B backend)
            throws RemoteException {
        Objects.requireNonNull(serviceId, "serviceId");
        Objects.requireNonNull(backend, "backend");
        Registry reg = requireRegistry();
        BackendRef.local(serviceId, type, backend); // local callers use it at once, exported or not
        synchronized (backends) {
            Remote previous = backends.get(serviceId);
            if (previous != null && previous != backend && mux == null) {
                unexportQuietly(previous);
            }
            B stub = mux != null ? muxExport(serviceId, type, backend)
                    : previous == backend ? stubOf(type, backend) : type.cast(exportObject(backend));
            reg.rebind(BACKEND_PREFIX + serviceId, stub);
            backends.put(serviceId, backend);
            LocalBackends.Route route = new LocalBackends.Route(host(), registryPort, clientSockets, stub,
                    settings.peers());
            routes.put(serviceId, route);
            return BackendRef.routed(serviceId, type, route);
        }
    }

    @Override
    public void unexport(UUID serviceId) {
        synchronized (backends) {
            Remote backend = backends.remove(serviceId);
            if (backend == null) {
                return;
            }
            if (registry != null) {
                try {
                    registry.unbind(BACKEND_PREFIX + serviceId);
                } catch (NotBoundException | RemoteException gone) {
                    // already unbound
                }
            }
            Exported exported = muxed.remove(serviceId);
            if (exported != null) {
                mux.unexport(exported.id());
            } else {
                unexportQuietly(backend);
            }
            LocalBackends.forget(serviceId, backend);
        }
    }

    @Override
    public void bind(String name, Serializable proxy) throws RemoteException {
        Objects.requireNonNull(name, "name");
        requireRegistry().rebind(name, new RegistryEntry(proxy));
        names.put(name, Boolean.TRUE);
    }

    @Override
    public void unbind(String name) {
        if (registry != null && names.remove(name) != null) {
            try {
                registry.unbind(name);
            } catch (NotBoundException | RemoteException gone) {
                // already unbound
            }
        }
    }

    @Override
    public <T extends Remote> T exportCallback(Class<T> type, T object) throws RemoteException {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(object, "object");
        if (closed) {
            throw new IllegalStateException("exporter closed");
        }
        synchronized (callbacks) {
            Remote stub = callbacks.get(object);
            if (stub == null) {
                stub = exportObject(object);
                callbacks.put(object, stub);
            }
            return type.cast(stub);
        }
    }

    @Override
    public boolean unexportCallback(Remote object) {
        synchronized (callbacks) {
            if (callbacks.remove(object) == null) {
                return false;
            }
        }
        unexportQuietly(object);
        return true;
    }

    @Override
    public String host() {
        return settings.advertisedHost();
    }

    @Override
    public int registryPort() {
        return registryPort;
    }

    /** Names bound with {@link #bind} in the registry of a container (for tools and tests). */
    public List<String> boundNames() {
        return new ArrayList<>(names.keySet());
    }

    /** Unexports every backend and callback, and the registry; the port is free afterwards. */
    @Override
    public void close() {
        closed = true;
        for (UUID id : new ArrayList<>(backends.keySet())) {
            unexport(id);
        }
        for (String name : new ArrayList<>(names.keySet())) {
            unbind(name);
        }
        List<Remote> exported;
        synchronized (callbacks) {
            exported = new ArrayList<>(callbacks.keySet());
            callbacks.clear();
        }
        exported.forEach(RmiExporter::unexportQuietly);
        if (registry != null) {
            unexportQuietly(registry);
        }
        LocalBackends.withdraw(routes);
        if (mux != null) {
            mux.close();
        }
        endpoint.stopped();
    }

    private Registry requireRegistry() {
        if (closed) {
            throw new IllegalStateException("exporter closed");
        }
        if (registry == null) {
            throw new IllegalStateException("this exporter keeps no registry (registry port -1): it exports "
                    + "callbacks only");
        }
        return registry;
    }

    /**
     * Exports with the marshaller's class loader as the context loader, which RMI reads the calls' arguments
     * through: the object's own loader first, then classes without a bundle annotation (a plain Java client's)
     * through the packages installed bundles export, within the allowlist; a class that cannot be found fails with
     * a message saying what to install.
     */
    private Remote exportObject(Remote object) throws RemoteException {
        Thread thread = Thread.currentThread();
        ClassLoader saved = thread.getContextClassLoader();
        ClassLoader own = object.getClass().getClassLoader();
        thread.setContextClassLoader(own == null ? settings.marshaller().classLoader()
                : settings.marshaller().classLoader(own));
        try {
            return UnicastRemoteObject.exportObject(object, objectPort, clientSockets, serverSockets, calls);
        } catch (ExportException e) {
            throw new ExportException("cannot export " + object.getClass().getName() + " on "
                    + settings.bindAddress() + ":" + objectPort + ": " + e.getMessage(), e);
        } finally {
            thread.setContextClassLoader(saved);
        }
    }

    /** Exports the service's backend over the multiplexed transport (once per backend object); its stub. */
    private <B extends Remote> B muxExport(UUID serviceId, Class<B> type, B backend) {
        Exported previous = muxed.get(serviceId);
        if (previous != null && previous.backend() == backend) {
            return type.cast(previous.stub());
        }
        ClassLoader own = backend.getClass().getClassLoader();
        ClassLoader loader = own == null ? settings.marshaller().classLoader()
                : settings.marshaller().classLoader(own);
        UUID id = mux.export(backend, type, loader, calls);
        B stub = MuxStub.of(type, muxHost, mux.port(), clientSockets, id);
        muxed.put(serviceId, new Exported(backend, id, stub));
        if (previous != null) {
            mux.unexport(previous.id());
        }
        return stub;
    }

    private static <B extends Remote> B stubOf(Class<B> type, Remote exported) throws NoSuchObjectException {
        return type.cast(java.rmi.server.RemoteObject.toStub(exported));
    }

    private static void unexportQuietly(Remote object) {
        try {
            UnicastRemoteObject.unexportObject(object, true);
        } catch (NoSuchObjectException notExported) {
            // already gone
        }
    }
}
