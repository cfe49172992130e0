package org.estuary.itest;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;

import net.jini.event.PullEventMailbox;

import org.estuary.client.EstuaryClient;
import org.estuary.mailbox.conformance.EventMailboxConformance;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.runner.RunWith;

import com.example.leases.ExampleEvent;

/**
 * The EM conformance suite (the one the mailbox bundle runs in-JVM on every store) from this JVM, through
 * org.estuary.client, against the distribution started as an operator starts it, on its embedded store. Generators in
 * this JVM send events of classes of their own ({@code com.example.leases}); the mailbox listener marshals them here,
 * and the pull iterator unmarshals them here. Push delivery sends the event objects from the container, so for the
 * push tests their bundle is installed there with the package in {@code allowlist.extra}, as the mailbox README
 * says. The container runs on real time: tests that need the clock to jump are skipped (the in-JVM runs cover them),
 * deliveries are waited for with a bound.
 */
@RunWith(JUnitPlatformRunner.class)
public class RemoteMailboxConformanceIT extends EventMailboxConformance {

    private static final String GENERATOR_CLASSES = "com.example.leases.*";
    /** How long the mailbox gets to deliver before a check fails. */
    private static final Duration BOUND = Duration.ofSeconds(20);

    private static RunningDistribution karaf;
    private static EstuaryClient client;

    @BeforeAll
    static void start() throws Exception {
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()),
                RunningDistribution.allowing(GENERATOR_CLASSES));
        karaf.awaitBound(PullEventMailbox.class);
        karaf.installBundleOf(ExampleEvent.class);
        client = karaf.clientAllowing(GENERATOR_CLASSES);
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (karaf != null) {
            karaf.close();
        }
    }

    @Override
    protected PullEventMailbox mailbox() throws Exception {
        return client.lookup(PullEventMailbox.class);
    }

    @Override
    protected void advance(long millis) {
        fail("a remote run lets no time pass on purpose: " + millis + " ms");
    }

    @Override
    protected void requiresManualClock(String why) {
        Assumptions.assumeTrue(false, () -> why + "; run in-JVM with the manual clock on every store");
    }

    @Override
    protected void eventually(String what, Condition condition) throws Exception {
        long deadline = System.nanoTime() + BOUND.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() - deadline > 0) {
                fail(what + ": not within " + BOUND.toSeconds() + " s");
            }
            Thread.sleep(10); // polling a condition, bounded by the deadline
        }
    }
}
