package org.estuary.remote;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.OptionalDataException;
import java.io.Serializable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.estuary.remote.internal.LocalBackends;
import org.estuary.remote.internal.LocalBackends.Route;
import org.estuary.remote.internal.SilentEndpoints;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The reference to a service's backend that every proxy holds instead of a raw stub: the service id, the backend
 * interface and, for a caller in another JVM, the container's registry endpoint and the current stub.
 *
 * <ul>
 * <li><b>Local path.</b> In the JVM that serves the service, every call goes straight to the backend object
 * registered for the service id at that moment (never through RMI), whether the reference was made here or
 * arrived by deserialization. While the service is being replaced (no backend registered) a local call gets a
 * {@link ServiceSwappingException}.</li>
 * <li><b>Remote path.</b> Elsewhere, calls go through the stub. A dead stub ({@link NoSuchObjectException} from the
 * RMI runtime, {@link ConnectException}, {@link ConnectIOException}) makes the reference look the backend up again
 * by service id in the container's registry (name {@link Exporter#BACKEND_PREFIX} + id) and retry <em>once</em>.
 * A service not bound there (mid-swap, container restarting) gives a {@link ServiceSwappingException}; an
 * unreachable registry the connection exception: both indefinite, never a wrong answer.</li>
 * <li><b>Failover.</b> A reference to a container with failover peers ({@link RemoteSettings#peers()}) also looks
 * the backend up in the peers' registries when its own does not bind it or cannot be reached, and moves there. A
 * container not active for the service refuses a call with {@link ServiceSwappingException} before running it;
 * the call is then made once more through the peers. A call that times out is not repeated (it may have run),
 * but the next call resolves through the peers first, and so does the next call of every other reference in this
 * JVM to that container until one there is answered: a paused container costs one call timeout, not one per
 * reference. During a takeover calls fail with these indefinite exceptions until the new active container
 * serves.</li>
 * <li><b>Objects gone for good.</b> The backend throws {@link NoSuchObjectException} for an object id it does not
 * know; the caller gets that exception as the backend threw it, locally and remotely alike (the
 * {@link ServerException} RMI wraps it in is removed).</li>
 * </ul>
 *
 * Equal when the service id and the interface are. Thread-safe.
 *
 * @param <B> the backend interface
 */
@ProviderType
public final class BackendRef<B extends Remote> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the service's persistent id */
    private final UUID serviceId;
    /** @serial the backend interface */
    private final Class<B> type;
    // Written by writeObject: registry host, registry port, client socket factory, stub (all may be null/0).
    private transient volatile Route route;
    private transient volatile B invoker;
    /** Where the replies of this reference's calls are read: the scope it was read in, or one of its own. */
    private transient volatile ReadScope replies;

    private BackendRef(UUID serviceId, Class<B> type, Route route) {
        this.serviceId = Objects.requireNonNull(serviceId, "serviceId");
        this.type = checkType(Objects.requireNonNull(type, "type"));
        this.route = route;
    }

    /**
     * Makes {@code backend} this JVM's backend of the service (replacing any earlier one) and returns a reference
     * to it. In-JVM callers use it directly; to reach remote callers export it with {@link Exporter#export}.
     *
     * @throws IllegalArgumentException if {@code type} is not an interface extending {@code Remote}
     */
    public static <B extends Remote> BackendRef<B> local(UUID serviceId, Class<B> type, B backend) {
        BackendRef<B> ref = new BackendRef<>(serviceId, type, LocalBackends.route(serviceId));
        LocalBackends.register(serviceId, type.cast(Objects.requireNonNull(backend, "backend")));
        return ref;
    }

    /**
     * Withdraws {@code backend} as this JVM's backend of the service (if it still is): local callers get
     * {@link ServiceSwappingException} until a new backend is registered.
     */
    public static void release(UUID serviceId, Remote backend) {
        LocalBackends.unregister(serviceId, backend);
    }

    /** A reference from its parts (the exporter's; also for tests). */
    static <B extends Remote> BackendRef<B> routed(UUID serviceId, Class<B> type, String host, int port,
            ClientSockets sockets, B stub) {
        return routed(serviceId, type, new Route(host, port, sockets, stub));
    }

    /** A reference along {@code route} (the exporter's). */
    static <B extends Remote> BackendRef<B> routed(UUID serviceId, Class<B> type, Route route) {
        return new BackendRef<>(serviceId, type, route);
    }

    /** The service id. */
    public UUID serviceId() {
        return serviceId;
    }

    /** The backend interface. */
    public Class<B> type() {
        return type;
    }

    /**
     * Runs one call on the backend: locally without RMI, remotely through the stub with re-resolution and one
     * retry on a dead stub (see the class comment).
     *
     * @throws ServiceSwappingException if the service is being replaced or its container restarts
     * @throws RemoteException what the call or the re-resolution threw
     * @throws X what the call threw
     */
    public <T, X extends Exception> T call(RemoteCall<? super B, T, X> call) throws RemoteException, X {
        Remote local = LocalBackends.local(serviceId);
        if (local != null) {
            boolean outer = Callers.localStarted();
            try {
                return call.call(type.cast(local));
            } finally {
                Callers.localEnded(outer);
            }
        }
        if (LocalBackends.isHome(serviceId)) {
            throw new ServiceSwappingException("service " + serviceId + " is being replaced in this JVM");
        }
        Route current = route;
        if (current == null || current.host == null && current.port == 0) {
            throw new ServiceSwappingException("service " + serviceId + " was not exported when this reference "
                    + "was made; it has no remote endpoint");
        }
        Thread thread = Thread.currentThread();
        ClassLoader saved = thread.getContextClassLoader();
        // Results resolve as the backend interface's bundle sees them (its proxy classes), also inside OSGi.
        thread.setContextClassLoader(type.getClassLoader());
        // The reply is read in this reference's scope: its reader's allowlist and classes for Marshalled objects,
        // and stubs in it connect with the key material this reference connects with.
        ReadScope.Entered scope = replyScope(current).enter();
        try {
            boolean resolved = current.stub == null || silentWithPeers(current);
            B stub = resolved ? resolve(current, null) : type.cast(current.stub);
            try {
                T result = call.call(stub);
                if (!resolved) { // (a lookup that answered did this)
                    SilentEndpoints.answered(current.endpoint());
                }
                return result;
            } catch (NoSuchObjectException | ConnectException | ConnectIOException dead) {
                if (!current.peers.isEmpty() && timedOut(dead)) {
                    // a new connection's handshake was not answered (the call was not sent): the peers first
                    SilentEndpoints.silent(current.endpoint());
                }
                B fresh = resolve(current, dead);
                if (fresh.equals(stub)) {
                    throw dead; // the registry still names this stub: the failure is not a swap
                }
                return call.call(fresh);
            } catch (ServerException e) {
                if (!(e.detail instanceof ServiceSwappingException) || current.peers.isEmpty()) {
                    throw e;
                }
                // A container not active for the service (failover) refused the call before running it: once
                // more through the peers, the container that refused last.
                return call.call(resolveAmongPeers(current, (RemoteException) e.detail));
            } catch (RemoteException e) {
                if (!current.peers.isEmpty() && timedOut(e)) {
                    // A container that does not answer (paused, partitioned): the call may have run, so it is not
                    // repeated; the next call of this reference, and of every other one to that container in this
                    // JVM, resolves through the peers first.
                    SilentEndpoints.silent(current.endpoint());
                    Route next = current.at(current.peers.get(0), null);
                    route = next;
                }
                throw e;
            }
        } catch (ServerException e) {
            // The backend threw this RemoteException itself: hand it on as a local caller would see it.
            if (e.detail instanceof RemoteException) {
                throw (RemoteException) e.detail;
            }
            throw e;
        } finally {
            scope.close();
            thread.setContextClassLoader(saved);
        }
    }

    /**
     * The scope this reference was read in (the client that looked it up, the export whose call carried it), else
     * one of its own: the default allowlist, classes as the backend interface's loader sees them, and the key
     * material of the factory that reaches the backend.
     */
    private ReadScope replyScope(Route current) {
        ReadScope scope = replies;
        if (scope == null) {
            Marshaller own = Marshallers.builder().classLoader(type.getClassLoader()).build();
            scope = ReadScope.forReplies(own, current.sockets == null ? null : current.sockets.endpoint());
            replies = scope;
        }
        return scope;
    }

    /**
     * The backend as its interface, every call going through {@link #call}: keep it as long as you like (it
     * follows swaps and restarts). Serializable: it writes this reference.
     */
    public B backend() {
        B proxy = invoker;
        if (proxy == null) {
            proxy = type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                    new Invoker(this)));
            invoker = proxy;
        }
        return proxy;
    }

    /** Whether the route's container did not answer a call from this JVM and peers may serve instead. */
    private static boolean silentWithPeers(Route current) {
        return !current.peers.isEmpty() && SilentEndpoints.isSilent(current.endpoint());
    }

    /**
     * Looks the backend up in the route's registry, then in its failover peers' (a peer where the service is
     * bound, because its container is active for it, becomes the route); the first failure if none binds it.
     */
    private B resolve(Route current, Exception dead) throws RemoteException {
        boolean silent = silentWithPeers(current);
        if (silent) { // a lookup there would wait a whole time-out: the peers first, then it after all
            try {
                return lookupPeers(current, new ServiceSwappingException("service " + serviceId + ": the "
                        + "container at " + current.endpoint() + " did not answer a call in time", dead));
            } catch (RemoteException noPeerServes) {
                // it may answer again
            }
        }
        RemoteException first;
        try {
            return lookup(current, current.endpoint(), dead);
        } catch (RemoteException e) {
            if (current.peers.isEmpty() || silent) {
                throw e;
            }
            first = e;
        }
        return lookupPeers(current, first);
    }

    /** Looks the backend up in the route's failover peers only (the route's own container refused the call). */
    private B resolveAmongPeers(Route current, RemoteException refused) throws RemoteException {
        return lookupPeers(current, refused);
    }

    private B lookupPeers(Route current, RemoteException first) throws RemoteException {
        // peers that answer first: a silent one would hold the lookup for a whole time-out
        List<String> peers = new ArrayList<>(current.peers);
        peers.sort(Comparator.comparing(SilentEndpoints::isSilent));
        for (String peer : peers) {
            try {
                return lookup(current, peer, null);
            } catch (RemoteException e) {
                first.addSuppressed(e);
            }
        }
        throw first instanceof ServiceSwappingException ? first : new ServiceSwappingException("service "
                + serviceId + " is not reachable at " + current.endpoint() + " nor bound at its failover peers "
                + current.peers + " (a failover in progress, or its containers restarting)", first);
    }

    /** Looks the backend up in the registry at {@code endpoint} and makes that the route. */
    private B lookup(Route current, String endpoint, Exception dead) throws RemoteException {
        HostPort address = HostPort.parse(endpoint);
        Registry registry = LocateRegistry.getRegistry(address.host(), address.port(), current.sockets);
        Remote found;
        try {
            found = registry.lookup(Exporter.BACKEND_PREFIX + serviceId);
        } catch (NotBoundException e) {
            throw new ServiceSwappingException("service " + serviceId + " is not bound in the registry at "
                    + endpoint + " (" + whyNotBound(registry) + ")", dead);
        } catch (RemoteException e) {
            if (dead != null) {
                e.addSuppressed(dead);
            }
            throw e;
        }
        SilentEndpoints.answered(endpoint);
        if (!type.isInstance(found)) {
            throw new ServiceSwappingException("the registry at " + endpoint + " binds service " + serviceId
                    + " to a " + found.getClass().getName() + ", not a " + type.getName());
        }
        route = endpoint.equals(current.endpoint()) ? current.withStub(found) : current.at(endpoint, found);
        return type.cast(found);
    }

    /**
     * Why a registry does not bind the service: a standby's {@link FailoverNotice} names the active containers;
     * without one (no failover, or it cannot be read), the possible causes.
     */
    private static String whyNotBound(Registry registry) {
        String active = Registries.activeElsewhere(registry);
        return active.isEmpty() ? "being replaced, its container restarting, or a standby" : active;
    }

    /** Whether the call failed because the container did not answer in time. */
    private static boolean timedOut(RemoteException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof java.net.SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }

    private static <B> Class<B> checkType(Class<B> type) {
        if (!type.isInterface() || !Remote.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("backend type must be an interface extending java.rmi.Remote: "
                    + type.getName());
        }
        return type;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BackendRef && ((BackendRef<?>) o).serviceId.equals(serviceId)
                && ((BackendRef<?>) o).type.equals(type);
    }

    @Override
    public int hashCode() {
        return serviceId.hashCode();
    }

    @Override
    public String toString() {
        Route r = route;
        return "BackendRef[" + type.getSimpleName() + " " + serviceId + (r == null ? "" : " @" + r.host + ":" + r.port)
                + "]";
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        writeRoute(out, true);
    }

    /**
     * Writes the route: host, port, client socket factory, the stub if {@code withStub}, then the failover peers
     * (read by references that know them; older readers skip them). In the serving JVM the exporter's current route
     * wins over what this reference last saw.
     */
    private void writeRoute(ObjectOutput out, boolean withStub) throws IOException {
        Route exported = LocalBackends.route(serviceId);
        Route r = exported != null ? exported : route;
        out.writeObject(r == null ? null : r.host);
        out.writeInt(r == null ? 0 : r.port);
        out.writeObject(r == null ? null : r.sockets);
        if (withStub) {
            out.writeObject(r == null ? null : r.stub);
        }
        out.writeObject(r == null ? "" : String.join(",", r.peers));
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (serviceId == null || type == null) {
            throw new InvalidObjectException("BackendRef without service id or type");
        }
        try {
            checkType(type);
        } catch (IllegalArgumentException e) {
            throw new InvalidObjectException(e.getMessage());
        }
        Object host = in.readObject();
        int port = in.readInt();
        Object sockets = in.readObject();
        Object stub = in.readObject();
        if (stub != null && !type.isInstance(stub)) {
            throw new InvalidObjectException("BackendRef with a malformed route");
        }
        Object peers;
        try {
            peers = in.readObject();
        } catch (OptionalDataException written) {
            if (!written.eof) {
                throw written;
            }
            peers = ""; // written by a reference that knew no failover peers
        }
        route = route(host, port, sockets, (Remote) stub, peers);
        ReadScope scope = ReadScope.of(in);
        replies = scope == null ? null : scope.forReplies();
    }

    /**
     * The reference behind a view that {@link #backend()} made, or null if {@code backend} is not such a view (a
     * backend object itself, a raw stub).
     */
    public static BackendRef<?> of(Object backend) {
        if (backend != null && Proxy.isProxyClass(backend.getClass())
                && Proxy.getInvocationHandler(backend) instanceof Invoker invoker) {
            return invoker.ref;
        }
        return null;
    }

    /**
     * Writes this reference in its compact form, for an object a client reads many times over (an event's source):
     * the service id and the route to the container's registry, without the stub and without a class descriptor
     * (but the client socket factory's, when the route carries one). A reference read back by
     * {@link #readCompact} is local in the service's JVM, as every reference is, and elsewhere looks its stub up in
     * that registry at its first remote call, as any reference does whose stub died.
     *
     * @throws IOException what writing threw
     */
    public void writeCompact(ObjectOutput out) throws IOException {
        out.writeLong(serviceId.getMostSignificantBits());
        out.writeLong(serviceId.getLeastSignificantBits());
        writeRoute(out, false);
    }

    /**
     * Reads what {@link #writeCompact} wrote, as a reference to a backend of interface {@code type}.
     *
     * @throws InvalidObjectException if what was written is not a reference's compact form
     * @throws IOException what reading threw
     * @throws ClassNotFoundException if the client socket factory's class cannot be found
     * @throws IllegalArgumentException if {@code type} is not an interface extending {@code Remote}
     */
    public static <B extends Remote> BackendRef<B> readCompact(ObjectInput in, Class<B> type)
            throws IOException, ClassNotFoundException {
        UUID serviceId = new UUID(in.readLong(), in.readLong());
        Object host = in.readObject();
        int port = in.readInt();
        Object sockets = in.readObject();
        Object peers = in.readObject();
        BackendRef<B> ref = new BackendRef<>(serviceId, type, route(host, port, sockets, null, peers));
        ReadScope scope = in instanceof ObjectInputStream stream ? ReadScope.of(stream) : null;
        ref.replies = scope == null ? null : scope.forReplies();
        return ref;
    }

    /** A route from the parts a stream held, checked. */
    private static Route route(Object host, int port, Object sockets, Remote stub, Object peers)
            throws InvalidObjectException {
        if (host != null && !(host instanceof String) || sockets != null && !(sockets instanceof ClientSockets)
                || port < 0 || port > 65535) {
            throw new InvalidObjectException("BackendRef with a malformed route");
        }
        if (!(peers instanceof String)) {
            throw new InvalidObjectException("BackendRef with malformed failover peers");
        }
        List<String> named = ((String) peers).isEmpty() ? List.of() : List.of(((String) peers).split(","));
        for (String peer : named) {
            try {
                HostPort.parse(peer);
            } catch (IllegalArgumentException e) {
                throw new InvalidObjectException("BackendRef with a malformed failover peer: " + e.getMessage());
            }
        }
        return new Route((String) host, port, (ClientSockets) sockets, stub, named);
    }

    /** The invocation handler behind {@link #backend()}. */
    private static final class Invoker implements ProxyIdentity, Serializable {
        private static final long serialVersionUID = 1L;

        /** @serial the reference every call goes through */
        private final BackendRef<?> ref;

        Invoker(BackendRef<?> ref) {
            this.ref = ref;
        }

        @Override
        public Object identity() {
            return ref;
        }

        @Override
        public String toString() {
            return ref.toString();
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                return ProxyIdentity.objectMethod(this, method, args);
            }
            return ref.call(backend -> {
                try {
                    return method.invoke(backend, args);
                } catch (InvocationTargetException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof Exception) {
                        throw (Exception) cause;
                    }
                    throw (Error) cause;
                }
            });
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            if (ref == null) {
                throw new InvalidObjectException("no reference");
            }
        }
    }
}
