package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.sql.DataSource;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.event.PullEventMailbox;
import net.jini.lease.LeaseRenewalService;

import org.estuary.client.EstuaryClient;
import org.estuary.remote.RemoteSettings;
import org.estuary.store.api.testing.LoopbackPorts;
import org.junit.Test;

/**
 * Failover of the booted distribution (docs/FAILOVER.md): two containers, {@code a} and {@code b}, on one private
 * PostgreSQL with the jdbc store and failover enabled, each naming the other in {@code failover.peers}. Remote
 * clients in this JVM connected to both ({@code EstuaryClient.connect(List, ...)}) create renewal sets, mailbox
 * registrations and transactions through the proxies they took from {@code a}, each keeping its own record of what
 * was acknowledged ({@link FaultClient}). Each service's console page names the active container in both containers.
 * Then, {@code estuary.failover.rounds} times (default 1; {@code bench/run faults failover} runs more), the active
 * container is killed with SIGKILL at a random moment of the load: the standby takes every instance's lease with a
 * newer fencing token, only after the killed container's lease ran out (database clock), and serves the clients'
 * old proxies; nothing acknowledged is lost; the killed container comes back as a standby. Then the new active
 * container is paused with SIGSTOP: the same takeover, the clients' references leave it after one call timeout,
 * and once resumed with SIGCONT it stands by for every instance. The takeover times are printed: from the ex-active
 * container's last renewal to the new term (database clock; the configured bound is {@code lease.ms} +
 * {@code heartbeat.ms}), and from the fault until every client's calls are acknowledged again.
 */
public class FailoverIT {

    private static final long LEASE_MS = 4_000;
    private static final long HEARTBEAT_MS = 1_000;
    private static final String PREFIX = "failover_";
    private static final List<String> INSTANCES = List.of("renewal", "mailbox", "txn", "discovery");
    private static final Duration SERVING = Duration.ofSeconds(120);
    private static final Duration BOOT = Duration.ofSeconds(180);
    private static final int THREADS_PER_CLIENT = 2;
    /** Calls to a container that does not answer fail (indefinitely) after this; the next call asks the peers. */
    private static final long CALL_TIMEOUT_MS = 5_000;
    /** The driver gives up on a statement without an answer after this long (the DataSource's socketTimeout). */
    private static final int SOCKET_TIMEOUT_S = 60;

    /** One row of {@code <prefix>leases}, its times in epoch milliseconds of the database's clock. */
    record Holder(String member, String endpoint, long token, long since, long expires) {
    }

