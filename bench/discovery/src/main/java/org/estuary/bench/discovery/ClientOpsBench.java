package org.estuary.bench.discovery;

import java.nio.file.Path;
import java.rmi.server.UnicastRemoteObject;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.discovery.LookupDiscoveryRegistration;
import net.jini.discovery.LookupDiscoveryService;

import org.estuary.client.EstuaryClient;
import org.estuary.store.api.testing.ClientOps;
import org.estuary.store.api.testing.ServerJvm;

/**
 * The lookup discovery service's client operations from another JVM, on the embedded store: a server JVM
 * ({@link DiscoveryServer}) exports the service; this JVM, through {@link EstuaryClient}, first measures the two
 * figures one client's target is made of (the p50 of a call that writes nothing, {@code getGroups} of a
 * registration, and of a 1 KB write + {@code fdatasync} in the store's directory), then 1 and 64 client threads,
 * each looping {@code register} (no groups, no locators, one listener exported in this JVM) + {@code cancel} of the
 * registration's lease: two mutations a pass, each durable before it returns. Prints {@code rpc ...},
 * {@code fsync ...} and one {@code clientops ...} line per client count ({@link ClientOps.Result#line}).
 */
final class ClientOpsBench {

    private static final int[] CLIENTS = {1, 64};
    private static final String[] OPERATIONS = {"register", "cancel"};

    private ClientOpsBench() {
    }

    /** A listener no event reaches (the registrations seek nothing). */
    private static final class Silent implements RemoteEventListener {
        @Override
        public void notify(RemoteEvent event) {
        }
    }

    static void measure(Path directory, int port, double seconds) throws Exception {
        Silent silent = new Silent();
        RemoteEventListener listener = (RemoteEventListener) UnicastRemoteObject.exportObject(silent, 0);
        try (ServerJvm server = ServerJvm.start("1g", DiscoveryServer.class, Integer.toString(port),
                directory.resolve("store").toString())) {
            try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", port)) {
                LookupDiscoveryService service = client.lookup(LookupDiscoveryService.class);
                String[] none = {};
                LookupLocator[] nowhere = {};
                double warmup = seconds / 3;
                LookupDiscoveryRegistration one = service.register(none, nowhere, listener, null, 600_000);
                long[] rpc = ClientOps.timed(warmup, seconds, one::getGroups);
                one.getLease().cancel();
                Path fsyncDir = directory.resolve("fsync");
                long[] fsync = ClientOps.fsyncs(fsyncDir, Math.max(1, seconds / 2));
                ClientOps.printReference(rpc, "getGroups of a registration", fsync, fsyncDir);
                for (int clients : CLIENTS) {
                    java.util.function.IntFunction<ClientOps.Client> loop = c -> lap -> {
                        lap.start();
                        LookupDiscoveryRegistration registration = service.register(none, nowhere, listener, null,
                                600_000);
                        lap.done(0);
                        registration.getLease().cancel();
                        lap.done(1);
                    };
                    ClientOps.warmUp(clients, warmup, OPERATIONS, loop);
                    System.out.println(ClientOps.run(clients, seconds, OPERATIONS, loop).line());
                    System.out.flush();
                }
            }
        } finally {
            UnicastRemoteObject.unexportObject(silent, true);
        }
    }
}
