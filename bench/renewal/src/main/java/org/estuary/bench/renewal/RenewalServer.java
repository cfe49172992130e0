package org.estuary.bench.renewal;

import org.estuary.core.time.SystemClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshallers;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.estuary.renewal.internal.BenchRenewalServices;
import org.estuary.renewal.internal.RenewalService;
import org.estuary.store.memory.internal.MemoryStoreComponent;

/**
 * Part (b)'s server JVM: the renewal service as the bundle's component runs it (system clock, 4 renewal threads,
 * delivery on its own threads, default configuration) on the memory store, exported through Estuary's
 * {@link RmiExporter} on 127.0.0.1 and bound under {@code net.jini.lease.LeaseRenewalService}, which is how a
 * container serves remote clients, without the Karaf boot. Arg: registry port. Prints READY, serves until its
 * stdin closes.
 */
public final class RenewalServer {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        SystemClock clock = new SystemClock("bench-renewal-timer");
        MemoryStoreComponent store = new MemoryStoreComponent(InProcessBench.storeConfig(1_000_000, 128L << 20));
        CountingPool renewals = new CountingPool("bench-renewal", 4, 10_000);
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, DeliveryConfig.defaults(), "bench-events");
        RenewalService service = BenchRenewalServices.start(clock,
                Marshallers.builder().classLoader(RenewalServer.class.getClassLoader()).build(), store, renewals,
                delivery);
        RmiExporter exporter = RmiExporter.start(RemoteSettings.builder().registryPort(port).build());
        BenchRenewalServices.export(service, exporter);
        System.out.println("READY");
        System.out.flush();
        System.in.read(); // until the bench closes our stdin (or stops us by PID)
        exporter.close();
        BenchRenewalServices.close(service);
        renewals.shutdownNow();
        clock.close();
    }
}