    @Test
    public void aStandbyTakesOverFromAKilledAndFromAPausedContainerAndNothingAcknowledgedIsLost() throws Exception {
        int rounds = Integer.getInteger("estuary.failover.rounds", 1);
        long seed = Long.getLong("estuary.faults.seed", System.nanoTime());
        System.out.println("FailoverIT: " + rounds + " rounds, seed " + seed);
        DataSource db = PrivatePostgres.dataSource("estuary-failover-it");
        dropTables(db);
        String password = "it-" + Long.toHexString(seed);
        int portA = LoopbackPorts.free();
        int portB = LoopbackPorts.free();
        RunningDistribution[] pair = new RunningDistribution[2];
        FaultTally tally = new FaultTally();
        EstuaryClient client = null;
        RenewalFaultClient renewal = null;
        try {
            pair[0] = RunningDistribution.start(password, portA, container("a", portA, portB));
            awaitHolder(pair[0], db, "a");
            pair[1] = RunningDistribution.start(password, portB, container("b", portB, portA));
            awaitServices(pair[0]);
            awaitStandby(pair[1], "b", 1);
            assertEquals("b serves nothing while a is active", 0, pair[1].logged("Estuary lease renewal service active"));
            // FO.3: each service's console page says who is active, in the active container and in the standby
            for (String instance : INSTANCES) {
                String page = "estuary-" + instance;
                pair[0].awaitConsolePage(page, "Failover: active in this container (a) since ");
                pair[1].awaitConsolePage(page, "Failover: standby: the active container is a at 127.0.0.1:" + portA
                        + " since ");
            }
            client = EstuaryClient.connect(List.of("127.0.0.1:" + portA, "127.0.0.1:" + portB),
                    RemoteSettings.builder().callTimeoutMs(CALL_TIMEOUT_MS).build());
            renewal = new RenewalFaultClient(client);
            List<FaultClient> clients = List.of(renewal, new MailboxFaultClient(client), new TxnFaultClient(client));
            List<String> lost = new ArrayList<>();
            java.util.Random random = new java.util.Random(seed);
            int active = 0;
            int[] boots = {1, 1};
            for (int round = 1; round <= rounds; round++) {
                // SIGKILL of the active container; the standby takes over, the killed one comes back as a standby
                int killed = active;
                long takeover = failover(pair, killed, clients, db, random, tally, lost, () -> {
                    pair[killed].crash();
                    tally.kill();
                });
                System.out.println("FailoverIT: round " + round + ": " + name(1 - killed) + " took over from "
                        + name(killed) + " (SIGKILL) in " + takeover + " ms");
                pair[killed] = pair[killed].relaunch();
                awaitStandby(pair[killed], name(killed), ++boots[killed]);
                active = 1 - killed;

                // SIGSTOP of the active container past its lease (a long pause, a frozen VM): the standby takes
                // over, the clients' references move to it after one call timeout, and the resumed container,
                // its lease gone, stands by for every instance
                int paused = active;
                RunningDistribution pausedOne = pair[paused];
                String standsBy = "Estuary failover: " + name(paused) + " stands by for ";
                int stoodBy = pausedOne.logged(standsBy);
                takeover = failover(pair, paused, clients, db, random, tally, lost, () -> pausedOne.signal("STOP"));
                System.out.println("FailoverIT: round " + round + ": " + name(1 - paused) + " took over from "
                        + name(paused) + " (SIGSTOP) in " + takeover + " ms");
                pausedOne.signal("CONT");
                pausedOne.await(name(paused) + " standing by for every instance once resumed", SERVING,
                        () -> pausedOne.logged(standsBy) >= stoodBy + INSTANCES.size());
                active = 1 - paused;
            }
            System.out.println(tally.summary());
            assertEquals("acknowledged changes lost (seed " + seed + ")", List.of(), lost);
        } finally {
            // the clients first (the landlord the renewal service calls), then both containers
            for (AutoCloseable open : new AutoCloseable[] {renewal, client, pair[0], pair[1]}) {
                if (open != null) {
                    open.close();
                }
            }
        }
    }

    /** What ends the active container. */
    private interface Fault {
        void inject() throws Exception;
    }

    /**
     * Load from the clients, then {@code fault} on container {@code active}; waits until the other container holds
     * every lease with a newer token and every client is acknowledged again, checks the clients' records and the
     * takeover bound, and returns the time from the fault until every client was acknowledged again.
     */
    private static long failover(RunningDistribution[] pair, int active, List<FaultClient> clients, DataSource db,
            java.util.Random random, FaultTally tally, List<String> lost, Fault fault) throws Exception {
        RunningDistribution standby = pair[1 - active];
        String successor = name(1 - active);
        FaultLoad load = new FaultLoad(clients, THREADS_PER_CLIENT, random.nextLong());
        load.awaitProgress(pair[active], SERVING);
        Thread.sleep(random.nextInt(1_000));
        long faultAt = System.nanoTime();
        fault.inject();
        Map<String, Holder> before = holders(db);
        load.awaitProgress(standby, SERVING);
        long takeoverMs = (System.nanoTime() - faultAt) / 1_000_000;
        tally.failover(takeoverMs);
        load.stop();
        if (load.wrong() != null) {
            throw new AssertionError("a wrong answer during the failover to " + successor, load.wrong());
        }
        Map<String, Holder> after = holders(db);
        for (String instance : INSTANCES) {
            Holder was = before.get(instance);
            Holder now = after.get(instance);
            assertEquals(instance + " held by the successor", successor, now.member());
            assertTrue(instance + ": a newer fencing token than " + was, now.token() > was.token());
            // one holder at a time: the successor's term starts once the ex-active's lease ran out
            assertTrue(instance + ": taken over only after the lease ran out: " + was + " -> " + now,
                    now.since() >= was.expires());
            System.out.println("FailoverIT: " + instance + ": " + successor + " took over "
                    + (now.since() - (was.expires() - LEASE_MS)) + " ms after the last renewal of " + was.member()
                    + " (database clock; lease.ms + heartbeat.ms = " + (LEASE_MS + HEARTBEAT_MS) + ")");
        }
        List<String> found = FaultClient.checkAll(clients);
        tally.lost(found.size());
        lost.addAll(found);
        System.out.println("FailoverIT: " + load.indefinite() + " calls failed indefinitely during the failover; "
                + "acknowledged so far: " + FaultClient.acknowledged(clients) + "; lost " + found.size()
                + (found.isEmpty() ? "" : ": " + found));
        return takeoverMs;
    }

