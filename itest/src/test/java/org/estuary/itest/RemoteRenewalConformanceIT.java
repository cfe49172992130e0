package org.estuary.itest;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;

import net.jini.lease.LeaseRenewalService;

import org.estuary.client.EstuaryClient;
import org.estuary.core.time.Clock;
import org.estuary.core.time.SystemClock;
import org.estuary.remote.RemoteSettings;
import org.estuary.renewal.conformance.ClientClasses;
import org.estuary.renewal.conformance.Exporter;
import org.estuary.renewal.conformance.LeaseRenewalConformance;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.runner.RunWith;

import com.example.leases.ExampleLease;

/**
 * The LR conformance suite (the same one the renewal bundle runs in-JVM on every store) from this JVM, through
 * org.estuary.client, against the distribution started as an operator starts it. The test landlord and listeners are
 * exported through the client, so the service in the container renews the client leases and sends its events back into
 * this JVM. The client's own classes (package {@code com.example.leases}, {@link ClientClasses}) are installed in the
 * container as a user installs them: their jar as a bundle ({@code bundle:install}) and the package in
 * {@code allowlist.extra} of {@code org.estuary.io.marshaller}. The container runs on real time: a test lets at most
 * {@value #TIME_BUDGET_MS} ms pass; tests that need more are skipped here (the manual-clock runs cover them), and what
 * the service does on its own is waited for with a bound.
 */
@RunWith(JUnitPlatformRunner.class)
public class RemoteRenewalConformanceIT extends LeaseRenewalConformance {

    /** Real time one test may let pass: a few seconds, so the class stays short. */
    static final long TIME_BUDGET_MS = 5_000;
    /** How long the service gets to act on what fell due before a check fails. */
    private static final Duration BOUND = Duration.ofSeconds(20);

    private static RunningDistribution karaf;
    private static EstuaryClient client;
    private static SystemClock clock;

    /** Real time this test has let pass through {@link #advance}. */
    private long passed;

    @BeforeAll
    static void start() throws Exception {
        // The client's own classes, made usable in the container as the client README says: the allowlist entry (in
        // etc/ before the first start) and the bundle exporting their package, installed in the running container.
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()),
                RunningDistribution.allowing(ClientClasses.ALLOWLIST_EXTRA));
        karaf.awaitBound(LeaseRenewalService.class);
        karaf.installBundleOf(ExampleLease.class);
        // The client reads the container's replies, and the events sent to it, through an allowlist of its own.
        client = EstuaryClient.connect("127.0.0.1", karaf.registryPort,
                RemoteSettings.builder().filter(ClientClasses.filter()).build());
        clock = new SystemClock("it-conformance");
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (clock != null) {
            clock.close();
        }
        if (karaf != null) {
            karaf.close();
        }
    }

    @Override
    protected LeaseRenewalService service() throws Exception {
        return client.lookup(LeaseRenewalService.class); // a fresh proxy each time: LR.2 equality across lookups
    }

    @Override
    protected Clock clock() {
        return clock;
    }

    @Override
    protected Exporter exporter() {
        return client::export;
    }

    /** Real time passes: this waits until the clock has moved by {@code millis}; checks then use eventually. */
    @Override
    protected void advance(long millis) throws InterruptedException {
        passed += millis;
        assertTrue(passed <= TIME_BUDGET_MS, "the test lets " + passed + " ms pass without declaring requiresTime");
        long until = clock.currentTimeMillis() + millis;
        for (long left = millis; left > 0; left = until - clock.currentTimeMillis()) {
            Thread.sleep(left); // the passage of time the test asked for, not a wait for the service
        }
    }

    @Override
    protected void requiresTime(long millis) {
        Assumptions.assumeTrue(millis <= TIME_BUDGET_MS, () -> "lets " + millis + " ms pass, more than "
                + TIME_BUDGET_MS + " ms of real time a remote test may take; run in-JVM with the manual clock on"
                + " every store");
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
