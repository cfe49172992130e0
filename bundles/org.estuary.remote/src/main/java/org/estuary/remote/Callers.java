package org.estuary.remote;

import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.util.HashMap;
import java.util.Map;

import org.estuary.remote.internal.mux.MuxServer;
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

    /**
     * Whether this thread runs a call through a {@link BackendRef}'s local path: a flag each thread keeps (a JDK
     * type, so no bundle's class loader stays reachable from a thread), set and cleared in place, so a local call
     * allocates nothing.
     */
    private static final ThreadLocal<boolean[]> LOCAL_CALL = ThreadLocal.withInitial(() -> new boolean[1]);

    private Callers() {
    }

    /**
     * The peer address of the RMI call this thread serves, or null when the call came from this JVM: through a
     * {@link BackendRef}'s local path (also one made while serving an RMI call: its caller is the service that made
     * it), or from a thread that serves no RMI call.
     */
    public static String current() {
        if (LOCAL_CALL.get()[0]) {
            return null; // known without asking RMI, whose answer for a thread it does not serve is an exception
        }
        String muxed = MuxServer.caller();
        if (muxed != null) {
            return muxed;
        }
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException fromThisJvm) {
            return null;
        }
    }

    /** A call through a local path starts on this thread; whether one was running already (for {@link #localEnded}). */
    static boolean localStarted() {
        boolean[] local = LOCAL_CALL.get();
        if (local[0]) {
            return true;
        }
        local[0] = true;
        return false;
    }

    /** The call {@link #localStarted} began has ended; {@code outer}: what it returned. */
    static void localEnded(boolean outer) {
        if (!outer) {
            LOCAL_CALL.get()[0] = false;
        }
    }

    /**
     * What each client holds of one thing (sets, registrations, transactions), for a per-client quota; a null
     * client (this JVM) is not counted. Not thread-safe: used under the service's lock.
     */
    @ProviderType
    public static final class Counts {
        private final Map<String, Integer> held = new HashMap<>();

        /** {@code client} holds {@code delta} more (fewer when negative); nothing for a null client. */
        public void add(String client, int delta) {
            if (client != null && delta != 0) {
                held.merge(client, delta, (was, more) -> was + more == 0 ? null : was + more);
            }
        }

        /** What {@code client} holds; 0 for a null client. */
        public int of(String client) {
            return client == null ? 0 : held.getOrDefault(client, 0);
        }
    }
}
