package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import javax.inject.Inject;

import org.apache.karaf.features.FeaturesService;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.CoreOptions;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

import org.estuary.store.api.testing.LoopbackPorts;

/**
 * Karaf to Karaf: a bundle in one Karaf (this test's probe, in a Karaf with only the {@code estuary-client} feature
 * installed, so no service of its own) uses the lease renewal service, the event mailbox and the transaction manager
 * of another Karaf (the distribution, started as an operator starts it) through org.estuary.client, and that
 * container calls back into this one to renew the client's lease and to ask its participant to vote and commit.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ClientKarafIT {

    private static final String SERVER_PORT = "estuary.it.server.registry.port";

    @Inject
    private BundleContext context;

    @Inject
    private FeaturesService features;

    /** Runs in the test JVM: starts the server container, and configures this client container to reach it. */
    @Configuration
    public Option[] configuration() throws Exception {
        RunningDistribution server = RunningDistribution.start("it-" + Long.toHexString(System.nanoTime()));
        // Pax Exam gives the test JVM no after-class step outside the container: stop the server when it exits.
        Runtime.getRuntime().addShutdownHook(new Thread(server::kill, "stop-server-karaf"));
        server.awaitBound(net.jini.lease.LeaseRenewalService.class);
        server.awaitBound(net.jini.event.PullEventMailbox.class);
        server.awaitBound(net.jini.core.transaction.server.NestableTransactionManager.class);
        List<Option> options = new ArrayList<>(Arrays.asList(KarafOptions.distribution(getClass())));
        // Only Karaf's own boot features: the client container runs no Estuary service before the test installs one.
        options.add(editConfigurationFilePut("etc/org.apache.karaf.features.cfg", "featuresBoot",
                "standard/4.4.10, framework/4.4.10"));
        // Its own registry (for the callbacks it exports) must not take the server's or the default port.
        options.add(editConfigurationFilePut("etc/org.estuary.remote.cfg", "registry.port",
                Integer.toString(LoopbackPorts.free())));
        options.add(editConfigurationFilePut("etc/system.properties", SERVER_PORT,
                Integer.toString(server.registryPort)));
        return CoreOptions.options(options.toArray(new Option[0]));
    }

    @Test
    public void aBundleInAnotherKarafUsesTheContainersServices() throws Exception {
        features.installFeature("estuary-client");
        List<String> installed = new ArrayList<>();
        for (Bundle bundle : context.getBundles()) {
            if (bundle.getSymbolicName().startsWith("org.estuary.")) {
                installed.add(bundle.getSymbolicName());
            }
        }
        assertTrue("the client feature installs the client bundle: " + installed,
                installed.contains("org.estuary.client"));
        assertFalse("and no store, so no renewal service runs here: " + installed,
                installed.stream().anyMatch(name -> name.startsWith("org.estuary.store.") && !name.endsWith(".api")));
        assertEquals("no LeaseRenewalService in this container", null,
                context.getServiceReference("net.jini.lease.LeaseRenewalService"));
        ClientKarafUses.renewThroughTheOtherContainer(Integer.getInteger(SERVER_PORT));
        ClientKarafUses.mailboxAndTransactionThroughTheOtherContainer(Integer.getInteger(SERVER_PORT));
    }
}
