package org.estuary.renewal.internal;

import java.io.IOException;
import java.util.Hashtable;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import net.jini.lease.LeaseRenewalService;

import org.estuary.core.time.SystemClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.lease.LeasePolicy;
import org.estuary.remote.Exporter;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.proxy.RenewalBackend;
import org.estuary.store.api.Store;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The lease renewal service as a DS component: builds a {@link RenewalService} from its configuration, recovers
 * it from the bound store and registers its proxy as {@code net.jini.lease.LeaseRenewalService}.
 */
@Component(configurationPid = RenewalComponent.PID, immediate = true, service = {})
@Designate(ocd = RenewalComponent.Config.class)
public final class RenewalComponent {

    public static final String PID = "org.estuary.renewal";

    private static final System.Logger LOG = System.getLogger(RenewalComponent.class.getName());

    @ObjectClassDefinition(name = "Estuary lease renewal service",
            description = "Renews clients' leases in renewal sets (LR); every change is written to the store.")
    public @interface Config {
        @AttributeDefinition(name = "Set lease default (ms)", description = "Granted for Lease.ANY.", min = "1")
        long set_lease_default_ms() default 3_600_000L;

        @AttributeDefinition(name = "Set lease maximum (ms)",
                description = "Longest set lease granted (Lease.FOREVER = 9223372036854775807 for no limit).",
                min = "1")
        long set_lease_maximum_ms() default 86_400_000L;

        @AttributeDefinition(name = "Maximum sets", min = "1")
        int max_sets() default 10_000;

        @AttributeDefinition(name = "Maximum leases per set", min = "1")
        int max_leases_per_set() default 100_000;

        @AttributeDefinition(name = "Maximum client leases", description = "Over all sets.", min = "1")
        int max_leases() default 1_000_000;

        @AttributeDefinition(name = "Renewal lead (ms)",
                description = "Renew this long before a client lease expires (at most half its remaining term).",
                min = "1")
        long renewal_lead_ms() default 30_000L;

        @AttributeDefinition(name = "Renewal batch window (ms)",
                description = "Renewals due within this window go out together (LeaseMap.renewAll).", min = "0")
        long renewal_batch_window_ms() default 5_000L;

        @AttributeDefinition(name = "Renewal retry initial (ms)", min = "1")
        long renewal_retry_initial_ms() default 1_000L;

        @AttributeDefinition(name = "Renewal retry maximum (ms)", min = "1")
        long renewal_retry_max_ms() default 60_000L;

        @AttributeDefinition(name = "Renewal threads", min = "1")
        int renewal_threads() default 4;

        @AttributeDefinition(name = "Renewal queue", description = "Renewal batches waiting for a thread.",
                min = "1")
        int renewal_queue() default 10_000;

        @AttributeDefinition(name = "Event threads", min = "1")
        int event_threads() default 4;

        @AttributeDefinition(name = "Events queued per registration", min = "1")
        int event_queue_per_registration() default 1_000;

        @AttributeDefinition(name = "Events queued in total", min = "1")
        int event_queue_total() default 100_000;

        @AttributeDefinition(name = "Event retry initial (ms)", min = "1")
        long event_retry_initial_ms() default 1_000L;

        @AttributeDefinition(name = "Event retry maximum (ms)", min = "1")
        long event_retry_max_ms() default 60_000L;

        @AttributeDefinition(name = "Sequence number block",
                description = "Event numbers reserved per store write; the largest gap a restart can leave.",
                min = "1")
        long event_sequence_block() default 100L;

        @AttributeDefinition(name = "Store write timeout (ms)", min = "1")
        long store_write_timeout_ms() default 10_000L;

        @AttributeDefinition(name = "Store", description = "LDAP filter selecting the store service.")
        String store_target() default "(store.type=*)";
    }

    private final RenewalService service;
    private final ThreadPoolExecutor renewals;
    private final SystemClock clock;
    private final BundleContext context;
    private final Settings settings;
    private final String storeTarget;
    private volatile ServiceRegistration<LeaseRenewalService> registration;
    private volatile ServiceRegistration<RenewalAdmin> adminRegistration;
    private volatile ServiceRegistration<?> mbeanRegistration;
    /** Issue 5: the container's exporter, when the remote feature runs; guarded by this. */
    private Exporter exporter;
    private boolean started;

