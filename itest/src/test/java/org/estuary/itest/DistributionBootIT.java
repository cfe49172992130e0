package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.inject.Inject;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Version;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;

/** The Karaf distribution boots with every Estuary bundle active and wired as declared. */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class DistributionBootIT {

    /** The API packages and the versions their package-info.java declares. */
    private static final Map<String, Version> API_EXPORTS = new TreeMap<>();

    static {
        for (String name : List.of("net.jini.core.lease", "net.jini.core.event", "net.jini.core.transaction",
                "net.jini.core.transaction.server", "net.jini.core.discovery", "net.jini.core.lookup",
                "net.jini.core.entry", "net.jini.lease", "net.jini.event", "net.jini.discovery")) {
            API_EXPORTS.put(name, new Version(1, 0, 0));
        }
    }

    @Inject
    private BundleContext context;

    @Inject
    private ServiceComponentRuntime scr;

    @Configuration
    public Option[] configuration() {
        return KarafOptions.distribution(getClass());
    }

    /**
     * Pax Exam may run a test before Karaf has started the last boot features' bundles (seen: the shell bundle
     * still STARTING): wait, bounded, until no Estuary bundle is on its way to ACTIVE, then check.
     */
    private void awaitBootSettled() throws InterruptedException {
        Processes.await(java.time.Duration.ofSeconds(60), () -> {
            for (Bundle bundle : context.getBundles()) {
                if (bundle.getSymbolicName().startsWith("org.estuary.") && bundle.getState() != Bundle.ACTIVE) {
                    return false;
                }
            }
            return true;
        });
    }

    @Test
    public void everyEstuaryBundleIsActive() throws InterruptedException {
        awaitBootSettled();
        List<String> estuary = new ArrayList<>();
        for (Bundle bundle : context.getBundles()) {
            if (bundle.getSymbolicName().startsWith("org.estuary.")) {
                estuary.add(bundle.getSymbolicName());
                assertEquals(bundle.getSymbolicName() + " state", Bundle.ACTIVE, bundle.getState());
            }
        }
        // the `estuary` feature's default set
        for (String expected : List.of("org.estuary.api", "org.estuary.core", "org.estuary.io", "org.estuary.lease",
                "org.estuary.event", "org.estuary.store.api", "org.estuary.store.memory",
                "org.estuary.store.rocksdb", "org.estuary.remote",
                "org.estuary.renewal", "org.estuary.shell", "org.estuary.webconsole")) {
            assertTrue("the estuary feature installs " + expected + ": " + estuary, estuary.contains(expected));
        }
    }

    @Test
    public void everyDeclarativeServicesComponentIsSatisfied() throws InterruptedException {
        awaitBootSettled();
        List<String> unsatisfied = new ArrayList<>();
        int estuaryComponents = 0;
        for (ComponentDescriptionDTO description : scr.getComponentDescriptionDTOs()) {
            if (description.bundle.symbolicName.startsWith("org.estuary.")) {
                estuaryComponents++;
            }
            if (!scr.isComponentEnabled(description)) {
                unsatisfied.add(description.name + " (disabled)");
                continue;
            }
            for (ComponentConfigurationDTO configuration : scr.getComponentConfigurationDTOs(description)) {
                if (configuration.state == ComponentConfigurationDTO.UNSATISFIED_REFERENCE
                        || configuration.state == ComponentConfigurationDTO.UNSATISFIED_CONFIGURATION
                        || configuration.state == ComponentConfigurationDTO.FAILED_ACTIVATION) {
                    unsatisfied.add(description.name + " state " + configuration.state + " "
                            + Arrays.toString(configuration.unsatisfiedReferences) + " " + configuration.failure);
                }
            }
        }
        assertTrue("unsatisfied components: " + unsatisfied, unsatisfied.isEmpty());
        assertTrue("Estuary's components (memory store, marshaller) are declared", estuaryComponents >= 2);
    }

    @Test
    public void apiPackagesAreExportedAtTheirDeclaredVersions() {
        Bundle api = Arrays.stream(context.getBundles())
                .filter(b -> "org.estuary.api".equals(b.getSymbolicName()))
                .findFirst().orElse(null);
        assertNotNull("org.estuary.api installed", api);
        BundleWiring wiring = api.adapt(BundleWiring.class);
        Map<String, Version> exported = new TreeMap<>();
        for (BundleCapability capability : wiring.getCapabilities(BundleRevision.PACKAGE_NAMESPACE)) {
            exported.put((String) capability.getAttributes().get(BundleRevision.PACKAGE_NAMESPACE),
                    (Version) capability.getAttributes().get("version"));
        }
        assertEquals(API_EXPORTS, exported);
        assertFalse("no unversioned export", exported.containsValue(Version.emptyVersion));
    }
}
