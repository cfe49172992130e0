package org.estuary.discovery.service;

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
import org.estuary.discovery.testing.DiscoveryServices;
import org.estuary.discovery.tracking.NetworkDiscovery;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.remote.component.ServiceExport;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;

/**
 * A service as {@link DiscoveryServices} hands it out: the one route from the test jar's factory into this
 * package, whose classes production uses only among themselves and so keeps package-private. Configured as the
 * component is ({@link DiscoveryComponent#settings}), joined to discovery on the loopback address, bound to a
 * store and recovered as its activation does, exported as its exporter attachment does.
 */
public final class Scaffold implements DiscoveryServices.Running {

    private final DiscoveryService service;
    private final NetworkDiscovery discovery;

    private Scaffold(DiscoveryService service, NetworkDiscovery discovery) {
        this.service = service;
        this.discovery = discovery;
    }

    /** See {@link DiscoveryServices#start}. */
    public static Scaffold start(Clock clock, Marshaller marshaller, Store store, EventDelivery delivery,
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
        Scaffold running = new Scaffold(service, discovery);
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

    @Override
    public LookupDiscoveryService proxy() {
        return service.proxy();
    }

    @Override
    public void export(Exporter exporter) {
        ServiceExport.attachment("the lookup discovery service", DiscoveryBackend.class, service, service,
                () -> true, LookupDiscoveryService.class).activate().bind(exporter);
    }

    @Override
    public void close() {
        discovery.close();
        service.close();
    }
}