    @Activate
    public RenewalComponent(BundleContext context, Config config, @Reference(name = "marshaller") Marshaller marshaller)
            throws IOException {
        Settings settings = settings(config);
        this.clock = new SystemClock("estuary-renewal-timer");
        this.renewals = newPool("estuary-renewal", settings.renewalThreads, settings.renewalQueue);
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, settings.delivery, "estuary-renewal-events");
        this.service = new RenewalService(clock, marshaller, settings, renewals, delivery);
        this.context = context;
        this.settings = settings;
        this.storeTarget = config.store_target();
    }

    /**
     * The store: greedy and dynamic, so a new {@code store.target} or a better-ranked store rebinds the service
     * without a restart, and the service copies its state into the new store before it writes there (Store S8).
     * SCR binds it after the constructor and before {@link #start()}.
     */
    @Reference(name = Store.REFERENCE, policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY)
    void bindStore(Store store) {
        service.bindStore(store);
    }

    void unbindStore(Store store) {
        service.unbindStore(store);
    }

    /** Recovers from the store and registers the service; recovery needs the store, so not in the constructor. */
    @Activate
    void start() throws IOException {
        service.start();
        this.registration = context.registerService(LeaseRenewalService.class, service.proxy(),
                new Hashtable<>(java.util.Map.of("service.description", "Estuary lease renewal service")));
        // issue 7: the management view for the web console, the shell and JMX
        this.adminRegistration = context.registerService(RenewalAdmin.class, new AdminView(service),
                new Hashtable<>(java.util.Map.of("service.description", "Estuary lease renewal service (management)",
                        Store.TARGET, storeTarget)));
        // issue 7 item 4: Karaf's management feature registers services carrying jmx.objectname in its MBeanServer
        this.mbeanRegistration = context.registerService(javax.management.DynamicMBean.class.getName(),
                mbean(), new Hashtable<>(java.util.Map.of("jmx.objectname",
                        RenewalAdminMXBean.OBJECT_NAME)));
        synchronized (this) {
            started = true;
            if (exporter != null) {
                export(exporter);
            }
        }
        long[] counts = service.counts();
        LOG.log(System.Logger.Level.INFO, "Estuary lease renewal service active: " + settings + ", store.target="
                + storeTarget + "; recovered " + counts[0] + " sets, " + counts[1] + " client leases");
    }

    /** Issue 5: other JVMs reach the service once an exporter runs; optional, rebound without a restart. */
    @Reference(name = "exporter", cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindExporter(Exporter bound) {
        if (exporter != null && started) {
            withdraw(exporter);
        }
        exporter = bound;
        if (started) {
            export(bound);
        }
    }

    synchronized void unbindExporter(Exporter unbound) {
        if (exporter == unbound) {
            if (started) {
                withdraw(unbound);
            }
            exporter = null;
        }
    }

    private void export(Exporter to) {
        try {
            service.useReference(to.export(service.serviceId(), RenewalBackend.class, service));
            to.bind(LeaseRenewalService.class.getName(), service.proxy());
        } catch (java.rmi.RemoteException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "the lease renewal service is not reachable from other JVMs: "
                    + "exporting it failed (" + e + "); it keeps serving bundles in this container", e);
        }
    }

    private void withdraw(Exporter from) {
        from.unbind(LeaseRenewalService.class.getName());
        from.unexport(service.serviceId());
        service.useReference(null);
    }

    @Deactivate
    void deactivate() {
        synchronized (this) {
            if (exporter != null && started) {
                withdraw(exporter);
            }
            started = false;
        }
        unregister(mbeanRegistration);
        unregister(adminRegistration);
        unregister(registration);
        service.close();
        renewals.shutdownNow();
        clock.close();
    }

    private Object mbean() {
        return new javax.management.StandardMBean(new RenewalAdminMBeanImpl(new AdminView(service)),
                RenewalAdminMXBean.class, true);
    }

    private static void unregister(ServiceRegistration<?> registration) {
        try {
            if (registration != null) {
                registration.unregister();
            }
        } catch (IllegalStateException alreadyGone) {
            // the bundle is stopping
        }
    }

    static Settings settings(Config config) {
        DeliveryConfig delivery = DeliveryConfig.builder().threads(config.event_threads())
                .maxQueuedPerLane(config.event_queue_per_registration()).maxQueuedTotal(config.event_queue_total())
                .initialRetryDelayMillis(config.event_retry_initial_ms())
                .maxRetryDelayMillis(config.event_retry_max_ms()).build();
        return new Settings(new LeasePolicy(config.set_lease_default_ms(), config.set_lease_maximum_ms()),
                config.max_sets(), config.max_leases_per_set(), config.max_leases(), config.renewal_lead_ms(),
                config.renewal_batch_window_ms(), config.renewal_retry_initial_ms(),
                config.renewal_retry_max_ms(), config.renewal_threads(), config.renewal_queue(), delivery,
                config.event_sequence_block(), config.store_write_timeout_ms());
    }

    private static ThreadPoolExecutor newPool(String name, int threads, int queue) {
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(queue), task -> {
                    Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
