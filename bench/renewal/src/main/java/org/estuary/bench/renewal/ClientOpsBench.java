package org.estuary.bench.renewal;

import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.UUID;
import java.util.function.IntFunction;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.SystemClock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.store.api.testing.ClientOps;

/**
 * Part (c)'s client JVM: client operations of the renewal service from another JVM, as the README's client makes
 * them. Each client loops {@code createLeaseRenewalSet(600 s)}, {@code renewFor} of a fresh lease of this JVM's own
 * exported landlord (600 s), and {@code cancel} of the set's lease: three mutations a loop, each durable before it
 * returns. First the two figures the one-client target is made of, measured here in the same run: the p50 of an
 * Estuary call that writes nothing ({@code getLeases} of an empty set) and the p50 of a 1 KB write +
 * {@code fdatasync} in the store's directory. Args: registry port, directory for the fsync loop, seconds per
 * measurement, warm-up seconds, client counts (comma separated), and optionally the server's standard input (a
 * FIFO), where it writes {@code at=start clients=<n>} and {@code at=end clients=<n>} around each measurement so the
 * server prints its counts then ({@link RenewalServer}). Prints {@code rpc ...}, {@code fsync ...} and one
 * {@code clientops ...} line per client count.
 */
public final class ClientOpsBench {

    static final long SET_MILLIS = 600_000;

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Path dir = Path.of(args[1]);
        double seconds = Double.parseDouble(args[2]);
        double warmup = Double.parseDouble(args[3]);
        String[] levels = args[4].split(",");
        PrintStream server = args.length > 5 ? new PrintStream(new FileOutputStream(args[5]), true,
                StandardCharsets.UTF_8) : null;
        try (EstuaryClient estuary = EstuaryClient.connect("127.0.0.1", port);
                SystemClock clock = new SystemClock("bench-client-landlord")) {
            LeaseRenewalService service = estuary.lookup(LeaseRenewalService.class);
            LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(60_000, 60_000), 1_000_000,
                    (id, r) -> { });
            Landlord landlord = estuary.export(Landlord.class, table);
            UUID landlordId = UUID.randomUUID();

            LeaseRenewalSet empty = service.createLeaseRenewalSet(SET_MILLIS);
            long[] rpc = ClientOps.timed(warmup, seconds, empty::getLeases);
            empty.getRenewalSetLease().cancel();
            ClientOps.printReference(rpc, "getLeases of an empty set", ClientOps.fsyncs(dir, Math.max(1, seconds / 2)),
                    dir);

            String[] names = {"create", "renewfor", "cancel"};
            for (String level : levels) {
                int clients = Integer.parseInt(level.trim());
                IntFunction<ClientOps.Client> loop = c -> lap -> {
                    LeaseGrant grant = table.grant("bench resource", 60_000);
                    Lease lease = grant.lease(landlord, landlordId, clock);
                    lap.start();
                    LeaseRenewalSet set = service.createLeaseRenewalSet(SET_MILLIS);
                    lap.done(0);
                    set.renewFor(lease, SET_MILLIS);
                    lap.done(1);
                    set.getRenewalSetLease().cancel();
                    lap.done(2);
                    table.cancel(grant.leaseId());
                };
                ClientOps.warmUp(clients, warmup, names, loop);
                mark(server, "at=start clients=" + clients);
                ClientOps.Result result = ClientOps.run(clients, seconds, names, loop);
                mark(server, "at=end clients=" + clients);
                System.out.println(result.line());
                System.out.flush();
            }
        }
        System.exit(0); // RMI's non-daemon threads
    }

    /** Asks the server to print its counts, labelled {@code label} (nothing without a server input). */
    private static void mark(PrintStream server, String label) {
        if (server != null) {
            server.println(label);
        }
    }
}
