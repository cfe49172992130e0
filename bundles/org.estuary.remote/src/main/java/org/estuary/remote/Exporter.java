package org.estuary.remote;

import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.UUID;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Exports backends (over Estuary's multiplexed transport, or Java RMI) and client-side callback objects (over Java
 * RMI), and keeps the container's registry: each exported backend is bound under {@link #BACKEND_PREFIX} + its
 * service id (what {@link BackendRef} re-resolves through), and each service's bootstrap proxy under a well-known
 * name ({@link #bind}), which is what {@code org.estuary.client} looks up. In OSGi it is a service (PID {@code org.estuary.remote}); in plain Java an
 * {@link RmiExporter}.
 *
 * <p>Every export listens on the configured bind address (127.0.0.1 by default), reads incoming calls through the
 * configured {@code SerialFilter} and hands out stubs carrying {@link ClientSockets} with bounded timeouts.
 */
@ProviderType
public interface Exporter {

    /** Registry names of backends: this prefix and the service id. */
    String BACKEND_PREFIX = "org.estuary.backend/";

    /**
     * Makes {@code backend} the service's backend in this JVM (as {@link BackendRef#local}), exports it and binds it
     * in the registry, replacing an earlier backend of the same service (the swap: earlier stubs then re-resolve to
     * this one).
     *
     * @return a reference to hand to the service's proxies
     * @throws RemoteException if it cannot be exported
     * @throws IllegalStateException if this exporter keeps no registry or was closed
     */
    <B extends Remote> BackendRef<B> export(UUID serviceId, Class<B> type, B backend) throws RemoteException;

    /**
     * Unbinds and unexports the service's backend (calls in progress finish; later ones re-resolve and get
     * {@link ServiceSwappingException} until it is exported again) and withdraws it as the local backend. Does
     * nothing for a service not exported here.
     */
    void unexport(UUID serviceId);

    /**
     * Binds a service's serializable bootstrap proxy under a well-known name (by convention the name of the
     * service interface, e.g. {@code net.jini.lease.LeaseRenewalService}); clients get a copy with
     * {@code EstuaryClient.lookup}. Its classes must be loadable by clients (the API, this bundle, or the service's
     * exported proxy package).
     *
     * @throws IllegalStateException if this exporter keeps no registry or was closed
     */
    void bind(String name, Serializable proxy) throws RemoteException;

    /** Removes a name bound with {@link #bind}; nothing if it is not bound. */
    void unbind(String name);

    /**
     * Exports a callback object (a {@code RemoteEventListener}, a {@code TransactionParticipant}, a landlord) and
     * returns its stub, to pass to a service. Exporting the same object again returns its existing stub.
     *
     * @throws RemoteException if it cannot be exported
     */
    <T extends Remote> T exportCallback(Class<T> type, T object) throws RemoteException;

    /** Unexports a callback object; false if it was not exported here. */
    boolean unexportCallback(Remote object);

    /** The host stubs and clients connect to (null: the JDK's choice). */
    String host();

    /** The registry's port (the actual one when configured as 0), or -1 without a registry. */
    int registryPort();
}
