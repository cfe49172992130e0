package org.estuary.bench.renewal;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

import org.estuary.core.time.SystemClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshallers;
import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.estuary.renewal.testing.RenewalServices;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.SyncCountingStore;
import org.estuary.store.rocksdb.testing.RocksStores;

/**
 * The remote parts' server JVM: the renewal service as the bundle's component runs it (system clock, 4 renewal
 * threads, delivery on its own threads, default configuration), exported through Estuary's {@link RmiExporter} on
 * 127.0.0.1 and bound under {@code net.jini.lease.LeaseRenewalService}, which is how a container serves remote
 * clients, without the Karaf boot. Args: registry port, then {@code memory} (the default) or {@code embedded DIR}
 * (the default embedded store, RocksDB, with its default configuration in DIR). Prints READY, serves until its stdin
 * closes. Each line read meanwhile makes it print {@code serverstats <line> syncs=<n> batches=<n> cpu_ns=<n>}: the
 * embedded store's WAL syncs (0 on the memory store), the batches its store acknowledged and this JVM's CPU time so far, which part (c)
 * subtracts around a measurement (batches per sync, server CPU per mutation).
 */
public final class RenewalServer {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        SystemClock clock = new SystemClock("bench-renewal-timer");
        SyncCountingStore embedded = args.length > 2 && args[1].equals("embedded")
                ? RocksStores.syncCounting(Path.of(args[2]), Map.of()) : null;
        Store store = embedded != null ? embedded.store() : InProcessBench.memoryStore(1_000_000, 128L << 20);
        CountingPool renewals = new CountingPool("bench-renewal", 4, 10_000);
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, DeliveryConfig.defaults(), "bench-events");
        RenewalServices.Running service = RenewalServices.start(clock,
                Marshallers.builder().classLoader(RenewalServer.class.getClassLoader()).build(), store, renewals,
                delivery);
        RmiExporter exporter = RmiExporter.start(RemoteSettings.builder().registryPort(port).build());
        service.export(exporter);
        System.out.println("READY");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                ManagementFactory.getOperatingSystemMXBean();
        for (String line = in.readLine(); line != null; line = in.readLine()) { // until the bench closes our stdin
            System.out.printf("serverstats %s syncs=%d batches=%d cpu_ns=%d%n", line.trim(),
                    embedded != null ? embedded.syncs() : 0, store.stats().commits(), os.getProcessCpuTime());
            System.out.flush();
        }
        exporter.close();
        service.close();
        renewals.shutdownNow();
        clock.close();
    }
}
