package org.estuary.bench.txn;

import java.nio.file.Path;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.client.EstuaryClient;
import org.estuary.store.api.testing.ClientOps;
import org.estuary.store.api.testing.LoopbackPorts;
import org.estuary.store.api.testing.ServerJvm;

/**
 * The transaction manager's client operations from another JVM, on the embedded store: a server JVM
 * ({@link TxnServer} with {@code embedded DIR}) and this JVM, a client through {@link EstuaryClient}. First the two
 * figures one client's target is made of: the p50 of a call that writes nothing ({@code getState} of an active
 * transaction) and of a 1 KB write + {@code fdatasync} in the store's directory; then 1 and 64 client threads, each with a
 * participant of its own exported from this JVM that votes PREPARED, looping {@code create} + {@code join} +
 * {@code commit}: three operations a pass, each answered once durable. Prints {@code rpc ...}, {@code fsync ...} and
 * one {@code clientops ...} line per client count ({@link ClientOps.Result#line}).
 *
 * <p>Args: {@code DIR SECONDS WARMUP}; it starts and stops the server JVM.
 */
public final class ClientOpsBench {

    private static final int[] CLIENTS = {1, 64};
    private static final String[] OPERATIONS = {"create", "join", "commit"};

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        double seconds = Double.parseDouble(args[1]);
        double warmup = Double.parseDouble(args[2]);
        int port = LoopbackPorts.free();
        try (ServerJvm server = ServerJvm.start("1g", TxnServer.class, Integer.toString(port), "embedded",
                dir.resolve("store").toString())) {
            try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", port)) {
                NestableTransactionManager mgr = client.lookup(NestableTransactionManager.class);
                long active = mgr.create(600_000).id;
                long[] rpc = ClientOps.timed(warmup, seconds, () -> mgr.getState(active));
                mgr.abort(active);
                Path fsyncDir = dir.resolve("fsync");
                long[] fsync = ClientOps.fsyncs(fsyncDir, Math.max(1, seconds / 2));
                ClientOps.printReference(rpc, "getState of an active transaction", fsync, fsyncDir);
                for (int clients : CLIENTS) {
                    TransactionParticipant[] parts = new TransactionParticipant[clients];
                    for (int c = 0; c < clients; c++) {
                        parts[c] = client.exportParticipant(new EstuarySide.Prepared());
                    }
                    java.util.function.IntFunction<ClientOps.Client> loop = c -> lap -> {
                        lap.start();
                        long id = mgr.create(60_000).id;
                        lap.done(0);
                        mgr.join(id, parts[c], 1);
                        lap.done(1);
                        mgr.commit(id);
                        lap.done(2);
                    };
                    ClientOps.warmUp(clients, warmup, OPERATIONS, loop);
                    System.out.println(ClientOps.run(clients, seconds, OPERATIONS, loop).line());
                    System.out.flush();
                }
            }
        }
        System.exit(0);
    }
}
