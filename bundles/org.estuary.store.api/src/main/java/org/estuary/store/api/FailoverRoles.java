package org.estuary.store.api;

import java.util.List;
import java.util.Optional;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Who is active for each service instance, as this container's failover last read the lease rows: registered as an
 * OSGi service while failover runs (PID {@value FailoverConfig#PID} with {@code enabled=true}), absent without it.
 * The console pages of the services show it, and a standby names the active container to the clients it refuses.
 */
@ProviderType
public interface FailoverRoles {

    /** This container's member name. */
    String member();

    /** One role per instance this container serves or stands by for, in the configured order. */
    List<Role> roles();

    /** The role of {@code instance}, if this container serves or stands by for it. */
    default Optional<Role> role(String instance) {
        return roles().stream().filter(role -> role.instance().equals(instance)).findFirst();
    }

    /**
     * One instance: whether this container is active for it, and the container that is, as its lease row says.
     *
     * @param instance the service instance ({@code renewal})
     * @param activeHere whether this container is active for it
     * @param member the active container's member name, or null while no container holds the lease
     * @param endpoint the active container's registry as clients reach it ({@code host:port}; empty if not
     *        configured)
     * @param token the fencing token of its term
     * @param sinceMillis when its term began, in milliseconds since the epoch
     */
    record Role(String instance, boolean activeHere, String member, String endpoint, long token, long sinceMillis) {
    }
}
