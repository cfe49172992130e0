package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.ObjectInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.NoSuchObjectException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.SystemClock;
import org.estuary.itest.clients.HostileLandlord;
import org.estuary.itest.clients.ManyClientsMain;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.client.LandlordLease;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * Allowlist and bounded calls in the distribution: 200 remote clients at once, in a JVM then killed with SIGKILL; the
 * container serves them all, and what they held (a renewal set each, with the client's listener) is freed when the
 * sets' leases end: every set is destroyed (LR.2) and the container keeps serving. A client's landlord that answers
 * with a hostile object is refused by the container, which logs it and keeps serving.
 */
public class RemoteClientsIT {

    private static final int CLIENTS = 200;
    private static final long SET_LEASE_MS = 30_000; // outlasts the slowest client's create and setRenewalFailureListener on a loaded host

    @ClassRule
    public static final DistributionRule KARAF = new DistributionRule(LeaseRenewalService.class);

    @Test
    public void twoHundredClientsAreServedAndWhatTheyHeldIsFreedWhenTheirLeasesEnd() throws Exception {
        Path clientJar = jarOf(EstuaryClient.class);
        Path remote = clientJar.resolveSibling(clientJar.getFileName().toString().replace(".jar", "-remote.jar"));
        Path sets = Path.of("target", "remote-clients-sets.ser").toAbsolutePath();
        Files.deleteIfExists(sets);
        Process clients = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", jarOf(Lease.class) + File.pathSeparator + remote + File.pathSeparator
                        + jarOf(ManyClientsMain.class),
                ManyClientsMain.class.getName(), "127.0.0.1", Integer.toString(KARAF.get().registryPort),
                Integer.toString(CLIENTS), Long.toString(SET_LEASE_MS), sets.toString())
                .redirectErrorStream(true).start();
        List<LeaseRenewalSet> held;
        try {
            String line = firstLine(clients, "HELD ", 180);
            assertEquals(line, "HELD " + CLIENTS, line);
            try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(sets))) {
                @SuppressWarnings("unchecked")
                List<LeaseRenewalSet> read = (List<LeaseRenewalSet>) in.readObject();
                held = read;
            }
            assertEquals(CLIENTS, alive(held)); // the container holds one set per client
        } finally {
            clients.destroyForcibly(); // kill -9 of the clients' JVM, by its PID
            clients.waitFor(20, TimeUnit.SECONDS);
        }
        // LR.2: each set is destroyed when its lease ends, whether or not its client is still there
        KARAF.get().await("every client's renewal set freed after its lease ended", Duration.ofSeconds(120),
                () -> alive(held) == 0);
        try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", KARAF.get().registryPort)) {
            LeaseRenewalSet fresh = client.lookup(LeaseRenewalService.class).createLeaseRenewalSet(60_000);
            assertEquals(0, fresh.getLeases().length); // still serving
            fresh.getRenewalSetLease().cancel();
        }
    }

    @Test
    public void hostileLandlordsAnswerIsRefusedLoggedAndTheContainerKeepsServing() throws Exception {
        try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", KARAF.get().registryPort);
                SystemClock clock = new SystemClock("hostile-landlord")) {
            LeaseRenewalService renewals = client.lookup(LeaseRenewalService.class);
            Landlord landlord = client.export(Landlord.class, new HostileLandlord());
            // expires within the service's renewal lead, so the container calls the landlord at once
            Lease lease = LandlordLease.create(landlord, UUID.randomUUID(), 1, clock.currentTimeMillis() + 5_000,
                    clock);
            LeaseRenewalSet set = renewals.createLeaseRenewalSet(60_000);
            set.renewFor(lease, 60_000);
            Path log = KARAF.get().home.resolve("data/log/karaf.log");
            // what the client's landlord threw is read through the allowlist, on a service thread
            KARAF.get().await("the container refusing the landlord's answer", Duration.ofSeconds(60), () -> {
                try {
                    String text = Files.readString(log);
                    return text.contains("refused a reply from a remote object")
                            && text.contains("javax.naming.NamingException");
                } catch (java.io.IOException notYet) {
                    return false;
                }
            });
            LeaseRenewalSet fresh = renewals.createLeaseRenewalSet(60_000); // still serving
            assertEquals(0, fresh.getLeases().length);
            fresh.getRenewalSetLease().cancel();
            set.getRenewalSetLease().cancel();
        }
    }

    /** How many of the sets the container still holds (a destroyed set answers NoSuchObjectException). */
    private static int alive(List<LeaseRenewalSet> sets) {
        int alive = 0;
        for (LeaseRenewalSet set : sets) {
            try {
                set.getLeases();
                alive++;
            } catch (NoSuchObjectException destroyed) {
                // LR.2: gone
            } catch (Exception other) {
                throw new AssertionError("a set answered neither its leases nor NoSuchObjectException", other);
            }
        }
        return alive;
    }

    private static String firstLine(Process process, String prefix, long seconds) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (!out.ready()) {
                if (!process.isAlive()) {
                    break;
                }
                Thread.sleep(50);
                continue;
            }
            String line = out.readLine();
            if (line == null) {
                break;
            }
            if (line.startsWith(prefix)) {
                return line;
            }
            seen.append(line).append('\n');
        }
        throw new AssertionError("no '" + prefix + "' line within " + seconds + " s; output:\n" + seen);
    }

    private static Path jarOf(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
