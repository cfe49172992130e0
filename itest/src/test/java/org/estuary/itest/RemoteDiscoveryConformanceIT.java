package org.estuary.itest;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;

import net.jini.core.event.RemoteEventListener;
import net.jini.discovery.LookupDiscoveryService;

import org.estuary.client.EstuaryClient;
import org.estuary.discovery.conformance.LookupDiscoveryConformance;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.runner.RunWith;

import com.example.lookup.ExampleRegistrar;

/**
 * The LD conformance suite (the one the discovery bundle runs in-JVM on every store) from this JVM, through
 * org.estuary.client, against the distribution started as an operator starts it, on its embedded store. The scripted
 * lookup services run in this JVM and hand out proxies of a class Estuary does not know ({@link ExampleRegistrar});
 * as the discovery README tells operators, their bundle is installed in the container and its package allowed in
 * {@code allowlist.extra}, so the service reads each proxy's id. The listeners live in this JVM, exported through
 * the client. The container runs on real time: tests that need the clock to jump are skipped (the in-JVM runs cover
 * them), and restarts are {@code DiscoveryDurabilityIT}'s.
 */
@RunWith(JUnitPlatformRunner.class)
public class RemoteDiscoveryConformanceIT extends LookupDiscoveryConformance {

    private static final String REGISTRAR_CLASSES = "com.example.lookup.*";

    private static RunningDistribution karaf;
    private static EstuaryClient client;

    @BeforeAll
    static void start() throws Exception {
        karaf = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()),
                RunningDistribution.allowing(REGISTRAR_CLASSES).and(home -> Files.writeString(
                        home.resolve("etc/org.estuary.discovery.cfg"),
                        "max.groups.per.registration = " + MAX_GROUPS + "\n")));
        karaf.awaitBound(LookupDiscoveryService.class);
        karaf.installBundleOf(ExampleRegistrar.class);
        client = karaf.clientAllowing(REGISTRAR_CLASSES);
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
    protected LookupDiscoveryService service() throws Exception {
        return client.lookup(LookupDiscoveryService.class);
    }

    @Override
    protected LookupDiscoveryService restart() {
        Assumptions.abort("DiscoveryDurabilityIT restarts and kills the container under registrations");
        return null;
    }

    @Override
    protected void advance(long millis) {
        fail("a remote run lets no time pass on purpose: " + millis + " ms");
    }

    @Override
    protected void requiresManualClock(String why) {
        Assumptions.abort(why + "; run in-JVM with the manual clock on every store");
    }

    @Override
    protected RemoteEventListener export(RemoteEventListener listener) throws Exception {
        return client.exportListener(listener);
    }
}
