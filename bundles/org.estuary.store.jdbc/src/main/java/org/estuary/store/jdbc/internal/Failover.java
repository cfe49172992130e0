package org.estuary.store.jdbc.internal;

import java.lang.System.Logger.Level;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import javax.sql.DataSource;

import org.estuary.core.component.Activation;
import org.estuary.core.concurrent.Pools;
import org.estuary.core.time.SystemClock;
import org.estuary.management.Registrations;
import org.estuary.store.api.ActiveRole;
import org.estuary.store.api.FailoverConfig;
import org.estuary.store.api.FailoverRoles;
import org.estuary.store.jdbc.internal.LeaseRows.Term;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * The jdbc store's failover: a {@link LeaseKeeper} on the store's database whose terms open the store's
 * {@link LeaseFence} to this container's writes and are registered as {@link ActiveRole} services, which the
 * service components require. The fence opens before the role is registered (a service activated by it writes at
 * once) and closes when the term ends, before the role is withdrawn. Registrations change in a thread of their
 * own, so a service's activation (its recovery) never delays a heartbeat: that thread brings the registrations to
 * the latest state of the terms, whatever changed meanwhile.
 */
final class Failover implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(Failover.class.getName());

    /** The role of a term this container holds. */
    private record LeaseRole(String instance, String member, long token, long sinceMillis, BooleanSupplier valid)
            implements ActiveRole {
        @Override
        public boolean holds() {
            return valid.getAsBoolean();
        }
    }

    private final BundleContext context;
    private final LeaseFence fence;
    private final SystemClock clock;
    private final ThreadPoolExecutor beats;
    private final ThreadPoolExecutor registrar;
    private final LeaseKeeper keeper;
    /** The roles the terms call for now; the registrar thread follows it. */
    private final Map<String, LeaseRole> wanted = new HashMap<>();
    private final Map<String, ServiceRegistration<ActiveRole>> registered = new HashMap<>();
    private final AtomicBoolean syncQueued = new AtomicBoolean();
    /** The view and the MBean operators see failover through. */
    private final Activation management = new Activation("the Estuary failover view");

    private Failover(BundleContext context, FailoverConfig config, DataSource dataSource, Tables tables,
            LeaseFence fence, int timeoutSeconds) {
        this.context = context;
        this.fence = fence;
        // a container paused in a commit must not keep the one taking over from writing: the database ends its
        // transaction once it has waited a heartbeat for its next statement
        fence.limitIdle(config.heartbeat_ms());
        String member = ActiveRole.memberName(config.member(), context);
        Set<String> instances = new LinkedHashSet<>(List.of(config.instances()));
        instances.forEach(ActiveRole::target); // checks each name
        int rowTimeout = (int) Math.max(1, Math.min(timeoutSeconds, config.heartbeat_ms() / 1000));
        this.clock = new SystemClock("estuary-failover-timer");
        this.beats = Pools.bounded("estuary-failover", 1, 2);
        this.registrar = Pools.bounded("estuary-failover-roles", 1, 2);
        this.keeper = new LeaseKeeper(clock, beats, new JdbcLeaseRows(dataSource, tables, rowTimeout), member,
                config.endpoint(), config.lease_ms(), config.heartbeat_ms(), instances, new LeaseKeeper.Listener() {
                    @Override
                    public void activated(String instance, Term term, BooleanSupplier holds) {
                        fence.grant(instance, member, term.token());
                        want(instance, new LeaseRole(instance, member, term.token(), term.sinceMillis(), holds));
                    }

                    @Override
                    public void deactivated(String instance, String why) {
                        fence.revoke(instance);
                        want(instance, null);
                    }
                });
    }

    /** Starts contending for the instances of {@code config}; the fence of the store opened over the same tables. */
    static Failover start(BundleContext context, FailoverConfig config, DataSource dataSource, Tables tables,
            LeaseFence fence, int timeoutSeconds) {
        Failover failover = new Failover(context, config, dataSource, tables, fence, timeoutSeconds);
        failover.keeper.start();
        failover.register();
        LOG.log(Level.INFO, "Estuary failover: " + failover.keeper.member() + " contends for "
                + List.of(config.instances()) + " in table " + tables.leases() + " (lease.ms=" + config.lease_ms()
                + ", heartbeat.ms=" + config.heartbeat_ms() + ", endpoint=" + config.endpoint() + ")");
        return failover;
    }

    /**
     * Registers who is active for what: the roles (which the services' console pages and the exporter's standby
     * notice read), the view (shell commands, console page) and the MBean.
     */
    private void register() {
        Registrations registrations = new Registrations(management, context, "Estuary failover");
        String member = keeper.member();
        registrations.register(FailoverRoles.class, new FailoverRoles() {
            @Override
            public String member() {
                return member;
            }

            @Override
            public List<Role> roles() {
                return keeper.statuses().stream().map(Failover::role).toList();
            }
        }, Registrations.properties("who is active for each service instance"));
        registrations.view(FailoverView.of(member, keeper::statuses));
        registrations.mbean(new FailoverMXBean() {
            @Override
            public String getMember() {
                return member;
            }

            @Override
            public String[] getRoles() {
                return FailoverView.lines(keeper.statuses());
            }
        }, FailoverMXBean.class, FailoverMXBean.OBJECT_NAME);
    }

    private static FailoverRoles.Role role(LeaseKeeper.Status status) {
        LeaseRows.Holder holder = status.holder();
        return holder == null ? new FailoverRoles.Role(status.instance(), false, null, "", 0, 0)
                : new FailoverRoles.Role(status.instance(), status.active(), holder.member(), holder.endpoint(),
                        holder.token(), holder.sinceMillis());
    }

    /** Each instance: whether this container is active for it, and who is. */
    List<LeaseKeeper.Status> statuses() {
        return keeper.statuses();
    }

    private void want(String instance, LeaseRole role) {
        synchronized (wanted) {
            if (role == null) {
                wanted.remove(instance);
            } else {
                wanted.put(instance, role);
            }
        }
        if (syncQueued.compareAndSet(false, true)) {
            registrar.execute(this::sync);
        }
    }

    /** Brings the registrations to the roles wanted now: withdrawn first, then registered. */
    private void sync() {
        syncQueued.set(false);
        Map<String, LeaseRole> now;
        synchronized (wanted) {
            now = Map.copyOf(wanted);
        }
        for (Map.Entry<String, ServiceRegistration<ActiveRole>> entry : List.copyOf(registered.entrySet())) {
            LeaseRole role = now.get(entry.getKey());
            ServiceRegistration<ActiveRole> registration = entry.getValue();
            if (role == null || role.token() != (Long) registration.getReference().getProperty(TOKEN)) {
                unregister(registration);
                registered.remove(entry.getKey());
            }
        }
        for (LeaseRole role : now.values()) {
            if (!registered.containsKey(role.instance())) {
                Dictionary<String, Object> properties = new Hashtable<>();
                properties.put(ActiveRole.INSTANCE, role.instance());
                properties.put(TOKEN, role.token());
                properties.put(MEMBER, role.member());
                registered.put(role.instance(), context.registerService(ActiveRole.class, role, properties));
            }
        }
    }

    /** The service property carrying a role's fencing token. */
    static final String TOKEN = "estuary.token";

    /** The service property carrying the member name of the role's container. */
    static final String MEMBER = "estuary.member";

    private static void unregister(ServiceRegistration<ActiveRole> registration) {
        try {
            registration.unregister();
        } catch (IllegalStateException alreadyGone) {
            // withdrawn with the bundle
        }
    }

    /** Ends every term (releasing the rows), withdraws every role, stops the threads. */
    @Override
    public void close() {
        management.close();
        keeper.close();
        registrar.shutdown();
        try {
            if (!registrar.awaitTermination(60, TimeUnit.SECONDS)) {
                LOG.log(Level.WARNING, "Estuary failover: withdrawing the roles took over 60 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sync(); // what the registrar did not get to
        beats.shutdownNow();
        clock.close();
    }
}
