package org.estuary.remote;

import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Who is calling: the identity a service counts a client's holdings under (per-client quotas). A call that arrived
 * over RMI is its peer's address, as the connection shows it; every process on one host therefore counts as one
 * client. A call from this JVM (an OSGi service consumer, a {@link BackendRef}'s local path) has no identity and is
 * not counted: the container's own bundles are trusted.
 *
 * @since 1.2
 */
@ProviderType
public final class Callers {

    private Callers() {
    }

    /** The peer address of the RMI call this thread serves, or null when the call came from this JVM. */
    public static String current() {
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException fromThisJvm) {
            return null;
        }
    }
}
