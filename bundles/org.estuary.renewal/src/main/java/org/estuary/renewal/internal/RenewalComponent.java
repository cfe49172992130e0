package org.estuary.renewal.internal;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ThreadPoolExecutor;

import net.jini.lease.LeaseRenewalService;

import org.estuary.lease.durable.WallClockWatch;
import org.estuary.core.component.Activation;
import org.estuary.core.concurrent.Pools;
import org.estuary.core.time.SystemClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.ReadScope;
import org.estuary.lease.LeasePolicy;
import org.estuary.management.Registrations;
import org.estuary.remote.component.ServiceComponent;
import org.estuary.renewal.admin.RenewalAdmin;
import org.estuary.renewal.proxy.RenewalBackend;
import org.estuary.store.api.ActiveRole;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The lease renewal service as a DS component: builds a {@link RenewalService} from its configuration, recovers
 * it from the bound store and registers its proxy as {@code net.jini.lease.LeaseRenewalService}.
 */
@Component(configurationPid = RenewalComponent.PID, immediate = true, service = {})
@Designate(ocd = RenewalComponent.Config.class)
public final class RenewalComponent extends ServiceComponent<RenewalBackend, RenewalService> {

    public static final String PID = "org.estuary.renewal";

    /** The service instance: the first segment of its store spaces, whose active role this component needs. */
    static final String INSTANCE = "renewal";

    @ObjectClassDefinition(name = "Estuary lease renewal service",
            description = "Renews clients' leases in renewal sets (LR); every change is written to the store.")
    public @interface Config {
        @AttributeDefinition(name = "Set lease default (ms)", description = "Granted for Lease.ANY.", min = "1")
        long set_lease_default_ms() default 3_600_000L;

        @AttributeDefinition(name = "Set lease maximum (ms)",
                description = "Longest set lease granted (Lease.FOREVER = 9223372036854775807 for no limit).",
                min = "1")
        long set_lease_maximum_ms() default 86_400_000L;

        @AttributeDefinition(name = "Maximum sets", min = "1", description = "Renewal sets at most; beyond, "
                + "createLeaseRenewalSet is refused with a LeaseDeniedException naming this limit.")
        int max_sets() default 10_000;

        @AttributeDefinition(name = "Maximum leases per set", min = "1", description = "Client leases one set "
                + "holds at most; beyond, renewFor is refused with a LeaseDeniedException naming this limit.")
        int max_leases_per_set() default 100_000;

        @AttributeDefinition(name = "Maximum client leases", min = "1", description = "Client leases over all "
                + "sets at most; beyond, renewFor is refused with a LeaseDeniedException naming this limit.")
        int max_leases() default 1_000_000;

        @AttributeDefinition(name = "Maximum sets per client", min = "1", description = "Renewal sets one client "
                + "holds at most (a client is the address a remote call comes from; calls from this container are "
                + "not counted); beyond, createLeaseRenewalSet is refused with a LeaseDeniedException naming this "
                + "limit, so one client cannot take all of max.sets.")
        int max_sets_per_client() default 2_500;

        @AttributeDefinition(name = "Maximum client leases per client", min = "1", description = "Client leases "
                + "the sets of one client hold at most (counted against the client that created the set); beyond, "
                + "renewFor is refused with a LeaseDeniedException naming this limit.")
        int max_leases_per_client() default 250_000;

        @AttributeDefinition(name = "Renewal lead (ms)",
                description = "Renew this long before a client lease expires (at most half its remaining term).",
                min = "1")
        long renewal_lead_ms() default 30_000L;

        @AttributeDefinition(name = "Renewal batch window (ms)",
                description = "Renewals due within this window go out together (LeaseMap.renewAll).", min = "0")
        long renewal_batch_window_ms() default 5_000L;

        @AttributeDefinition(name = "Renewal retry initial (ms)", min = "1", description = "Wait before renewing "
                + "again after a renewal failed in a way that may clear up (a RemoteException); the wait doubles "
                + "after each further failure, and retries go on until the lease would leave the set.")
        long renewal_retry_initial_ms() default 1_000L;

        @AttributeDefinition(name = "Renewal retry maximum (ms)", min = "1",
                description = "Longest wait between two renewal attempts of a failing lease.")
        long renewal_retry_max_ms() default 60_000L;

        @AttributeDefinition(name = "Renewal threads", min = "1",
                description = "Renewal calls to landlords in parallel; at most one call per landlord is in flight "
                        + "(the leases of a landlord due meanwhile wait for it), and calls set aside "
                        + "(slow.call.ms) do not count.")
        int renewal_threads() default 4;

        @AttributeDefinition(name = "Renewal queue", min = "1", description = "Renewal batches waiting for a "
                + "thread at most; a batch beyond it counts as a failed attempt and is retried.")
        int renewal_queue() default 10_000;

        @AttributeDefinition(name = "Slow call (ms)", min = "1", description = "A renewal call to a landlord or "
                + "a notify call to a listener still running after this is set aside: it keeps its thread until it "
                + "ends or call.timeout.ms (org.estuary.remote) ends it, but no longer counts against "
                + "renewal.threads or event.threads, so a landlord or listener that does not answer holds up only "
                + "its own leases or events.")
        long slow_call_ms() default 2_000L;

        @AttributeDefinition(name = "Slow calls set aside", min = "0", description = "Renewal calls, and "
                + "separately notify calls, set aside at once at most (each holds a thread); beyond, a slow call "
                + "keeps counting against the threads.")
        int slow_calls_max() default 64;

