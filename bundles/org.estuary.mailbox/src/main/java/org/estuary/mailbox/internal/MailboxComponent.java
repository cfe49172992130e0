package org.estuary.mailbox.internal;

import java.io.IOException;
import java.util.Map;

import net.jini.event.EventMailbox;
import net.jini.event.PullEventMailbox;

import org.estuary.lease.durable.WallClockWatch;
import org.estuary.core.component.Activation;
import org.estuary.core.time.SystemClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.ReadScope;
import org.estuary.lease.LeasePolicy;
import org.estuary.mailbox.admin.MailboxAdmin;
import org.estuary.mailbox.proxy.MailboxBackend;
import org.estuary.management.Registrations;
import org.estuary.remote.component.ServiceComponent;
import org.estuary.store.api.ActiveRole;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The event mailbox as a DS component: builds a {@link MailboxService} from its configuration, recovers it from
 * the bound store and registers its proxy as {@code net.jini.event.PullEventMailbox} and {@code EventMailbox}, its
 * {@link MailboxAdmin}, its operators' view and its MBean.
 */
@Component(configurationPid = MailboxComponent.PID, immediate = true, service = {})
@Designate(ocd = MailboxComponent.Config.class)
public final class MailboxComponent extends ServiceComponent<MailboxBackend, MailboxService> {

    public static final String PID = "org.estuary.mailbox";

    /** The service instance: the first segment of its store spaces, whose active role this component needs. */
    static final String INSTANCE = "mailbox";

    @ObjectClassDefinition(name = "Estuary event mailbox", description = "Stores events for clients and delivers "
            + "them to a target listener or to a pull iterator (EM); every event is written to the store before "
            + "its generator's notify returns.")
    public @interface Config {
        @AttributeDefinition(name = "Registration lease default (ms)", description = "Granted for Lease.ANY.",
                min = "1")
        long registration_lease_default_ms() default 3_600_000L;

        @AttributeDefinition(name = "Registration lease maximum (ms)", min = "1", description = "Longest "
                + "registration lease granted (Lease.FOREVER = 9223372036854775807 for no limit).")
        long registration_lease_maximum_ms() default 86_400_000L;

        @AttributeDefinition(name = "Maximum registrations", min = "1", description = "Registrations at most; "
                + "beyond, register and pullRegister are refused with a LeaseDeniedException naming this limit.")
        int max_registrations() default 10_000;

        @AttributeDefinition(name = "Maximum registrations per client", min = "1", description = "Registrations "
                + "one client holds at most (a client is the address a remote call comes from; calls from this "
                + "container are not counted); beyond, register and pullRegister are refused with a "
                + "LeaseDeniedException naming this limit, so one client cannot take all of max.registrations.")
        int max_registrations_per_client() default 2_500;

        @AttributeDefinition(name = "Maximum events per registration", min = "1", description = "Events one "
                + "registration stores at most; beyond, a generator's notify fails with a RemoteException naming "
                + "this limit (it may retry) and nothing stored is dropped.")
        int max_events_per_registration() default 100_000;

        @AttributeDefinition(name = "Maximum bytes per registration", min = "1", description = "Bytes of events "
                + "one registration stores at most; beyond, as for the event limit.")
        long max_bytes_per_registration() default 64L * 1024 * 1024;

        @AttributeDefinition(name = "Maximum bytes", min = "1", description = "Bytes of events all registrations "
                + "store together at most; beyond, as for the event limit. The events are also held in memory.")
        long max_bytes() default 256L * 1024 * 1024;

        @AttributeDefinition(name = "Maximum unknown events per registration", min = "1", description = "(event "
                + "id, source) pairs one registration's unknown-event list holds at most; addUnknownEvents beyond "
                + "it is refused, and a target's UnknownEventException beyond it only skips the event.")
        int max_unknown_per_registration() default 1_000;

        @AttributeDefinition(name = "Pull batch (events)", min = "1", description = "Events one transfer to a "
                + "pull iterator carries at most.")
        int pull_batch_events() default 1_000;

        @AttributeDefinition(name = "Pull batch (bytes)", min = "1", description = "Bytes one transfer to a pull "
                + "iterator carries at most (at least one event).")
        long pull_batch_bytes() default 1024L * 1024;

        @AttributeDefinition(name = "Event threads", min = "1", description = "Target notify calls in parallel; "
                + "each registration has at most one in flight.")
        int event_threads() default DeliveryConfig.DEFAULT_THREADS;

