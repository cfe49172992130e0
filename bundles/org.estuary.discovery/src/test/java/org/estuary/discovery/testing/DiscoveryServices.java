package org.estuary.discovery.testing;

import java.io.IOException;
import java.rmi.MarshalledObject;
import java.util.Map;
import java.util.function.Function;

import net.jini.core.lookup.ServiceID;
import net.jini.discovery.LookupDiscoveryService;

import org.estuary.core.time.Clock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.service.Scaffold;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.remote.Exporter;
import org.estuary.store.api.Store;

/**
 * Lookup discovery services for other modules' tests and benchmarks, without Declarative Services: configured as
 * the component is (its configuration elements by name over their defaults), joined to discovery on the loopback
 * address, bound to a store and recovered as the component's activation does, and exported as its exporter
 * attachment does. Callers see the spec's interfaces and {@link Running}, never the service's classes;
 * {@link Scaffold}, beside them in the test jar, builds them.
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
        return Scaffold.start(clock, marshaller, store, delivery, network, ids, overrides);
    }

    /** A running service and its discovery: its proxy, its export and its end. */
    public interface Running extends AutoCloseable {

        /** The service proxy a client gets (in this JVM: no RMI on the path). */
        LookupDiscoveryService proxy();

        /** Exports the service through {@code exporter} as the component's exporter attachment does. */
        void export(Exporter exporter);

        /** Stops discovery, then the service, as the component's deactivation does (newest step first). */
        @Override
        void close();
    }
}
