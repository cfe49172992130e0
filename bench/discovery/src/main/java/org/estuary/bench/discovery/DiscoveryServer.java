package org.estuary.bench.discovery;

import java.net.InetAddress;
import java.nio.file.Path;

import net.jini.discovery.LookupDiscoveryService;

import org.estuary.core.time.SystemClock;
import org.estuary.discovery.net.NetworkNamespace;
import org.estuary.discovery.proxy.DiscoveryBackend;
import org.estuary.discovery.service.DiscoveryService;
import org.estuary.discovery.service.Settings;
import org.estuary.discovery.tracking.NetworkDiscovery;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.estuary.lease.LeasePolicy;
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
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, DeliveryConfig.builder().threads(8)
                .maxQueuedPerLane(100).maxQueuedTotal(1_000_000).build(), "bench-discovery-events",
                ReadScope.forReplies(marshaller, null));
        DiscoveryService service = new DiscoveryService(clock, marshaller, new Settings(
                new LeasePolicy(3_600_000, 86_400_000), 100_000, 64, 64, 1_000, 10_000), delivery);
        NetworkDiscovery discovery = new NetworkDiscovery(NetworkNamespace.settings(), clock,
                InetAddress.getLoopbackAddress(), true, proxy -> null, service.discoveryListener());
        service.attach(discovery.tracker());
        Store store = RocksStores.open(Path.of(args[1]));
        service.bindStore(store);
        service.start();
        RmiExporter exporter = RmiExporter.start(RemoteSettings.builder().registryPort(port).build());
        service.useReference(exporter.export(service.serviceId(), DiscoveryBackend.class, service));
        exporter.bind(LookupDiscoveryService.class.getName(), service.proxy());
        System.out.println("READY");
        System.out.flush();
        System.in.read(); // until the benchmark closes our stdin (or stops us by PID)
        exporter.close();
        discovery.close();
        service.close();
        delivery.close();
        RocksStores.close(store);
        clock.close();
        System.exit(0);
    }
}
