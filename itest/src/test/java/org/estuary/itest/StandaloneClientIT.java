package org.estuary.itest;

import static org.junit.Assert.assertTrue;

import java.nio.file.Path;

import net.jini.lease.LeaseRenewalService;

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
}
