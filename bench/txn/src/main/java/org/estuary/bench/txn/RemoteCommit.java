package org.estuary.bench.txn;

import java.util.Arrays;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.client.EstuaryClient;
import org.estuary.store.api.testing.LoopbackPorts;
import org.estuary.store.api.testing.ServerJvm;

/**
 * A remote commit's latency: this JVM is a client of a transaction manager in another JVM ({@link TxnServer}, started
 * and stopped here), reached through {@link EstuaryClient} over RMI on 127.0.0.1, with participants of its own
 * exported through {@link EstuaryClient#exportParticipant} that vote PREPARED, so the manager calls them back over
 * RMI. One thread, in a loop of create, join P, commit, for SECONDS after WARMUP; prints per participant count
 * {@code remote participants=P commits_per_s=... loop_p50_us=... commit_p50_us=... commit_p99_us=...}, the commit's
 * figures being those of the {@code commit} call alone (the vote, for two participants the commit point, and for one
 * {@code prepareAndCommit}; the roll-forward runs after it returns).
 *
 * <p>Args: SECONDS WARMUP PARTICIPANTS (comma-separated counts).
 */
public final class RemoteCommit {

    public static void main(String[] args) throws Exception {
        double seconds = Double.parseDouble(args[0]);
        double warmup = Double.parseDouble(args[1]);
        int port = LoopbackPorts.free();
        try (ServerJvm server = ServerJvm.start("1g", TxnServer.class, Integer.toString(port));
                EstuaryClient client = EstuaryClient.connect("127.0.0.1", port)) {
            NestableTransactionManager mgr = client.lookup(NestableTransactionManager.class);
            for (String count : args[2].split(",")) {
                TransactionParticipant[] parts = new TransactionParticipant[Integer.parseInt(count)];
                for (int i = 0; i < parts.length; i++) {
                    parts[i] = client.exportParticipant(new EstuarySide.Prepared());
                }
                measure(mgr, parts, seconds, warmup);
            }
        }
        System.exit(0);
    }

    private static void measure(NestableTransactionManager mgr, TransactionParticipant[] parts, double seconds,
            double warmup) throws Exception {
        long warmupEnd = System.nanoTime() + (long) (warmup * 1e9);
        long end = warmupEnd + (long) (seconds * 1e9);
        long[] loops = new long[1 << 16];
        long[] commits = new long[1 << 16];
        int n = 0;
        long now;
        while ((now = System.nanoTime()) < end) {
            long id = mgr.create(60_000).id;
            for (TransactionParticipant part : parts) {
                mgr.join(id, part, 1);
            }
            long beforeCommit = System.nanoTime();
            mgr.commit(id);
            long after = System.nanoTime();
            if (now >= warmupEnd) {
                if (n == loops.length) {
                    loops = Arrays.copyOf(loops, n * 2);
                    commits = Arrays.copyOf(commits, n * 2);
                }
                loops[n] = after - now;
                commits[n++] = after - beforeCommit;
            }
        }
        System.out.printf("remote participants=%d commits_per_s=%.0f loop_p50_us=%d commit_p50_us=%d "
                + "commit_p99_us=%d%n", parts.length, n / seconds, percentile(loops, n, 0.5),
                percentile(commits, n, 0.5), percentile(commits, n, 0.99));
    }

    private static long percentile(long[] nanos, int n, double p) {
        if (n == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(nanos, n);
        Arrays.sort(sorted);
        return sorted[Math.min(n - 1, (int) (n * p))] / 1000;
    }
}
