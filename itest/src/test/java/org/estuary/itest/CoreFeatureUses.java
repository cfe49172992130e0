package org.estuary.itest;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.ManualClock;
import org.estuary.core.time.SystemClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.DeliveryOutcome;
import org.estuary.event.EventDelivery;
import org.estuary.event.GoverningLease;
import org.estuary.io.Marshaller;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeaseListener;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/**
 * What {@link CoreFeaturesIT} does with the core features once they are installed, from its probe bundle. A class of
 * its own because it names Estuary's types: the probe loads it only after the install, when its dynamic imports of
 * the Estuary packages can be wired.
 */
final class CoreFeatureUses {

    private static final long WAIT_SECONDS = 60;
    private static final String SPACE = "itest/core-features";

    private CoreFeatureUses() {
    }

    static void memoryStore(BundleContext context) throws Exception {
        Store store = service(context, Store.class, "(" + Store.TYPE + "=" + Store.TYPE_MEMORY + ")");
        store.applyAndWait(Batch.builder()
                .put(SPACE, "a", new byte[] {1, 2})
                .put(SPACE, "b", new byte[] {3})
                .build(), WAIT_SECONDS, TimeUnit.SECONDS);
        store.applyAndWait(Batch.builder().delete(SPACE, "b").build(), WAIT_SECONDS, TimeUnit.SECONDS);
        Map<String, byte[]> seen = new TreeMap<>();
        store.scan(SPACE, seen::put);
        assertEquals(List.of("a"), new ArrayList<>(seen.keySet()));
        assertArrayEquals(new byte[] {1, 2}, seen.get("a"));
    }

    static void marshaller(BundleContext context) throws Exception {
        Marshaller marshaller = service(context, Marshaller.class, null);
        RemoteEvent back = marshaller.unmarshal(marshaller.marshal(new RemoteEvent("source", 7L, 42L, null)),
                RemoteEvent.class);
        assertEquals(7L, back.getID());
        assertEquals(42L, back.getSequenceNumber());
    }

    /** EV.2.3: events of one lane reach a local listener in the order they were submitted, each reported once. */
    static void eventDelivery() throws Exception {
        List<Long> received = new CopyOnWriteArrayList<>();
        CountDownLatch all = new CountDownLatch(3);
        RemoteEventListener listener = event -> {
            received.add(event.getSequenceNumber());
            all.countDown();
        };
        List<DeliveryOutcome.Status> outcomes = new CopyOnWriteArrayList<>();
        CompletableFuture<Void> lastReported = new CompletableFuture<>();
        try (SystemClock clock = new SystemClock("itest-delivery");
                EventDelivery delivery = EventDelivery.withOwnThreads(clock, DeliveryConfig.defaults(),
                        "itest-delivery")) {
            for (long seq = 1; seq <= 3; seq++) {
                long sequence = seq;
                delivery.submit("lane", listener, new RemoteEvent("source", 5L, seq, null), GoverningLease.forever(),
                        outcome -> {
                            outcomes.add(outcome.status());
                            if (sequence == 3) {
                                lastReported.complete(null);
                            }
                        });
            }
            assertTrue("three events delivered", all.await(WAIT_SECONDS, TimeUnit.SECONDS));
            lastReported.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
        assertEquals(List.of(1L, 2L, 3L), received);
        assertEquals(List.of(DeliveryOutcome.Status.DELIVERED, DeliveryOutcome.Status.DELIVERED,
                DeliveryOutcome.Status.DELIVERED), outcomes);
    }

    /** LE.2.2 from another bundle: policy applied to grants and renewals, expiry told to the grantor. */
    static void landlord() throws Exception {
        ManualClock clock = new ManualClock(1_700_000_000_000L);
        List<String> expired = new CopyOnWriteArrayList<>();
        LeaseTable<String> table = new LeaseTable<>(clock, new LeasePolicy(60_000, 3_600_000), 10,
                new LeaseListener<String>() {
                    @Override
                    public void expired(long leaseId, String resource) {
                        expired.add(resource);
                    }
                });
        try {
            LeaseGrant grant = table.grant("r", Lease.ANY);
            assertEquals("Lease.ANY gets the policy's default", 60_000, grant.duration());
            assertEquals("a request above the maximum is capped", 3_600_000,
                    table.renew(grant.leaseId(), Lease.FOREVER));
            clock.advance(3_599_999, TimeUnit.MILLISECONDS);
            assertEquals(List.of(), expired);
            clock.advance(1, TimeUnit.MILLISECONDS);
            assertEquals(List.of("r"), expired);
            try {
                table.renew(grant.leaseId(), 1_000);
                throw new AssertionError("an expired lease is unknown");
            } catch (UnknownLeaseException expected) {
                // LE.2.2
            }
        } finally {
            table.close();
        }
    }

    /** The service, waiting a bounded time for DS to register it after the feature install. */
    private static <T> T service(BundleContext context, Class<T> type, String filter) throws Exception {
        String objectClass = "(objectClass=" + type.getName() + ")";
        ServiceTracker<T, T> tracker = new ServiceTracker<>(context,
                context.createFilter(filter == null ? objectClass : "(&" + objectClass + filter + ")"), null);
        tracker.open();
        T service = tracker.waitForService(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        assertNotNull(type.getName() + " " + filter + " registered", service);
        // The tracker stays open, holding the service, for the rest of the container's life (one test class).
        return service;
    }
}
