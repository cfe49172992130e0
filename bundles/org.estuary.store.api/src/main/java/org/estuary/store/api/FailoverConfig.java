package org.estuary.store.api;

import org.osgi.annotation.versioning.ProviderType;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Failover's configuration (PID {@value #PID}): read by the roles of a container running alone (this bundle) and
 * by the jdbc store, which contends for the instances' leases in {@code <table.prefix>leases} of its database when
 * {@code enabled} is true.
 */
@ProviderType
@ObjectClassDefinition(name = "Estuary failover",
        description = "Active/standby containers on one PostgreSQL database: per service instance exactly "
                + "one container is active, the others stand by and take over when it stops renewing its "
                + "lease. Off by default: the container then serves every instance alone.")
public @interface FailoverConfig {

    /** The configuration PID. */
    String PID = "org.estuary.failover";

    @AttributeDefinition(name = "Enabled", description = "Contend with other containers on the jdbc store "
            + "for each instance (needs the feature estuary-store-jdbc and its DataSource); off, this "
            + "container is active for every instance at once.")
    boolean enabled() default false;

    @AttributeDefinition(name = "Instances", description = "The service instances this container serves "
            + "or stands by for, by the first segment of their store spaces.")
    String[] instances() default {"renewal", "mailbox", "txn", "discovery"};

    @AttributeDefinition(name = "Member name", description = "This container's name, as the other "
            + "containers, the console, the shell and refused clients see it; unique among the containers "
            + "sharing the database. Empty: the host name and the Karaf instance name.")
    String member() default "";

    @AttributeDefinition(name = "Client endpoint", description = "host:port of this container's registry as "
            + "clients reach it (org.estuary.remote), recorded with the lease so that a standby names the "
            + "active container to the clients it refuses.")
    String endpoint() default "";

    @AttributeDefinition(name = "Lease (ms)", min = "1000", description = "How long a lease holds without a "
            + "heartbeat: a standby takes over at most this plus one heartbeat after the active container "
            + "stopped renewing, then recovers the instance from the store.")
    long lease_ms() default 6_000L;

    @AttributeDefinition(name = "Heartbeat (ms)", min = "100", description = "How often the active "
            + "container renews its leases and a standby looks whether a lease ran out; below half the lease.")
    long heartbeat_ms() default 2_000L;
}
