package org.estuary.bench.discovery;

import java.nio.file.Path;
import java.util.Map;

import org.estuary.core.time.SystemClock;
import org.estuary.discovery.net.NetworkNamespace;
import org.estuary.discovery.testing.DiscoveryServices;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.estuary.store.api.Store;
import org.estuary.store.rocksdb.testing.RocksStores;

/**
 * The server JVM of the remote client operations ({@link ClientOpsBench}): the lookup discovery service as in
 * {@link DiscoveryBench} (the component's defaults, discovery on the loopback interface of the run's network
 * namespace), on the embedded store (RocksDB) in DIR, exported through Estuary's {@link RmiExporter} on 127.0.0.1:PORT and bound
 * under {@code net.jini.discovery.LookupDiscoveryService}, as a container serves remote clients. Args: PORT DIR.
 * Prints READY, then serves until its stdin closes.
 */
public final class DiscoveryServer {

    private DiscoveryServer() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        SystemClock clock = new SystemClock("bench-discovery-timer");
        Marshaller marshaller = Marshallers.builder().classLoader(DiscoveryServer.class.getClassLoader()).build();
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, DeliveryConfig.builder().maxQueuedPerLane(100)
                .maxQueuedTotal(1_000_000).build(), "bench-discovery-events", ReadScope.forReplies(marshaller, null));
        Store store = RocksStores.open(Path.of(args[1]));
        // the component's defaults but for the registrations allowed
        DiscoveryServices.Running service = DiscoveryServices.start(clock, marshaller, store, delivery,
                NetworkNamespace.settings(), proxy -> null, Map.of("max_registrations", 100_000));
        RmiExporter exporter = RmiExporter.start(RemoteSettings.builder().registryPort(port).build());
        service.export(exporter);
        System.out.println("READY");
        System.out.flush();
        System.in.read(); // until the benchmark closes our stdin (or stops us by PID)
        exporter.close();
        service.close();
        delivery.close();
        RocksStores.close(store);
        clock.close();
        System.exit(0);
    }
}