        @AttributeDefinition(name = "Event retry initial (ms)", min = "1", description = "Wait before notifying a "
                + "target again after a delivery failed in a way that may clear up; the wait doubles after each "
                + "further failure, until the registration's lease ends.")
        long event_retry_initial_ms() default 1_000L;

        @AttributeDefinition(name = "Event retry maximum (ms)", min = "1",
                description = "Longest wait between two delivery attempts of an event.")
        long event_retry_max_ms() default 60_000L;

        @AttributeDefinition(name = "Delivery change wait (ms)", min = "1", description = "Longest "
                + "enableDelivery, disableDelivery and getRemoteEvents wait for a notify in flight to the old "
                + "target to end, so that the old target gets nothing more once they return.")
        long delivery_disable_wait_ms() default 30_000L;

        @AttributeDefinition(name = "Store write timeout (ms)", min = "1", description = "Longest a call waits "
                + "for its change to be durable in the store; beyond, the call fails with a RemoteException the "
                + "client may retry.")
        long store_write_timeout_ms() default 10_000L;

        @AttributeDefinition(name = "Store", description = "LDAP filter selecting the store service. Of the "
                + "stores it matches, the best-ranked wins (service.ranking: jdbc 20, rocksdb 10, memory 0). Name "
                + "one with (store.type=rocksdb), (store.type=jdbc) or (store.type=memory); changing it while the "
                + "service runs copies the whole state into the new store first.")
        String store_target() default "(store.type=*)";
    }

    /**
     * Builds the service and starts its threads (timer, event delivery); if a step fails, those started before it
     * are stopped. Recovery needs the store, which SCR binds after this: it is in {@link ServiceComponent#start()}.
     */
    @Activate
    public MailboxComponent(BundleContext context, Config config, @Reference(name = "marshaller") Marshaller marshaller,
            @Reference(name = "active", target = "(" + ActiveRole.INSTANCE + "=" + INSTANCE + ")") ActiveRole active)
            throws Exception {
        super(active, "Estuary event mailbox", context, config.store_target(), MailboxBackend.class,
                activation -> build(activation, config, marshaller), EventMailbox.class, PullEventMailbox.class);
    }

    private static MailboxService build(Activation activation, Config config, Marshaller marshaller)
            throws IOException {
        Settings settings = settings(config);
        SystemClock clock = activation.start("timer", () -> new SystemClock("estuary-mailbox-timer"));
        EventDelivery delivery = activation.start("event threads",
                () -> EventDelivery.withOwnThreads(clock, settings.delivery, "estuary-mailbox-events",
                        ReadScope.forReplies(marshaller, null)), // what targets answer: our allowlist
                EventDelivery::close);
        MailboxService service = activation.start("service",
                () -> new MailboxService(clock, marshaller, settings, delivery), MailboxService::close);
        activation.start("wall clock watch", () -> WallClockWatch.start("event mailbox", clock, service::restate));
        return service;
    }

    /** Its admin interface, its operators' view (shell commands and console page) and its MBean. */
    @Override
    protected void register(Registrations registrations) {
        AdminView admin = new AdminView(service());
        registrations.admin(MailboxAdmin.class, admin, Map.of());
        registrations.view(MailboxView.of(admin));
        registrations.mbean(new MailboxAdminMBeanImpl(admin), MailboxAdminMXBean.class,
                MailboxAdminMXBean.OBJECT_NAME);
    }

    @Override
    protected String summary() {
        long[] counts = service().counts();
        return service().state().settings + "; recovered " + counts[0] + " registrations, " + counts[1]
                + " stored events";
    }

    static Settings settings(Config config) {
        DeliveryConfig delivery = DeliveryConfig.builder().threads(config.event_threads())
                // one event in flight per registration; a cancelled attempt may still be finishing
                .maxQueuedPerLane(2).maxQueuedTotal(Math.max(2, 2 * config.max_registrations()))
                .initialRetryDelayMillis(config.event_retry_initial_ms())
                .maxRetryDelayMillis(config.event_retry_max_ms()).build();
        return new Settings(new LeasePolicy(config.registration_lease_default_ms(),
                config.registration_lease_maximum_ms()), config.max_registrations(),
                config.max_registrations_per_client(),
                config.max_events_per_registration(), config.max_bytes_per_registration(), config.max_bytes(),
                config.max_unknown_per_registration(), config.pull_batch_events(), config.pull_batch_bytes(),
                delivery, config.delivery_disable_wait_ms(), config.store_write_timeout_ms());
    }
}
