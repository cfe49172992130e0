package org.estuary.discovery.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.rmi.MarshalledObject;
import java.util.Map;
import java.util.function.Function;

import net.jini.core.lookup.ServiceID;
import net.jini.discovery.LookupDiscoveryService;

import org.estuary.core.time.Clock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.proxy.DiscoveryBackend;
import org.estuary.discovery.service.DiscoveryComponent;
import org.estuary.discovery.service.DiscoveryService;
import org.estuary.discovery.tracking.NetworkDiscovery;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.remote.component.ServiceExport;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;

/**
 * Lookup discovery services for other modules' tests and benchmarks, without Declarative Services: configured as
 * the component is (its configuration elements by name over their defaults), joined to discovery on the loopback
 * address, bound to a store and recovered as the component's activation does, and exported as its exporter
 * attachment does. Callers see the spec's interfaces and {@link Running}, never the service's classes.
 */
public final class DiscoveryServices {

    private DiscoveryServices() {
    }

    /**
     * A service configured with {@code overrides} (elements by name, as {@code max_registrations}) over the
     * component's defaults, recovered from {@code store}, sending events through {@code delivery} and discovering
     * on {@code network} (multicast too), {@code ids} telling the id of a lookup service's proxy.
     */
    public static Running start(Clock clock, Marshaller marshaller, Store store, EventDelivery delivery,
            DiscoverySettings network, Function<MarshalledObject<?>, ServiceID> ids, Map<String, ?> overrides)
            throws IOException {
        DiscoveryService service = new DiscoveryService(clock, marshaller,
                DiscoveryComponent.settings(ComponentConfig.of(DiscoveryComponent.Config.class, overrides)),
                delivery);
        NetworkDiscovery discovery;
        try {
            discovery = new NetworkDiscovery(network, clock, InetAddress.getLoopbackAddress(), true, ids::apply,
                    service.discoveryListener());
        } catch (IOException | RuntimeException e) {
            service.close();
            throw e;
        }
        Running running = new Running(service, discovery);
        try {
            service.attach(discovery.tracker());
            service.bindStore(store); // as DS binds the store reference before activation
            service.start();
        } catch (IOException | RuntimeException e) {
            running.close();
            throw e;
        }
        return running;
    }

    /** A running service and its discovery: its proxy, its export and its end. */
    public static final class Running implements AutoCloseable {

        private final DiscoveryService service;
        private final NetworkDiscovery discovery;

        private Running(DiscoveryService service, NetworkDiscovery discovery) {
            this.service = service;
            this.discovery = discovery;
        }

        /** The service proxy a client gets (in this JVM: no RMI on the path). */
        public LookupDiscoveryService proxy() {
            return service.proxy();
        }

        /** Exports the service through {@code exporter} as the component's exporter attachment does. */
        public void export(Exporter exporter) {
            ServiceExport.attachment("the lookup discovery service", DiscoveryBackend.class, service, service,
                    LookupDiscoveryService.class).activate().bind(exporter);
        }

        /** Stops discovery, then the service, as the component's deactivation does (newest step first). */
        @Override
        public void close() {
            discovery.close();
            service.close();
        }
    }
}
