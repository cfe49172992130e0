package org.estuary.bench.mailbox;

import java.nio.file.Path;

import net.jini.core.event.RemoteEventListener;
import net.jini.event.MailboxPullRegistration;
import net.jini.event.PullEventMailbox;
import net.jini.event.RemoteEventIterator;

import org.estuary.client.EstuaryClient;
import org.estuary.store.api.testing.ClientOps;
import org.estuary.store.api.testing.ServerJvm;

/**
 * The mailbox's client operations from another JVM, on the embedded store: a server JVM ({@link MailboxServer} with
 * {@code embedded DIR}) exports the mailbox; this JVM, through {@link EstuaryClient}, first measures the two figures
 * one client's target is made of (the p50 of a call that writes nothing, {@code next(0)} of an empty registration's
 * iterator, and of a 1 KB write + {@code fdatasync} in the store's directory), then 1 and 64 client threads, each
 * looping {@code pullRegister} + {@code notify} of a 1 KB event to the new registration's listener + {@code cancel}
 * of its lease: three mutations a pass, each durable before it returns. Prints {@code rpc ...}, {@code fsync ...} and
 * one {@code clientops ...} line per client count ({@link ClientOps.Result#line}).
 */
final class ClientOpsBench {

    static final int[] CLIENTS = {1, 64};
    private static final String[] OPERATIONS = {"register", "notify", "cancel"};

    /** What the run measured: the one-client target's parts and a result per client count of {@link #CLIENTS}. */
    record Figures(long[] rpc, long[] fsync, ClientOps.Result[] results) {
    }

    private ClientOpsBench() {
    }

    static Figures measure(Path directory, int port, double seconds, int eventBytes)
            throws Exception {
        try (ServerJvm server = ServerJvm.start("1g", MailboxServer.class, Integer.toString(port), "0",
                Integer.toString(eventBytes), "embedded", directory.resolve("store").toString())) {
            try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", port)) {
                PullEventMailbox mailbox = client.lookup(PullEventMailbox.class);
                double warmup = seconds / 3;
                MailboxPullRegistration empty = mailbox.pullRegister(600_000);
                RemoteEventIterator iterator = empty.getRemoteEvents();
                long[] rpc = ClientOps.timed(warmup, seconds, () -> iterator.next(0));
                empty.getLease().cancel();
                Path fsyncDir = directory.resolve("fsync");
                long[] fsync = ClientOps.fsyncs(fsyncDir, Math.max(1, seconds / 2));
                ClientOps.printReference(rpc, "next(0) of an empty registration's iterator", fsync, fsyncDir);
                Events made = new Events(eventBytes);
                ClientOps.Result[] results = new ClientOps.Result[CLIENTS.length];
                for (int i = 0; i < CLIENTS.length; i++) {
                    java.util.function.IntFunction<ClientOps.Client> loop = c -> {
                        long[] sequence = {0};
                        return lap -> {
                            lap.start();
                            MailboxPullRegistration registration = mailbox.pullRegister(600_000);
                            lap.done(0);
                            RemoteEventListener listener = registration.getListener();
                            lap.start(); // getListener is answered by the proxy
                            listener.notify(made.event("client-" + c, ++sequence[0]));
                            lap.done(1);
                            registration.getLease().cancel();
                            lap.done(2);
                        };
                    };
                    ClientOps.warmUp(CLIENTS[i], warmup, OPERATIONS, loop);
                    results[i] = ClientOps.run(CLIENTS[i], seconds, OPERATIONS, loop);
                    System.out.println(results[i].line());
                    System.out.flush();
                }
                return new Figures(rpc, fsync, results);
            }
        }
    }
}
