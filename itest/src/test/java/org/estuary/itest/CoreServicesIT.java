package org.estuary.itest;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.InvalidClassException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import javax.inject.Inject;

import gadget.HostileComparator;

import net.jini.core.event.RemoteEvent;
import net.jini.core.lease.Lease;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.SystemClock;
import org.estuary.io.Marshaller;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;

/**
 * The core features in Karaf: the memory store and the marshaller are registered services, and the core
 * libraries are usable from another bundle (this test's probe bundle).
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class CoreServicesIT {

    @Inject
    private BundleContext context;

    @Inject
    private Marshaller marshaller;

    @Configuration
    public Option[] configuration() {
        return KarafOptions.distribution(getClass());
    }

    @Test
    public void theMemoryStoreIsRegisteredWithItsTypeAndKeepsWhatItAcknowledges() throws Exception {
        Collection<ServiceReference<Store>> refs = context.getServiceReferences(Store.class,
                "(" + Store.TYPE + "=" + Store.TYPE_MEMORY + ")");
        assertEquals("one memory store", 1, refs.size());
        Store store = context.getService(refs.iterator().next());
        try {
            store.applyAndWait(Batch.builder()
                    .put("itest/core", "a", new byte[] {1, 2})
                    .put("itest/core", "b", new byte[] {3})
                    .build(), 10, TimeUnit.SECONDS);
            store.applyAndWait(Batch.builder().delete("itest/core", "b").build(), 10, TimeUnit.SECONDS);
            Map<String, byte[]> seen = new TreeMap<>();
            store.scan("itest/core", seen::put);
            assertEquals(List.of("a"), new ArrayList<>(seen.keySet()));
            assertArrayEquals(new byte[] {1, 2}, seen.get("a"));
        } finally {
            context.ungetService(refs.iterator().next());
        }
    }

    @Test
    public void theMarshallerRoundTripsApiTypesAndRefusesGadgets() throws Exception {
        RemoteEvent event = new RemoteEvent("source", 7L, 42L, null);
        RemoteEvent back = marshaller.unmarshal(marshaller.marshal(event), RemoteEvent.class);
        assertEquals(7L, back.getID());
        assertEquals(42L, back.getSequenceNumber());
        assertEquals("source", back.getSource());

        // A PriorityQueue whose comparator class is outside the allowlist: the classic gadget shape.
        PriorityQueue<String> gadget = new PriorityQueue<>(new HostileComparator());
        gadget.add("x");
        byte[] bytes = marshaller.marshal(gadget);
        try {
            marshaller.unmarshal(bytes, Object.class);
            throw new AssertionError("the allowlist let " + HostileComparator.class.getName() + " through");
        } catch (InvalidClassException refused) {
            assertTrue(refused.getMessage(), refused.getMessage().contains(HostileComparator.class.getName()));
        }
    }

    @Test
    public void theLandlordLibraryGrantsRenewsAndCancelsFromAnotherBundle() throws Exception {
        try (SystemClock clock = new SystemClock("itest-landlord")) {
            LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(60_000, 3_600_000), 10,
                    (id, resource) -> { });
            // LE.2.2: Lease.ANY gets the policy's default; a request above the maximum is capped
            LeaseGrant grant = table.grant("r", Lease.ANY);
            assertEquals(60_000, grant.duration());
            assertEquals(3_600_000, table.renew(grant.leaseId(), Lease.FOREVER));
            table.cancel(grant.leaseId());
            try {
                table.renew(grant.leaseId(), 1_000);
                throw new AssertionError("a cancelled lease is unknown");
            } catch (UnknownLeaseException expected) {
                // LE.2.2
            }
            table.close();
        }
    }

    /**
     * Each service's proxy package has exactly one exporting bundle, org.estuary.client, where the client and the
     * services meet (this container runs both): no service bundle declares an export of it, and each service bundle
     * that uses its proxy package is wired to the client bundle for it.
     */
    @Test
    public void eachProxyPackageHasOneExporterTheClientBundleAndTheServicesImportIt() {
        Map<String, List<String>> exporters = new TreeMap<>();
        Map<String, String> providerOfImport = new TreeMap<>();
        for (Bundle bundle : context.getBundles()) {
            BundleRevision revision = bundle.adapt(BundleRevision.class);
            if (revision == null || !bundle.getSymbolicName().startsWith("org.estuary.")) {
                continue;
            }
            for (BundleCapability export : revision.getDeclaredCapabilities(PackageNamespace.PACKAGE_NAMESPACE)) {
                String name = (String) export.getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE);
                if (name.endsWith(".proxy")) {
                    exporters.computeIfAbsent(name, n -> new ArrayList<>()).add(bundle.getSymbolicName());
                }
            }
            BundleWiring wiring = bundle.adapt(BundleWiring.class);
            if (wiring == null) {
                continue; // not resolved: wired to nothing
            }
            for (BundleWire wire : wiring.getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE)) {
                String name = (String) wire.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE);
                if (name.equals(bundle.getSymbolicName() + ".proxy")) {
                    providerOfImport.put(bundle.getSymbolicName(), wire.getProvider().getSymbolicName());
                }
            }
        }
        assertTrue("the renewal, mailbox, transaction and discovery proxy packages are exported: " + exporters,
                exporters.keySet().containsAll(List.of("org.estuary.renewal.proxy", "org.estuary.mailbox.proxy",
                        "org.estuary.txn.proxy", "org.estuary.discovery.proxy")));
        exporters.forEach((name, bundles) -> assertEquals("the exporters of " + name,
                List.of("org.estuary.client"), bundles));
        assertEquals(Map.of("org.estuary.renewal", "org.estuary.client", "org.estuary.mailbox",
                "org.estuary.client", "org.estuary.txn", "org.estuary.client", "org.estuary.discovery",
                "org.estuary.client"), providerOfImport);
    }
}
