package org.estuary.itest;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.jini.discovery.LookupDiscoveryService;
import net.jini.event.PullEventMailbox;
import net.jini.lease.LeaseRenewalService;

import org.estuary.itest.clients.StoreFailureClient;

import org.junit.ClassRule;
import org.junit.Test;

/**
 * A plain Java program with exactly two jars on its class path, the API jar and the client's {@code remote} classifier
 * jar, uses the lease renewal service, the event mailbox and the transaction manager of the booted distribution. The programs are the examples of README.md and
 * bundles/org.estuary.client/README.md, compiled from the READMEs themselves against the same two jars, so the
 * documented examples cannot drift from what works.
 */
public class StandaloneClientIT {

    @ClassRule
    public static final DistributionRule KARAF = new DistributionRule(LeaseRenewalService.class);

    @Test
    public void clientReadmeExampleRunsWithOnlyTheApiJarAndTheRemoteClientJar() throws Exception {
        String output = ReadmePrograms.compileAndRun(Path.of("..", "bundles", "org.estuary.client", "README.md"),
                "RenewMyLeases", ReadmePrograms.estuaryClientJars(), "127.0.0.1",
                Integer.toString(KARAF.get().registryPort));
        assertTrue(output, output.contains("renewed by the container"));
    }

    /** EM and TX from a client JVM: an event kept and pulled, a transaction whose participant the container calls. */
    @Test
    public void clientReadmeMailboxAndTransactionExampleRunsWithTheSameTwoJars() throws Exception {
        KARAF.get().awaitBound(net.jini.event.PullEventMailbox.class);
        KARAF.get().awaitBound(net.jini.core.transaction.server.NestableTransactionManager.class);
        String output = ReadmePrograms.compileAndRun(Path.of("..", "bundles", "org.estuary.client", "README.md"),
                "MailboxAndTransaction", ReadmePrograms.estuaryClientJars(), "127.0.0.1",
                Integer.toString(KARAF.get().registryPort));
        assertTrue(output, output.contains("pulled event 42 from my generator"));
        assertTrue(output, output.contains("committed: the participant heard commit"));
    }

    @Test
    public void rootReadmeExampleRunsWithOnlyTheApiJarAndTheRemoteClientJar() throws Exception {
        String output = ReadmePrograms.compileAndRun(Path.of("..", "README.md"), "QuickStart",
                ReadmePrograms.estuaryClientJars(), Integer.toString(KARAF.get().registryPort));
        assertTrue(output, output.contains("renewed until "));
    }

    /** The records the memory store holds in this test: room for the services' state, not for many registrations. */
    private static final int FEW_RECORDS = 60;
    private static final List<String> FAILING = List.of("org.estuary.renewal", "org.estuary.mailbox",
            "org.estuary.discovery");

    /**
     * S6: a store failure behind a call reaches a client that has only the API and client jars as classes it has,
     * with the store's message, as indefinite as the store meant it. The lease renewal service, the event mailbox and
     * the lookup discovery service are moved onto the memory store capped at {@value #FEW_RECORDS} records, whose
     * refusal once full (FULL, retryable: room may be made) their clients' new sets and registrations meet; then
     * moved back.
     */
    @Test
    public void aFullStoreReachesAPlainJavaClientOfEachServiceAsAnIndefiniteFailureItReads()
            throws Exception {
        RunningDistribution karaf = KARAF.get();
        karaf.awaitBound(PullEventMailbox.class, LookupDiscoveryService.class);
        shell("config:property-set -p org.estuary.store.memory max.records " + FEW_RECORDS);
        try {
            for (String pid : FAILING) {
                shell("config:property-set -p " + pid + " store.target \"(store.type=memory)\"");
            }
            awaitStoreOf(FAILING, "memory");
            for (String service : List.of("renewal", "mailbox", "discovery")) {
                String output = storeFailureClient(service, 10 * FEW_RECORDS);
                assertTrue(service + ": " + output, output.contains("REFUSED after "));
                assertTrue(service + ", indefinite as FULL is retryable: " + output,
                        output.contains(": indefinite"));
                assertTrue(service + ", the store's failure and message in a class the client has: " + output,
                        output.contains("java.io.IOException: store failure (FULL): ")
                                && output.contains("max.records=" + FEW_RECORDS));
                assertFalse(service + ": " + output, output.contains("UnmarshalException")
                        || output.contains("ClassNotFoundException") || output.contains("REJECTED"));
            }
        } finally {
            for (String pid : FAILING) {
                shell("config:property-delete -p " + pid + " store.target");
            }
            awaitStoreOf(FAILING, "rocksdb");
            shell("config:property-delete -p org.estuary.store.memory max.records");
        }
    }

    private static void shell(String command) throws Exception {
        String output = KARAF.get().ssh(command);
        assertTrue(command + ": " + output, output.isBlank());
    }

    /** Waits until the stores table lists each of {@code users} on the store of {@code type}. */
    private static void awaitStoreOf(List<String> users, String type) throws InterruptedException {
        KARAF.get().await(users + " on the " + type + " store", Duration.ofSeconds(120), () -> {
            try {
                List<String> lines = KARAF.get().ssh("estuary:stores").lines().toList();
                return users.stream().allMatch(user -> lines.stream()
                        .anyMatch(line -> line.contains(type) && line.contains(user)));
            } catch (Exception notYet) {
                return false;
            }
        });
    }

    /** {@link StoreFailureClient} in a JVM of its own with the two client jars and its class; its output. */
    private static String storeFailureClient(String service, int max) throws Exception {
        List<String> path = new ArrayList<>();
        for (Path jar : ReadmePrograms.estuaryClientJars()) {
            path.add(jar.toString());
        }
        path.add(ReadmePrograms.jarOf(StoreFailureClient.class).toString());
        Path output = Files.createTempFile("estuary-store-failure-client", ".out");
        Process client = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", String.join(File.pathSeparator, path), StoreFailureClient.class.getName(), "127.0.0.1",
                Integer.toString(KARAF.get().registryPort), service, Integer.toString(max))
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            assertTrue("the client did not finish within 120 s: " + Files.readString(output),
                    client.waitFor(120, TimeUnit.SECONDS));
            String text = Files.readString(output, StandardCharsets.UTF_8);
            assertTrue(text, client.exitValue() == 0);
            return text;
        } finally {
            client.destroyForcibly();
            Files.deleteIfExists(output);
        }
    }
}
