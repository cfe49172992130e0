package org.estuary.discovery.service;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Map;

import net.jini.discovery.LookupDiscoveryService;

import org.estuary.core.component.Activation;
import org.estuary.core.time.SystemClock;
import org.estuary.discovery.admin.DiscoveryAdmin;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.proxy.DiscoveryBackend;
import org.estuary.discovery.tracking.NetworkDiscovery;
import org.estuary.discovery.tracking.RegistrarTracker;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.ReadScope;
import org.estuary.lease.durable.WallClockWatch;
import org.estuary.lease.LeasePolicy;
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
 * The lookup discovery service as a DS component: builds a {@link DiscoveryService} and the discovery it is joined
 * to ({@link NetworkDiscovery}) from its configuration, recovers the registrations from the bound store and
 * registers its proxy as {@code net.jini.discovery.LookupDiscoveryService}, its {@link DiscoveryAdmin}, its
 * operators' view and its MBean; other JVMs reach it through the container's exporter under that name.
 */
@Component(configurationPid = DiscoveryComponent.PID, immediate = true, service = {})
@Designate(ocd = DiscoveryComponent.Config.class)
public final class DiscoveryComponent extends ServiceComponent<DiscoveryBackend, DiscoveryService> {

    public static final String PID = "org.estuary.discovery";

    /** The service instance: the first segment of its store spaces, whose active role this component needs. */
    static final String INSTANCE = "discovery";

    @ObjectClassDefinition(name = "Estuary lookup discovery service", description = "Discovers lookup services "
            + "by group (multicast) and by locator (unicast) for its clients and tells each registration's "
            + "listener of the lookup services it is interested in (LD); registrations are written to the store.")
    public @interface Config {
        @AttributeDefinition(name = "Registration lease default (ms)", min = "1", description = "Granted for "
                + "Lease.ANY.")
        long registration_lease_default_ms() default 3_600_000L;

        @AttributeDefinition(name = "Registration lease maximum (ms)", min = "1", description = "Longest "
                + "registration lease granted (Lease.FOREVER = 9223372036854775807 for no limit).")
        long registration_lease_maximum_ms() default 86_400_000L;

        @AttributeDefinition(name = "Maximum registrations", min = "1", description = "Live registrations at "
                + "most; beyond, register is refused with a RemoteException naming this limit.")
        int max_registrations() default 10_000;

        @AttributeDefinition(name = "Maximum groups per registration", min = "1", description = "Beyond, register "
                + "and the group mutators are refused with an IllegalArgumentException naming this limit.")
        int max_groups_per_registration() default 64;

        @AttributeDefinition(name = "Maximum locators per registration", min = "1", description = "Beyond, "
                + "register and the locator mutators are refused with an IllegalArgumentException naming this "
                + "limit.")
        int max_locators_per_registration() default 64;

        @AttributeDefinition(name = "Event queue per registration", min = "1", description = "Events waiting for "
                + "one registration's listener at most; an event beyond it is dropped and the listener sees a gap "
                + "in the sequence numbers, which getRegistrars mends (LD.4.1.1). A slow listener fills only its "
                + "own queue.")
        int event_queue_per_registration() default 100;

        @AttributeDefinition(name = "Event threads", min = "1", description = "Listener notify calls in parallel; "
                + "each registration has at most one in flight.")
        int event_threads() default DeliveryConfig.DEFAULT_THREADS;

        @AttributeDefinition(name = "Event retry initial (ms)", min = "1", description = "Wait before notifying a "
                + "listener again after a delivery failed in a way that may clear up; the wait doubles after each "
                + "further failure, until the registration's lease ends.")
        long event_retry_initial_ms() default 1_000L;

        @AttributeDefinition(name = "Event retry maximum (ms)", min = "1",
                description = "Longest wait between two delivery attempts of an event.")
        long event_retry_max_ms() default 60_000L;

        @AttributeDefinition(name = "Sequence block", min = "1", description = "Event sequence numbers reserved "
                + "in the store at a time; a restart skips at most this many numbers per registration.")
        long sequence_block() default 1_000L;

        @AttributeDefinition(name = "Store write timeout (ms)", min = "1", description = "Longest a call waits "
                + "for its change to be durable in the store; beyond, the call fails with a RemoteException the "
                + "client may retry.")
        long store_write_timeout_ms() default 10_000L;

