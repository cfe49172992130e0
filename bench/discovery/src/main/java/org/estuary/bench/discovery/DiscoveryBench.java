package org.estuary.bench.discovery;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.rmi.MarshalledObject;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.discovery.LookupDiscoveryService;

import org.estuary.core.time.SystemClock;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.net.LookupServiceEndpoint;
import org.estuary.discovery.net.NetworkNamespace;
import org.estuary.discovery.testing.DiscoveryServices;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.LoopbackPorts;
import org.estuary.store.rocksdb.testing.RocksStores;

/**
 * The lookup discovery service's fan-out: REGISTRATIONS registrations (each seeking the group {@value #GROUP}, each
 * with the one listener {@link Arrivals}, exported with RMI) on the default embedded store, then REGISTRARS scripted lookup
 * services of that group ({@link LookupServiceEndpoint}s) start announcing themselves by multicast. Measured: the
 * time from one lookup service's first announcement to the event that tells the last registration of it, first with
 * the service cold ({@code fanout_cold_ms}: no event sent yet in this JVM), then for the others but one announcing
 * together ({@code burst_ms}, from the first of their announcements to the last registration told of the last of
 * them) and the events per second of that burst, and last for the remaining {@value #WARM_UP} + {@value #WARM}
 * each alone, one after another, the service warm as a running service is when a new lookup service appears
 * ({@code fanout_ms}: the median of the last {@value #WARM}, the fastest and slowest beside it). The first
 * {@value #WARM_UP} warm the JVM up: the burst is over within seconds (Fiddler's takes minutes), and its compilers
 * are still compiling and recompiling the code a lone lookup service's events take, which on two processors moves
 * one lookup service's figure by half or more. Then, when bench/discovery/run could
 * prepare it, the same workload against Apache River 2.2.3's Fiddler in a JVM of its own ({@link FiddlerProcess}),
 * with REGISTRARS other lookup services on the same schedule.
 *
 * <p>Multicast runs on the loopback interface of a network namespace of the run's own ({@link NetworkNamespace}):
 * this JVM makes it and runs the measurement in a child JVM inside it. The service runs as its component runs it
 * (the component's default bounds, 4 event threads, discovery on real sockets), with one multicast request per
 * change of the groups sought, so that the lookup services, which start after the registrations, are found by their
 * announcements.
 *
 * <p>Last, the service's client operations from another JVM ({@link ClientOpsBench}): register + cancel by 1 and 64
 * remote clients on the embedded store, next to an RPC's and an fsync's p50 measured in the same run.
 */
public final class DiscoveryBench {

    /** Lookup services that come each alone after the burst, unmeasured, so that the JVM's compilers settle. */
    static final int WARM_UP = 10;
    /** Lookup services that come last, each alone, with the service warm: {@code fanout_ms} is their median. */
    static final int WARM = 5;

    static final String GROUP = "bench";
    /** Seconds per measurement of the remote client operations (after a third of that as warm-up). */
    private static final double CLIENT_OPS_SECONDS = 5;
    private static final String INSIDE = "--in-namespace";

    private DiscoveryBench() {
    }

