package org.estuary.remote.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The containers ({@code host:port} of their registries) where a call from this JVM timed out: they accept
 * connections but do not answer (paused, partitioned, overloaded). A reference with failover peers goes to its
 * peers first while its own container is here, so a container that stops answering costs this JVM one call
 * timeout, not one per reference. An endpoint leaves once a call or a lookup there is answered. Bounded: an
 * endpoint beyond {@link #MAX} is not remembered (its references each pay their own time-out, as without this).
 */
public final class SilentEndpoints {

    /** The most endpoints remembered: far above the containers of a failover group. */
    static final int MAX = 256;

    private static final Set<String> SILENT = ConcurrentHashMap.newKeySet();

    private SilentEndpoints() {
    }

    /** A call to {@code endpoint} timed out. */
    public static void silent(String endpoint) {
        if (SILENT.size() < MAX) {
            SILENT.add(endpoint);
        }
    }

    /** A call or lookup at {@code endpoint} was answered. */
    public static void answered(String endpoint) {
        if (!SILENT.isEmpty()) {
            SILENT.remove(endpoint);
        }
    }

    /** Whether the last call to {@code endpoint} from this JVM timed out and none was answered since. */
    public static boolean isSilent(String endpoint) {
        return !SILENT.isEmpty() && SILENT.contains(endpoint);
    }
}
