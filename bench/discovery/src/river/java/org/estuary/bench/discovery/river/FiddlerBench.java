package org.estuary.bench.discovery.river;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.jini.start.NonActivatableServiceDescriptor;

import net.jini.config.EmptyConfiguration;
import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.discovery.LookupDiscoveryService;
import net.jini.discovery.RemoteDiscoveryEvent;

import org.estuary.bench.discovery.Clients;

/**
 * Apache River 2.2.3's lookup discovery service, Fiddler, under the discovery benchmark's workload, in this JVM on
 * River's own classes (compiled and started by bench/discovery/run, inside the benchmark's network namespace).
 * Fiddler is created as River's {@code ServiceStarter} creates a service, from a
 * {@code NonActivatableServiceDescriptor} of {@code TransientFiddlerImpl} and a configuration written here: remote
 * calls over Java RMI on the loopback address ({@code JrmpLoopbackExporter}, shared with itest's Reggie), multicast
 * on the namespace's loopback interface, no lookup service joined. 8 clients ({@link Clients}, as for Estuary) make
 * REGISTRATIONS registrations seeking GROUP through its proxy, each with one listener exported with Java RMI in this JVM, as the Estuary run's.
 *
 * <p>Prints {@code ready register_per_s=<n>} once the registrations are made, then, as soon as every registration
 * was told of a lookup service, {@code told <service id> <System.nanoTime()> <events so far>}: the benchmark's JVM,
 * on the same host (the same monotonic clock), measures from the lookup service's first announcement. Ends when
 * its standard input does.
 *
 * <p>Usage: {@code FiddlerBench CODEBASE CLASS_PATH WORK_DIRECTORY REGISTRATIONS GROUP}: Fiddler's codebase and
 * class path as a descriptor takes them (space-separated URLs, space-separated paths).
 */
public final class FiddlerBench {

    /** Counts, per lookup service, the registrations told of it; prints when that reaches all of them. */
    static final class Arrivals implements RemoteEventListener {
        private final int registrations;
        private final Map<Object, AtomicInteger> told = new ConcurrentHashMap<>();
        private final AtomicLong events = new AtomicLong();

        Arrivals(int registrations) {
            this.registrations = registrations;
        }

        @Override
        public void notify(RemoteEvent event) {
            long now = System.nanoTime();
            long n = events.incrementAndGet();
            RemoteDiscoveryEvent discovery = (RemoteDiscoveryEvent) event;
            if (discovery.isDiscarded()) {
                return;
            }
            for (Object id : discovery.getGroups().keySet()) { // River 2.2.3: a raw Map of ServiceID to groups
                if (told.computeIfAbsent(id, any -> new AtomicInteger()).incrementAndGet() == registrations) {
                    synchronized (System.out) {
                        System.out.println("told " + id + " " + now + " " + n);
                        System.out.flush();
                    }
                }
            }
        }
    }

    private FiddlerBench() {
    }

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1); // Fiddler's and RMI's threads would keep the JVM up
        }
        System.exit(0);
    }

    private static void run(String[] args) throws Exception {
        Path work = Path.of(args[2]);
        int registrations = Integer.parseInt(args[3]);
        String group = args[4];
        if (System.getSecurityManager() == null) {
            System.setSecurityManager(new SecurityManager()); // a descriptor creates services under one
        }
        Path config = work.resolve("fiddler.config");
        Files.writeString(config, String.join("\n",
                "import java.net.NetworkInterface;",
                "import org.estuary.itest.reggie.JrmpLoopbackExporter;",
                "",
                "com.sun.jini.fiddler {",
                "    initialLookupGroups = new String[] { };",
                "    serverExporter = new JrmpLoopbackExporter();",
                "}",
                "net.jini.discovery.LookupDiscovery {",
                "    multicastInterfaces = new NetworkInterface[] { NetworkInterface.getByName(\"lo\") };",
                "}", ""));
        NonActivatableServiceDescriptor descriptor = new NonActivatableServiceDescriptor(args[0],
                System.getProperty("java.security.policy"), args[1], "com.sun.jini.fiddler.TransientFiddlerImpl",
                new String[] {config.toString()});
        NonActivatableServiceDescriptor.Created created =
                (NonActivatableServiceDescriptor.Created) descriptor.create(EmptyConfiguration.INSTANCE);
        LookupDiscoveryService fiddler = (LookupDiscoveryService) created.proxy;

        Arrivals arrivals = new Arrivals(registrations);
        RemoteEventListener listener = (RemoteEventListener) UnicastRemoteObject.exportObject(arrivals, 0);
        double perS = Clients.register(fiddler, listener, registrations, group);
        System.out.printf("ready register_per_s=%.0f%n", perS);
        System.out.flush();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            while (in.readLine() != null) {
                // the benchmark closes standard input when it is done
            }
        }
    }
}