    /** {@code REGISTRATIONS REGISTRARS DATA_DIRECTORY [FIDDLER_COMMAND_FILE | none]}. */
    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals(INSIDE)) {
            String[] rest = Arrays.copyOfRange(args, 1, args.length);
            try {
                run(Integer.parseInt(rest[0]), Integer.parseInt(rest[1]), Path.of(rest[2]),
                        rest.length > 3 ? rest[3] : "none");
            } catch (Exception | Error e) {
                e.printStackTrace();
                System.exit(1); // the RMI export and the endpoints' threads would keep the JVM up
            }
            System.exit(0);
        }
        int exit;
        try (NetworkNamespace netns = NetworkNamespace.create("estuary-bench")) {
            List<String> command = new ArrayList<>(netns.command());
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), DiscoveryBench.class.getName(),
                    INSIDE));
            command.addAll(List.of(args));
            Process child = new ProcessBuilder(command).inheritIO().start();
            if (!child.waitFor(30, TimeUnit.MINUTES)) {
                child.destroyForcibly();
                throw new IllegalStateException("the measurement did not end within 30 minutes");
            }
            exit = child.exitValue();
        }
        if (exit != 0) {
            System.exit(exit); // once the namespace is deleted
        }
    }

    private static void run(int registrations, int registrars, Path data, String fiddlerCommand) throws Exception {
        DiscoverySettings lo = NetworkNamespace.settings();
        DiscoverySettings network = new DiscoverySettings(lo.networkInterface(), lo.ttl(), lo.requestAddress(),
                lo.announcementAddress(), lo.multicastPort(), 1, lo.requestIntervalMillis(),
                lo.announcementIntervalMillis(), lo.missedAnnouncements(), lo.unicastTimeoutMillis(),
                lo.maxPacketSize());
        SystemClock announcing = new SystemClock("bench-lookup-announcements");
        try {
            estuary(registrations, registrars, data, network, announcing);
            if (fiddlerCommand.equals("none")) {
                System.out.println("fiddler: not run (bench/discovery/run says why)");
            } else {
                fiddler(registrations, registrars, Path.of(fiddlerCommand), data.resolveSibling("fiddler.log"),
                        network, announcing);
            }
            ClientOpsBench.measure(data.resolveSibling("ops"), LoopbackPorts.free(), CLIENT_OPS_SECONDS);
        } finally {
            announcing.close();
        }
    }

    /** Estuary's lookup discovery service in this JVM on the default embedded store in {@code data}. */
    private static void estuary(int registrations, int registrars, Path data, DiscoverySettings network,
            SystemClock announcing) throws Exception {
        SystemClock clock = new SystemClock("bench-discovery-timer");
        Marshaller marshaller = Marshallers.builder().classLoader(DiscoveryBench.class.getClassLoader()).build();
        // the component's defaults: the builder's event threads (DEFAULT_THREADS), 100 events queued per
        // registration, blocks of 1,000 numbers
        EventDelivery delivery = EventDelivery.withOwnThreads(clock, DeliveryConfig.builder().maxQueuedPerLane(100)
                .maxQueuedTotal(100 * registrations).build(), "bench-discovery-events",
                ReadScope.forReplies(marshaller, null));
        Store store = RocksStores.open(data);
        // the component's defaults but for the registrations allowed
        DiscoveryServices.Running service = DiscoveryServices.start(clock, marshaller, store, delivery, network,
                DiscoveryBench::idOf, Map.of("max_registrations", registrations));
        LookupDiscoveryService lds = service.proxy();
        Arrivals arrivals = new Arrivals(registrations);
        RemoteEventListener listener = (RemoteEventListener) UnicastRemoteObject.exportObject(arrivals, 0);
        try {
            double registerPerS = Clients.register(lds, listener, registrations, GROUP);
            System.out.printf("estuary: %,d registrations of group %s made, %,.0f/s with 8 clients%n", registrations,
                    GROUP, registerPerS);
            Result result = measure("estuary", new Lookups(0, registrars, network, announcing), arrivals,
                    registrations);
            System.out.printf("estuary result registrations=%d registrars=%d register_per_s=%.0f %s discards=%d%n",
                    registrations, registrars, registerPerS, result, arrivals.discards());
        } finally {
            service.close();
            delivery.close();
            RocksStores.close(store);
            clock.close();
            UnicastRemoteObject.unexportObject(arrivals, true);
        }
    }

    /**
     * River's Fiddler in a JVM of its own ({@link FiddlerProcess}), told of lookup services new to it, on the same
     * schedule as Estuary's service.
     */
    private static void fiddler(int registrations, int registrars, Path command, Path log, DiscoverySettings network,
            SystemClock announcing) throws Exception {
        try (FiddlerProcess fiddler = FiddlerProcess.start(command, registrations, GROUP, log, 900)) {
            System.out.printf("fiddler: %,d registrations of group %s made with 8 clients (%s; River's log in %s)%n",
                    registrations, GROUP, fiddler.readyLine(), log);
            Result result = measure("fiddler", new Lookups(registrars, registrars, network, announcing), fiddler,
                    registrations);
            System.out.printf("fiddler result %s %s%n", fiddler.readyLine(), result);
        }
    }

    /**
     * The {@code count} scripted lookup services of a run, ids from {@code first + 1}, each brought up at its turn
     * ({@link #up}): a lookup service answers multicast requests from the moment it is up, so one made before its turn
     * would be found by a request (River's Fiddler repeats its requests for half a minute after each change of the
     * groups it seeks) and told before it announced. Closing closes the ones brought up.
     */
    private static final class Lookups implements AutoCloseable {
        private final long first;
        private final int count;
        private final DiscoverySettings network;
        private final SystemClock announcing;
        private final List<LookupServiceEndpoint> up = new ArrayList<>();

        Lookups(long first, int count, DiscoverySettings network, SystemClock announcing) {
            this.first = first;
            this.count = count;
            this.network = network;
            this.announcing = announcing;
        }

        int count() {
            return count;
        }

        /** Brings lookup service {@code i} up on a free port of the loopback address and starts its announcements. */
        LookupServiceEndpoint up(int i) throws IOException {
            InetAddress loopback = InetAddress.getLoopbackAddress();
            int port;
            try (ServerSocket free = new ServerSocket(0, 1, loopback)) {
                port = free.getLocalPort(); // the namespace's own: nothing else takes it meanwhile
            }
            LocatedRegistrar proxy = new LocatedRegistrar(first + i + 1,
                    new LookupLocator(loopback.getHostAddress(), port), GROUP);
            LookupServiceEndpoint endpoint = new LookupServiceEndpoint(network, announcing, proxy.getServiceID(),
                    new MarshalledObject<>(proxy), List.of(GROUP), loopback, port, true);
            up.add(endpoint);
            endpoint.startAnnouncing();
            return endpoint;
        }

        @Override
        public void close() {
            for (LookupServiceEndpoint endpoint : up) {
                endpoint.close();
            }
        }
    }

    /** One service's figures, as {@code key=value} words. */
    private record Result(Fanout warm, double fanoutMinMs, double fanoutMaxMs, Fanout cold, double burstMs,
            double burstP50Ms, double burstMaxMs, long burstEvents, double eventsPerS, double cpuUsPerEvent) {
        @Override
        public String toString() {
            return String.format("fanout_ms=%.1f fanout_cpu_ms=%.0f fanout_min_ms=%.1f fanout_max_ms=%.1f "
                    + "fanout_cold_ms=%.1f fanout_cold_cpu_ms=%.0f burst_ms=%.1f burst_p50_ms=%.1f burst_max_ms=%.1f "
                    + "burst_events=%d events_per_s=%.0f cpu_us_per_event=%.1f", warm.ms, warm.cpuMs, fanoutMinMs,
                    fanoutMaxMs, cold.ms, cold.cpuMs, burstMs, burstP50Ms, burstMaxMs, burstEvents, eventsPerS,
                    cpuUsPerEvent);
        }
    }

    /**
     * The schedule: the first of {@code lookups} comes up and announces alone (the service cold), then the others
     * but {@value #WARM_UP} + {@value #WARM} together, then those each alone, one after another (the service warm,
     * the first {@value #WARM_UP} unmeasured); each time until every registration was told. With fewer lookup
     * services than {@value #WARM_UP} + {@value #WARM} + 2, the last one alone is the warm one.
     * Closes the lookup services it brought up.
     */
    private static Result measure(String name, Lookups lookups, Told told, int registrations) throws Exception {
        int registrars = lookups.count();
        try (lookups) {
            // one lookup service announces itself, to a service that has not sent an event yet (cold)
            Fanout cold = alone(lookups, 0, told, registrations);
            System.out.printf("%s: one lookup service, the service cold: its first announcement to the last "
                    + "of %,d registrations told of it: %.1f ms (the service's CPU meanwhile %.0f ms, sending and "
                    + "receiving)%n", name, registrations, cold.ms, cold.cpuMs);
            long eventsBefore = told.events();

            // the others announce themselves together
            List<ServiceID> others = new ArrayList<>();
            long cpuBefore = told.cpuNanos();
            long[] startedAt = new long[registrars];
            int warmUp = registrars >= WARM_UP + WARM + 2 ? WARM_UP : 0;
            int warmCount = warmUp > 0 ? WARM : registrars > 2 ? 1 : 0;
            int last = registrars - warmUp - warmCount; // the last ones alone again, below
            for (int i = 1; i < last; i++) {
                startedAt[i] = System.nanoTime();
                others.add(lookups.up(i).serviceId());
            }
            if (!others.isEmpty() && !told.awaitAllTold(others, 600)) {
                long done = others.stream().filter(id -> told.allToldAt(id) != null).count();
                throw new IllegalStateException(name + ": after 600 s every registration was told of " + done
                        + " of " + others.size() + " lookup services");
            }
            long end = others.stream().mapToLong(told::allToldAt).max().orElse(startedAt[0]);
            double burstMs = (end - startedAt[Math.min(1, registrars - 1)]) / 1e6;
            long burstEvents = told.events() - eventsBefore;
            double burstCpuMs = (told.cpuNanos() - cpuBefore) / 1e6;
            double[] each = new double[others.size()];
            for (int i = 0; i < each.length; i++) {
                each[i] = (told.allToldAt(others.get(i)) - startedAt[i + 1]) / 1e6;
            }
            Arrays.sort(each);
            double p50 = each.length == 0 ? 0 : each[each.length / 2];
            double max = each.length == 0 ? 0 : each[each.length - 1];
            double eventsPerS = burstMs <= 0 ? 0 : burstEvents / (burstMs / 1000);
            double cpuUsPerEvent = burstEvents == 0 ? 0.0 : burstCpuMs * 1000 / burstEvents;
            System.out.printf("%s: %d lookup services announcing together: the first announcement to the last "
                    + "registration told of the last of them %.1f ms; per lookup service p50 %.1f ms, max %.1f ms; "
                    + "%,d events (%.1f lookup services each), %,.0f events/s; CPU %.1f us per event%n", name,
                    others.size(), burstMs, p50, max, burstEvents,
                    burstEvents == 0 ? 0.0 : (double) others.size() * registrations / burstEvents, eventsPerS,
                    cpuUsPerEvent);

            // the last lookup services announce themselves each alone, to the service as it runs (warm)
            for (int i = last; i < last + warmUp; i++) {
                Fanout one = alone(lookups, i, told, registrations);
                System.out.printf("%s: warming up (%d of %d): a lookup service alone, told to %,d registrations in "
                        + "%.1f ms (CPU %.0f ms)%n", name, i - last + 1, warmUp, registrations, one.ms, one.cpuMs);
            }
            List<Fanout> warm = new ArrayList<>();
            for (int i = last + warmUp; i < registrars; i++) {
                Fanout one = alone(lookups, i, told, registrations);
                warm.add(one);
                System.out.printf("%s: one more lookup service, the service warm (%d of %d): its first announcement "
                        + "to the last of %,d registrations told of it: %.1f ms (CPU %.0f ms)%n", name, warm.size(),
                        warmCount, registrations, one.ms, one.cpuMs);
            }
            if (warm.isEmpty()) {
                warm.add(cold);
            }
            warm.sort(java.util.Comparator.comparingDouble(Fanout::ms));
            return new Result(warm.get(warm.size() / 2), warm.get(0).ms, warm.get(warm.size() - 1).ms, cold, burstMs,
                    p50, max, burstEvents, eventsPerS, cpuUsPerEvent);
        }
    }

    /** One lookup service's fan-out: from its first announcement to the last registration told of it. */
    private record Fanout(double ms, double cpuMs) {
    }

    /**
     * Brings lookup service {@code i} up and waits (bounded) until every registration was told of it; measured from
     * just before it came up, its sockets' opening included.
     */
    private static Fanout alone(Lookups lookups, int i, Told told, int registrations) throws Exception {
        long cpuBefore = told.cpuNanos();
        long start = System.nanoTime();
        ServiceID id = lookups.up(i).serviceId();
        if (!told.awaitAllTold(List.of(id), 300)) {
            throw new IllegalStateException("after 300 s not every one of " + registrations
                    + " registrations was told of lookup service " + id);
        }
        return new Fanout((told.allToldAt(id) - start) / 1e6, (told.cpuNanos() - cpuBefore) / 1e6);
    }

    /** A lookup service's id, read from its proxy with this JVM's classes; null if it is not a registrar. */
    private static ServiceID idOf(MarshalledObject<?> proxy) {
        try {
            return ((ServiceRegistrar) proxy.get()).getServiceID();
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            return null;
        }
    }
}
