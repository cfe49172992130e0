package org.estuary.remote;

import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;

import javax.net.ssl.SSLContext;

import org.estuary.remote.internal.RemoteInput;
import org.estuary.remote.internal.TlsContext;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A container's registry read as a client reads it: through a given {@link ClientSockets}, whose key material the
 * stubs in the reply take (each client its own, item 3), and through the allowlist (item 4: the reply is remote
 * input too).
 */
@ProviderType
public final class Registries {

    private Registries() {
    }

    /**
     * What is bound under {@code name} at host:port: a bootstrap proxy bound with {@link Exporter#bind} unwrapped,
     * anything else as the registry holds it.
     *
     * @throws java.rmi.UnmarshalException if the reply was refused (the allowlist logs why); use
     *     {@link ClientSockets#withFreshConnections()} for the next call, the JDK's registry stub pools that
     *     connection unread
     */
    public static Object lookup(String host, int port, ClientSockets sockets, String name)
            throws RemoteException, NotBoundException {
        RemoteInput.ensureInstalled();
        SSLContext saved = TlsContext.enter(sockets.ssl());
        try {
            Remote entry = LocateRegistry.getRegistry(host, port, sockets).lookup(name);
            return entry instanceof RegistryEntry ? ((RegistryEntry) entry).proxy() : entry;
        } finally {
            TlsContext.restore(saved);
        }
    }

    /** The names bound at host:port. */
    public static String[] list(String host, int port, ClientSockets sockets) throws RemoteException {
        return LocateRegistry.getRegistry(host, port, sockets).list();
    }
}
