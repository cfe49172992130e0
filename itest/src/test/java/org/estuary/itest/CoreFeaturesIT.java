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
import org.junit.Before;
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

/**
 * The core features in plain Karaf: install only the core features, {@code estuary-core} and
 * {@code estuary-store-memory}, through Karaf's FeaturesService, then use the memory store, the marshaller, event
 * delivery and the landlord from another bundle (this test's probe).
 *
 * <p>Which Karaf: the build's local repository holds no plain Apache Karaf archive and the tests run offline, so
 * this test boots Estuary's own distribution (Karaf 4.4.10 with its bundles in {@code system/}) with its boot features
 * cut back to Karaf's {@code standard} and {@code framework}: no Estuary feature, no SCR, HTTP or web console is
 * installed at boot, which the first step checks. Estuary's feature repository stays registered (registering a
 * repository installs nothing). Everything Estuary then runs comes from the two features the test installs;
 * {@code estuary-core} pulls in SCR itself. {@link CoreServicesIT} covers the same libraries in the full
 * distribution. The probe touches Estuary's types only in {@link CoreFeatureUses}, which it loads after the
 * install: this class must load while no Estuary package is there yet.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class CoreFeaturesIT {

    @Inject
    private BundleContext context;

    @Inject
    private FeaturesService features;

    @Configuration
    public Option[] configuration() {
        List<Option> options = new ArrayList<>(Arrays.asList(KarafOptions.distribution(getClass())));
        // Applied before Pax Exam appends its own probe feature, so only Karaf's plain set boots.
        options.add(editConfigurationFilePut("etc/org.apache.karaf.features.cfg", "featuresBoot",
                "standard/4.4.10, framework/4.4.10"));
        return CoreOptions.options(options.toArray(new Option[0]));
    }

    /** Installs the two core features once per container, after checking that nothing of Estuary runs yet. */
    @Before
    public void installTheCoreFeatures() throws Exception {
        if (features.isInstalled(features.getFeature("estuary-store-memory"))) {
            return;
        }
        assertEquals("plain Karaf runs no Estuary bundle before the test installs one", List.of(), estuaryBundles());
        assertFalse("SCR is not booted: estuary-core brings it", features.isInstalled(features.getFeature("scr")));
        features.installFeature("estuary-core");
        features.installFeature("estuary-store-memory");
        assertTrue(features.isInstalled(features.getFeature("estuary-core")));
        assertTrue(features.isInstalled(features.getFeature("estuary-store-memory")));
    }

    @Test
    public void theCoreFeaturesInstallTheLibrariesAndTheMemoryStoreAndNothingElse() {
        List<String> installed = estuaryBundles();
        for (String expected : List.of("org.estuary.api", "org.estuary.core", "org.estuary.io", "org.estuary.lease",
                "org.estuary.event", "org.estuary.store.api", "org.estuary.store.memory")) {
            assertTrue(expected + " installed: " + installed, installed.contains(expected));
        }
        for (String service : List.of("org.estuary.store.rocksdb", "org.estuary.store.jdbc", "org.estuary.remote",
                "org.estuary.renewal", "org.estuary.shell", "org.estuary.webconsole")) {
            assertFalse(service + " is not part of the core features: " + installed, installed.contains(service));
        }
        for (Bundle bundle : context.getBundles()) {
            if (bundle.getSymbolicName().startsWith("org.estuary.")) {
                assertEquals(bundle.getSymbolicName() + " state", Bundle.ACTIVE, bundle.getState());
            }
        }
    }

    @Test
    public void theMemoryStoreIsRegisteredAndKeepsWhatItAcknowledges() throws Exception {
        CoreFeatureUses.memoryStore(context);
    }

    @Test
    public void theMarshallerServiceRoundTripsAnEvent() throws Exception {
        CoreFeatureUses.marshaller(context);
    }

    /** EV.2.3: events of one lane reach a local listener in the order they were submitted, each reported once. */
    @Test
    public void eventDeliveryBringsRemoteEventsToALocalListenerInOrder() throws Exception {
        CoreFeatureUses.eventDelivery();
    }

    /** LE.2.2 from another bundle: policy applied to grants and renewals, expiry told to the grantor. */
    @Test
    public void theLandlordGrantsRenewsAndExpiresLeasesOnAManualClock() throws Exception {
        CoreFeatureUses.landlord();
    }

    private List<String> estuaryBundles() {
        List<String> names = new ArrayList<>();
        for (Bundle bundle : context.getBundles()) {
            if (bundle.getSymbolicName().startsWith("org.estuary.")) {
                names.add(bundle.getSymbolicName());
            }
        }
        return names;
    }
}