        @AttributeDefinition(name = "Store", description = "LDAP filter selecting the store service. Of the "
                + "stores it matches, the best-ranked wins (service.ranking: jdbc 20, rocksdb 10, memory 0). Name "
                + "one with (store.type=rocksdb), (store.type=jdbc) or (store.type=memory); changing it while the "
                + "service runs copies the registrations into the new store first.")
        String store_target() default "(store.type=*)";

        @AttributeDefinition(name = "Multicast", description = "Whether to discover by group: send multicast "
                + "requests and listen to announcements. Off, lookup services are found by locator only.")
        boolean multicast_enabled() default true;

        @AttributeDefinition(name = "Bind address", description = "The address the port lookup services answer "
                + "multicast requests on is bound to; its interface is the multicast interface unless one is "
                + "named.")
        String bind_address() default "127.0.0.1";

        @AttributeDefinition(name = "Multicast interface", description = "Name of the network interface multicast "
                + "is sent and received on (as `ip link` lists it, e.g. eth0); empty: the interface of the bind "
                + "address, so by default multicast stays on this host's loopback interface.")
        String multicast_interface() default "";

        @AttributeDefinition(name = "Multicast time to live", min = "0", max = "255", description = "Routers a "
                + "multicast packet crosses at most.")
        int multicast_ttl() default 15;

        @AttributeDefinition(name = "Multicast request address", description = "The group multicast requests go "
                + "to.")
        String multicast_request_address() default "224.0.1.85";

        @AttributeDefinition(name = "Multicast announcement address", description = "The group lookup services "
                + "announce themselves to.")
        String multicast_announcement_address() default "224.0.1.84";

        @AttributeDefinition(name = "Multicast port", min = "1", max = "65535", description = "UDP port of both "
                + "groups.")
        int multicast_port() default 4160;

        @AttributeDefinition(name = "Requests per round", min = "1", description = "Multicast requests sent when "
                + "the groups sought change.")
        int request_count() default 7;

        @AttributeDefinition(name = "Request interval (ms)", min = "1", description = "Time between the requests "
                + "of a round, and between two attempts at a locator that does not answer.")
        long request_interval_ms() default 5_000L;

        @AttributeDefinition(name = "Announcement interval (ms)", min = "1", description = "Time between two "
                + "announcements of a lookup service.")
        long announcement_interval_ms() default 120_000L;

        @AttributeDefinition(name = "Missed announcements", min = "1", description = "Announcement intervals of "
                + "silence after which a lookup service found by group is discarded (LD.3.1).")
        int missed_announcements() default 3;

        @AttributeDefinition(name = "Unicast timeout (ms)", min = "1", description = "Bound on connecting to a "
                + "lookup service and on each read of a unicast discovery.")
        int unicast_timeout_ms() default 60_000;

        @AttributeDefinition(name = "Maximum packet size", min = "64", max = "512", description = "Largest "
                + "multicast packet sent, in bytes.")
        int max_packet_size() default 512;
    }

    /** What the constructor checks before it starts anything, and builds besides the service. */
    private static final class Parts {
        final Settings settings;
        final InetAddress bind;
        final DiscoverySettings discoverySettings;
        final boolean multicast;
        SystemClock clock;
        RegistrarTracker tracker;

        /** @throws IllegalArgumentException naming the setting that is wrong, before anything runs */
        Parts(Config config) {
            this.settings = settings(config);
            this.bind = address("bind.address", config.bind_address());
            this.discoverySettings = discoverySettings(config, bind);
            this.multicast = config.multicast_enabled();
        }

        /** The timer, event delivery, the service and its discovery, joined: each an activation step. */
        DiscoveryService build(Activation activation, Config config, Marshaller marshaller) throws IOException {
            SystemClock timer = activation.start("timer", () -> new SystemClock("estuary-discovery-timer"));
            EventDelivery delivery = activation.start("event threads",
                    () -> EventDelivery.withOwnThreads(timer, delivery(config), "estuary-discovery-events",
                            ReadScope.forReplies(marshaller, null)), // what listeners answer: our allowlist
                    EventDelivery::close);
            DiscoveryService service = activation.start("service", () -> new DiscoveryService(timer, marshaller,
                    settings, delivery), DiscoveryService::close);
            activation.start("wall clock watch",
                    () -> WallClockWatch.start("lookup discovery service", timer, service::restate));
            NetworkDiscovery discovery = activation.start("discovery", () -> new NetworkDiscovery(discoverySettings,
                    timer, bind, multicast, new RegistrarIds(marshaller), service.discoveryListener()),
                    NetworkDiscovery::close);
            service.attach(discovery.tracker());
            this.clock = timer;
            this.tracker = discovery.tracker();
            return service;
        }
    }