    private static String name(int index) {
        return index == 0 ? "a" : "b";
    }

    /**
     * The operator's setup of one container of the pair (docs/FAILOVER.md): the jdbc store on the shared database
     * ({@link JdbcSetup}), failover enabled with this container's member name and endpoint, the other container as
     * its failover peer.
     */
    private static RunningDistribution.Setup container(String member, int port, int peerPort) {
        return JdbcSetup.jdbcStore(PrivatePostgres.port(), PREFIX, "estuary-" + member, SOCKET_TIMEOUT_S).and(home -> {
            Path etc = home.resolve("etc");
            Files.writeString(etc.resolve("org.estuary.failover.cfg"), String.join("\n",
                    "enabled = true",
                    "member = " + member,
                    "endpoint = 127.0.0.1:" + port,
                    "lease.ms = " + LEASE_MS,
                    "heartbeat.ms = " + HEARTBEAT_MS, ""));
            Processes.setProperty(etc.resolve("org.estuary.remote.cfg"), "failover.peers", "127.0.0.1:" + peerPort);
        });
    }

    /** Waits until {@code member} holds every instance's lease (its services then start). */
    private static void awaitHolder(RunningDistribution karaf, DataSource db, String member)
            throws InterruptedException {
        karaf.await(member + " holding every instance's lease", BOOT, () -> {
            try {
                Map<String, Holder> rows = holders(db);
                return rows.keySet().containsAll(INSTANCES)
                        && rows.values().stream().allMatch(row -> row.member().equals(member));
            } catch (SQLException notYet) {
                return false; // the table is created by the first container's store
            }
        });
    }

    /** Waits until {@code member} contended for the leases for the {@code times}th time: it stands by. */
    private static void awaitStandby(RunningDistribution karaf, String member, int times) throws InterruptedException {
        karaf.await(member + " contending for the leases", BOOT,
                () -> karaf.logged("Estuary failover: " + member + " contends for") >= times);
    }

    private static void awaitServices(RunningDistribution karaf) throws InterruptedException {
        karaf.awaitBound(LeaseRenewalService.class, PullEventMailbox.class, NestableTransactionManager.class);
    }

    /** The lease rows by instance. */
    private static Map<String, Holder> holders(DataSource db) throws SQLException {
        Map<String, Holder> rows = new TreeMap<>();
        try (Connection connection = db.getConnection(); Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT instance, member, endpoint, token, "
                        + "(extract(epoch FROM since) * 1000)::bigint, (extract(epoch FROM expires) * 1000)::bigint "
                        + "FROM " + PREFIX + "leases")) {
            while (result.next()) {
                rows.put(result.getString(1), new Holder(result.getString(2), result.getString(3), result.getLong(4),
                        result.getLong(5), result.getLong(6)));
            }
        }
        return rows;
    }

    /** Starts from empty tables: a database left by an earlier run of this class in the same server. */
    private static void dropTables(DataSource db) throws SQLException {
        try (Connection connection = db.getConnection(); Statement statement = connection.createStatement()) {
            for (String table : List.of("leases", "records", "schema_version")) {
                statement.execute("DROP TABLE IF EXISTS " + PREFIX + table);
            }
        }
    }
}