        @AttributeDefinition(name = "Event threads", min = "1",
                description = "Listener notify calls (expiration warnings, renewal failures) in parallel.")
        int event_threads() default DeliveryConfig.DEFAULT_THREADS;

        @AttributeDefinition(name = "Events queued per registration", min = "1", description = "Events one "
                + "listener registration holds at most (queued, in flight or waiting to retry); an event beyond "
                + "it is not sent and a WARNING says so.")
        int event_queue_per_registration() default 1_000;

        @AttributeDefinition(name = "Events queued in total", min = "1", description = "Events all "
                + "registrations together hold at most; an event beyond it is not sent and a WARNING says so.")
        int event_queue_total() default 100_000;

        @AttributeDefinition(name = "Event retry initial (ms)", min = "1", description = "Wait before "
                + "notifying a listener again after a delivery failed in a way that may clear up; the wait "
                + "doubles after each further failure, until the set's lease ends.")
        long event_retry_initial_ms() default 1_000L;

        @AttributeDefinition(name = "Event retry maximum (ms)", min = "1",
                description = "Longest wait between two delivery attempts of an event.")
        long event_retry_max_ms() default 60_000L;

        @AttributeDefinition(name = "Sequence number block",
                description = "Event numbers reserved per store write; the largest gap a restart can leave.",
                min = "1")
        long event_sequence_block() default 100L;

        @AttributeDefinition(name = "Store write timeout (ms)", min = "1", description = "Longest a client "
                + "call waits for its change to be durable in the store; beyond, the call fails with a "
                + "RemoteException the client may retry.")
        long store_write_timeout_ms() default 10_000L;

        @AttributeDefinition(name = "Store", description = "LDAP filter selecting the store service. Of the "
                + "stores it matches, the best-ranked wins (service.ranking: jdbc 20, rocksdb 10, memory 0), so "
                + "the default (store.type=*) takes jdbc if it runs, else rocksdb, else memory. Name one with "
                + "(store.type=rocksdb), (store.type=jdbc) or (store.type=memory); changing it while the service "
                + "runs copies the whole state into the new store first.")
        String store_target() default "(store.type=*)";
    }

    /**
     * Builds the service and starts its threads (timer, renewals, event delivery); if a step fails, the threads
     * started before it are stopped. Recovery needs the store, which SCR binds after this: it is in
     * {@link ServiceComponent#start()}.
     */
    @Activate
    public RenewalComponent(BundleContext context, Config config, @Reference(name = "marshaller") Marshaller marshaller,
            @Reference(name = "active", target = "(" + ActiveRole.INSTANCE + "=" + INSTANCE + ")") ActiveRole active)
            throws Exception {
        super(active, "Estuary lease renewal service", context, config.store_target(), RenewalBackend.class,
                activation -> build(activation, config, marshaller), LeaseRenewalService.class);
    }

    private static RenewalService build(Activation activation, Config config, Marshaller marshaller)
            throws IOException {
        Settings settings = settings(config);
        SystemClock clock = activation.start("timer", () -> new SystemClock("estuary-renewal-timer"));
        ThreadPoolExecutor renewals = activation.start("renewal threads",
                () -> Pools.bounded("estuary-renewal", settings.renewalThreads, settings.renewalQueue),
                ThreadPoolExecutor::shutdownNow);
        EventDelivery delivery = activation.start("event threads",
                () -> EventDelivery.withOwnThreads(clock, settings.delivery, "estuary-renewal-events",
                        ReadScope.forReplies(marshaller, null)), // what listeners answer: our allowlist
                EventDelivery::close);
        RenewalService service = activation.start("service", () -> new RenewalService(clock, marshaller, settings,
                renewals, delivery), RenewalService::close);
        activation.start("wall clock watch",
                () -> WallClockWatch.start("lease renewal service", clock, service::restate));
        return service;
    }

    /** Its management view, its operators' view (shell commands and console page) and its MBean. */
    @Override
    protected void register(Registrations registrations) {
        AdminView admin = new AdminView(service());
        registrations.admin(RenewalAdmin.class, admin, Map.of());
        registrations.view(RenewalView.of(admin));
        registrations.mbean(new RenewalAdminMBeanImpl(admin), RenewalAdminMXBean.class,
                RenewalAdminMXBean.OBJECT_NAME);
    }

    @Override
    protected String summary() {
        long[] counts = service().counts();
        return service().settings() + "; recovered " + counts[0] + " sets, " + counts[1] + " client leases";
    }

    static Settings settings(Config config) {
        DeliveryConfig delivery = DeliveryConfig.builder().threads(config.event_threads())
                .maxQueuedPerLane(config.event_queue_per_registration()).maxQueuedTotal(config.event_queue_total())
                .initialRetryDelayMillis(config.event_retry_initial_ms())
                .maxRetryDelayMillis(config.event_retry_max_ms()).slowCallMillis(config.slow_call_ms())
                .maxSlowCalls(config.slow_calls_max()).build();
        return new Settings(new LeasePolicy(config.set_lease_default_ms(), config.set_lease_maximum_ms()),
                config.max_sets(), config.max_leases_per_set(), config.max_leases(), config.max_sets_per_client(),
                config.max_leases_per_client(), config.renewal_lead_ms(),
                config.renewal_batch_window_ms(), config.renewal_retry_initial_ms(),
                config.renewal_retry_max_ms(), config.renewal_threads(), config.renewal_queue(),
                config.slow_call_ms(), config.slow_calls_max(), delivery,
                config.event_sequence_block(), config.store_write_timeout_ms());
    }
}
