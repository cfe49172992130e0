package org.estuary.remote;

import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A container's registry read as a client reads it: through a given {@link ClientSockets}, in a {@link ReadScope}
 * (the reply is remote input too: the scope's allowlist checks it, and the stubs in it connect with the scope's key
 * material).
 */
@ProviderType
public final class Registries {

    private Registries() {
    }

    /**
     * What is bound under {@code name} at host:port: a bootstrap proxy bound with {@link Exporter#bind} unwrapped,
     * anything else as the registry holds it. The reply is read in a scope of its own: the default allowlist,
     * classes through this library's loader, and stubs with the key material of {@code sockets}.
     *
     * @throws java.rmi.UnmarshalException if the reply was refused (the allowlist logs why); use
     *     {@link ClientSockets#withFreshConnections()} for the next call, the JDK's registry stub pools that
     *     connection unread
     */
    public static Object lookup(String host, int port, ClientSockets sockets, String name)
            throws RemoteException, NotBoundException {
        Marshaller own = Marshallers.builder().classLoader(Registries.class.getClassLoader()).build();
        return lookup(host, port, sockets, name, ReadScope.forReplies(own, sockets.endpoint()));
    }

    /**
     * As {@link #lookup(String, int, ClientSockets, String)}, reading the reply in {@code scope} (a client's own:
     * {@link RmiExporter#replies()}).
     */
    public static Object lookup(String host, int port, ClientSockets sockets, String name, ReadScope scope)
            throws RemoteException, NotBoundException {
        try (ReadScope.Entered reading = scope.enter()) {
            Remote entry = LocateRegistry.getRegistry(host, port, sockets).lookup(name);
            return entry instanceof RegistryEntry ? ((RegistryEntry) entry).proxy() : entry;
        }
    }

    /** The longest failover notice {@link #activeElsewhere(Registry)} passes on (another JVM's text). */
    private static final int MAX_NOTICE = 2_000;

    /**
     * Which containers are active for the service instances the container of {@code registry} stands by for: the
     * text of the {@link FailoverNotice} it binds (at most 2,000 characters), or an empty string when it binds none
     * (no failover there), is active for every instance, or the notice cannot be read. Read in the caller's scope.
     */
    public static String activeElsewhere(Registry registry) {
        try {
            Remote bound = registry.lookup(FailoverNotice.NAME);
            Object notice = bound instanceof RegistryEntry ? ((RegistryEntry) bound).proxy() : bound;
            if (notice instanceof FailoverNotice) {
                String active = ((FailoverNotice) notice).activeElsewhere();
                if (active != null && !active.isBlank()) {
                    return active.length() > MAX_NOTICE ? active.substring(0, MAX_NOTICE) + "..." : active;
                }
            }
        } catch (NotBoundException | RemoteException | RuntimeException unknown) {
            // no failover there, or the notice cannot be read
        }
        return "";
    }

    /** As {@link #activeElsewhere(Registry)} for the registry at host:port, the reply read in {@code scope}. */
    public static String activeElsewhere(String host, int port, ClientSockets sockets, ReadScope scope) {
        try (ReadScope.Entered reading = scope.enter()) {
            return activeElsewhere(LocateRegistry.getRegistry(host, port, sockets));
        } catch (RemoteException unreachable) {
            return "";
        }
    }

    /** The names bound at host:port. */
    public static String[] list(String host, int port, ClientSockets sockets) throws RemoteException {
        return LocateRegistry.getRegistry(host, port, sockets).list();
    }
}