    private final Parts parts;
    private final AdminView admin;

    /**
     * Builds the service and its discovery and starts their threads and sockets; if a step fails, those started
     * before it are stopped. Recovery needs the store, which SCR binds after this: it is in
     * {@link ServiceComponent#start()}, where the registrations' interests become what discovery seeks.
     */
    @Activate
    public DiscoveryComponent(BundleContext context, Config config,
            @Reference(name = "marshaller") Marshaller marshaller,
            @Reference(name = "active", target = "(" + ActiveRole.INSTANCE + "=" + INSTANCE + ")") ActiveRole active)
            throws Exception {
        this(context, config, marshaller, active, new Parts(config));
    }

    private DiscoveryComponent(BundleContext context, Config config, Marshaller marshaller, ActiveRole active,
            Parts parts) throws Exception {
        super(active, "Estuary lookup discovery service", context, config.store_target(), DiscoveryBackend.class,
                activation -> parts.build(activation, config, marshaller), LookupDiscoveryService.class);
        this.parts = parts;
        this.admin = new AdminView(service(), parts.tracker, parts.clock);
    }

    /** Its admin interface, its operators' view (shell commands and console page) and its MBean. */
    @Override
    protected void register(Registrations registrations) {
        registrations.admin(DiscoveryAdmin.class, admin, Map.of());
        registrations.view(DiscoveryView.of(admin));
        registrations.mbean(new DiscoveryAdminMBeanImpl(admin), DiscoveryAdminMXBean.class,
                DiscoveryAdminMXBean.OBJECT_NAME);
    }

    @Override
    protected String summary() {
        return parts.settings + ", multicast " + (parts.multicast ? "on" : "off") + ", " + parts.discoverySettings
                + "; recovered " + service().size() + " registrations";
    }

    static Settings settings(Config config) {
        return new Settings(new LeasePolicy(config.registration_lease_default_ms(),
                config.registration_lease_maximum_ms()), config.max_registrations(),
                config.max_groups_per_registration(), config.max_locators_per_registration(), config.sequence_block(),
                config.store_write_timeout_ms());
    }

    static DeliveryConfig delivery(Config config) {
        long total = (long) config.event_queue_per_registration() * config.max_registrations();
        return DeliveryConfig.builder().threads(config.event_threads())
                .maxQueuedPerLane(config.event_queue_per_registration())
                .maxQueuedTotal((int) Math.min(Integer.MAX_VALUE, Math.max(2, total)))
                .initialRetryDelayMillis(config.event_retry_initial_ms())
                .maxRetryDelayMillis(config.event_retry_max_ms()).build();
    }

    static DiscoverySettings discoverySettings(Config config, InetAddress bind) {
        NetworkInterface nif;
        String name = config.multicast_interface().trim();
        try {
            nif = name.isEmpty() ? NetworkInterface.getByInetAddress(bind) : NetworkInterface.getByName(name);
        } catch (SocketException e) {
            throw new IllegalArgumentException("multicast.interface: cannot list the network interfaces: " + e, e);
        }
        if (nif == null && !name.isEmpty()) {
            throw new IllegalArgumentException("multicast.interface " + name + " is not an interface of this host; "
                    + "name one that `ip link` lists, or leave it empty for the interface of bind.address");
        }
        return new DiscoverySettings(nif, config.multicast_ttl(), address("multicast.request.address",
                config.multicast_request_address()), address("multicast.announcement.address",
                config.multicast_announcement_address()), config.multicast_port(), config.request_count(),
                config.request_interval_ms(), config.announcement_interval_ms(), config.missed_announcements(),
                config.unicast_timeout_ms(), config.max_packet_size());
    }

    private static InetAddress address(String setting, String literal) {
        try {
            return InetAddress.getByName(literal.trim());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(setting + " " + literal + " is not an address of this host's "
                    + "resolver; give an IP address", e);
        }
    }
}
