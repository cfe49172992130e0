package org.estuary.store.api;

import org.osgi.annotation.versioning.ProviderType;
import org.osgi.framework.BundleContext;

/**
 * This container's right to serve one service instance and write its records: registered as an OSGi service with
 * the property {@value #INSTANCE} while the container is active for that instance, withdrawn when it stops being
 * so. A service component takes it as a mandatory static reference with the target {@link #target(String)}, so
 * Declarative Services activates the service (it recovers from the store and serves) when this container becomes
 * active, and deactivates it when the container becomes a standby: one piece of code decides, every service follows.
 *
 * <p>Without failover (PID {@code org.estuary.failover}, {@code enabled=false}, the default) the container is
 * active for every instance at once. With failover, containers sharing a jdbc store contend for a lease row per
 * instance; the holder is active, its {@link #token()} fences the store's writes (a container that lost the
 * lease, even one that was paused and does not know it yet, cannot write the instance's records), and the others
 * stand by until the lease runs out.
 */
@ProviderType
public interface ActiveRole {

    /** The service property naming the instance ({@code renewal}, {@code mailbox}, {@code txn}, {@code discovery}). */
    String INSTANCE = "estuary.instance";

    /** The service instance: the first segment of its store spaces ({@code renewal} for {@code renewal/sets}). */
    String instance();

    /** The name of this container as other containers and operators see it. */
    String member();

    /**
     * The fencing token of this term, which grows at every change of holder; 0 without failover (no lease row:
     * nothing to fence).
     */
    long token();

    /** When this container became active for the instance, in milliseconds since the epoch. */
    long sinceMillis();

    /**
     * Whether the role still holds now: false once the lease may have run out (its holder did not renew it in
     * time, for example because the process was paused), before the role is withdrawn. A call served on a role
     * that no longer holds could answer from state a new active container has changed.
     */
    boolean holds();

    /** The reference target selecting the role of {@code instance}: {@code (estuary.instance=renewal)}. */
    static String target(String instance) {
        if (Names.requireSpace(instance).indexOf('/') >= 0) {
            throw new IllegalArgumentException("an instance is one segment of a space name, without '/': \""
                    + instance + "\"");
        }
        return "(" + INSTANCE + "=" + instance + ")";
    }

    /**
     * A container's member name: {@code configured} if set (failover's {@code member}), else the host name and the
     * container's name, the framework property {@code karaf.name} that {@code context} gives ({@code host/root};
     * {@code host/estuary} in a framework that names none, as the executable jar's).
     */
    static String memberName(String configured, BundleContext context) {
        if (configured != null && !configured.isBlank()) {
            return configured.strip();
        }
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            host = "localhost";
        }
        String container = context.getProperty("karaf.name");
        return host + "/" + (container == null || container.isBlank() ? "estuary" : container);
    }

    /** The instance a store space belongs to: its first segment ({@code renewal} for {@code renewal/sets}). */
    static String instanceOf(String space) {
        int slash = space.indexOf('/');
        return slash < 0 ? space : space.substring(0, slash);
    }
}
