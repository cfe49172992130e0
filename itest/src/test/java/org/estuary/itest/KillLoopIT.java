package org.estuary.itest;

import static org.junit.Assert.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.discovery.LookupDiscoveryService;
import net.jini.event.PullEventMailbox;
import net.jini.lease.LeaseRenewalService;

import org.estuary.client.EstuaryClient;
import org.junit.Test;

/**
 * The kill -9 loop: the distribution, on its default embedded store, with the lease renewal service, the event
 * mailbox, the transaction manager and the lookup discovery service under load from remote clients in this JVM
 * (each keeping its own record of what was acknowledged), killed with SIGKILL at a random moment of the load and
 * restarted on the same directory, {@code estuary.faults.kills} times (default 20; {@code bench/run faults} runs
 * 200). After each restart every client checks the services against its record (no acknowledged set, lease,
 * registration, group, event or commit lost; no lease ended before its granted time; every transaction past its
 * commit point committed at every participant that prepared), through the proxies it had before the first kill.
 * The moments come from {@code estuary.faults.seed} (printed; random by default) and the run ends with the line
 * {@link FaultTally#summary()}.
 */
public class KillLoopIT {

    private static final Duration SERVING_AGAIN = Duration.ofSeconds(120);
    /** Each kill comes this long at most after the load is acknowledged again. */
    private static final int MAX_KILL_DELAY_MS = 2_000;
    private static final int THREADS_PER_CLIENT = 2;

    @Test
    public void noAcknowledgedChangeIsLostAcrossKills() throws Exception {
        int kills = Integer.getInteger("estuary.faults.kills", 20);
        long seed = Long.getLong("estuary.faults.seed", System.nanoTime());
        System.out.println("KillLoopIT: " + kills + " kills, seed " + seed + " (-Destuary.faults.seed=" + seed
                + " repeats the kill moments)");
        Random random = new Random(seed);
        FaultTally tally = new FaultTally();
        RunningDistribution karaf = RunningDistribution.start("it-" + Long.toHexString(seed));
        EstuaryClient client = null;
        RenewalFaultClient renewal = null;
        DiscoveryFaultClient discovery = null;
        try {
            awaitServices(karaf);
            client = EstuaryClient.connect("127.0.0.1", karaf.registryPort);
            renewal = new RenewalFaultClient(client);
            discovery = new DiscoveryFaultClient(client);
            List<FaultClient> clients = List.of(renewal, new MailboxFaultClient(client), new TxnFaultClient(client),
                    discovery);
            List<String> lost = new ArrayList<>();
            for (int kill = 1; kill <= kills; kill++) {
                FaultLoad load = new FaultLoad(clients, THREADS_PER_CLIENT, random.nextLong());
                load.awaitProgress(karaf, SERVING_AGAIN);
                Thread.sleep(random.nextInt(MAX_KILL_DELAY_MS));
                long killedAt = System.nanoTime();
                karaf = karaf.crashAndRestart();
                tally.kill();
                load.stop();
                if (load.wrong() != null) {
                    throw new AssertionError("kill " + kill + " (seed " + seed + ")", load.wrong());
                }
                awaitServices(karaf);
                long restartMs = (System.nanoTime() - killedAt) / 1_000_000;
                List<String> found = FaultClient.checkAll(clients);
                tally.lost(found.size());
                lost.addAll(found);
                System.out.println("KillLoopIT: kill " + kill + ": serving again after " + restartMs + " ms; "
                        + load.indefinite() + " calls failed indefinitely; acknowledged so far: "
                        + FaultClient.acknowledged(clients) + "; lost " + found.size() + (found.isEmpty() ? "" : ": " + found));
            }
            System.out.println(tally.summary());
            assertEquals("acknowledged changes lost (seed " + seed + ")", List.of(), lost);
        } finally {
            if (renewal != null) {
                renewal.close();
            }
            if (discovery != null) {
                discovery.close();
            }
            if (client != null) {
                client.close();
            }
            karaf.close();
        }
    }

    /** Waits until the container's registry binds every service the clients use. */
    private static void awaitServices(RunningDistribution karaf) throws InterruptedException {
        karaf.awaitBound(LeaseRenewalService.class, PullEventMailbox.class, NestableTransactionManager.class,
                LookupDiscoveryService.class);
    }
}
