package org.estuary.itest;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import javax.inject.Inject;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.StoreStats;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The Store contract in Karaf, per backend (the subclasses): the backend's feature installs, its store registers with
 * its {@code store.type} and keeps what it acknowledged (Store S3, S4); and replacing the store bundle
 * ({@code bundle:update}) while a writer in another bundle keeps writing loses nothing acknowledged: batches caught by
 * the swap fail with a retryable reason, and afterwards every acknowledged record is in a scan of the new store
 * instance.
 *
 * <p>The transaction manager's component, pointed at the store under test, activates on it and commits through it.
 *
 * <p>Each subclass boots one container (about 15 s), so the suite keeps to these three tests.
 */
public abstract class AbstractStoreIT {

    /** Bounds of the writer during the update: enough batches on both sides of the swap, never unbounded. */
    private static final int MAX_BATCHES = 50_000;
    private static final Duration MAX_WRITING = Duration.ofSeconds(90);

    @Inject
    protected BundleContext context;

    private ServiceTracker<Store, Store> tracker;

    /** The {@code store.type} under test. */
    protected abstract String type();

    /** The store bundle's symbolic name. */
    protected abstract String bundleName();

    /** Whether the store keeps its records across a restart of its bundle (not the memory store: Store S3). */
    protected abstract boolean persistent();

    /** Options beyond the distribution: the feature to install and its configuration. */
    protected abstract Option[] backend();

    @Configuration
    public Option[] configuration() {
        Option[] distribution = KarafOptions.distribution(getClass());
        Option[] backend = backend();
        Option[] all = new Option[distribution.length + backend.length];
        System.arraycopy(distribution, 0, all, 0, distribution.length);
        System.arraycopy(backend, 0, all, distribution.length, backend.length);
        return all;
    }

    @Before
    public void trackTheStore() throws Exception {
        tracker = new ServiceTracker<>(context, context.createFilter("(&(objectClass=" + Store.class.getName()
                + ")(" + Store.TYPE + "=" + type() + "))"), null);
        tracker.open();
    }

    @After
    public void closeTracker() {
        tracker.close();
    }

    @Test
    public void theStoreIsRegisteredAndKeepsWhatItAcknowledges() throws Exception {
        Store store = tracker.waitForService(TimeUnit.SECONDS.toMillis(60));
        assertNotNull("a store with " + Store.TYPE + "=" + type() + " registered", store);
        assertEquals("one " + type() + " store", 1, tracker.size());
        String space = "itest/" + type();
        for (int i = 0; i < 50; i++) {
            store.applyAndWait(Batch.builder().put(space, "k" + (i % 5), new byte[] {(byte) i}).build(), 10,
                    TimeUnit.SECONDS);
        }
        store.applyAndWait(Batch.builder().delete(space, "k4").put(space + "-other", "x", new byte[] {7}).build(),
                10, TimeUnit.SECONDS);
        Map<String, byte[]> seen = new HashMap<>();
        store.scan(space, seen::put);
        assertEquals(Set.of("k0", "k1", "k2", "k3"), seen.keySet());
        assertArrayEquals("S2: the later batch wins per key", new byte[] {45}, seen.get("k0"));
        assertTrue(store.spaces().contains(space + "-other"));
        StoreStats stats = store.stats();
        assertEquals(type(), stats.type());
        assertTrue("commits counted: " + stats, stats.commits() >= 51);
        checkBackend(store);
    }

    /**
     * A running transaction manager whose {@code store.target} is set to name this store moves onto it without a
     * restart (Store S8): it copies its identity there, stays the same registered service with the same
     * transactions, and a transaction created before the switch commits through a commit point written to this
     * store (TX.2.8), both participants hearing commit.
     */
    @Test
    public void theTransactionManagerMovesOntoThisStoreWithoutARestart() throws Exception {
        Store store = tracker.waitForService(TimeUnit.SECONDS.toMillis(60));
        assertNotNull("a " + type() + " store registered", store);
        org.osgi.service.cm.ConfigurationAdmin admin = context.getService(
                context.getServiceReference(org.osgi.service.cm.ConfigurationAdmin.class));
        var manager = new ServiceTracker<net.jini.core.transaction.server.NestableTransactionManager,
                net.jini.core.transaction.server.NestableTransactionManager>(context,
                net.jini.core.transaction.server.NestableTransactionManager.class, null);
        manager.open();
        org.osgi.service.cm.Configuration txn = admin.getConfiguration("org.estuary.txn", "?");
        Exported first = new Exported();
        Exported second = new Exported();
        try {
            var mgr = manager.waitForService(TimeUnit.SECONDS.toMillis(60));
            assertNotNull("the transaction manager runs", mgr);
            Object registration = manager.getServiceReference().getProperty("service.id");
            long id = mgr.create(600_000).id; // ACTIVE: in the manager's memory only, so it shows a restart
            java.util.Hashtable<String, Object> settings = new java.util.Hashtable<>();
            settings.put("store.target", "(" + Store.TYPE + "=" + type() + ")");
            txn.update(settings);
            assertTrue("the manager copied its identity to the " + type() + " store",
                    Processes.await(Duration.ofSeconds(60), () -> {
                        try {
                            Map<String, byte[]> records = new HashMap<>();
                            store.scan("txn/manager", records::put);
                            return !records.isEmpty();
                        } catch (StoreException notYet) {
                            return false;
                        }
                    }));
            assertEquals("the same registration: the component was not restarted", registration,
                    manager.getServiceReference().getProperty("service.id"));
            assertEquals("the same manager", mgr, manager.getService());
            assertEquals("the transaction created before the switch is still there",
                    net.jini.core.transaction.server.TransactionConstants.ACTIVE, mgr.getState(id));
            long commits = store.stats().commits();
            mgr.join(id, first.stub, 1);
            mgr.join(id, second.stub, 1);
            mgr.commit(id);
            assertEquals(net.jini.core.transaction.server.TransactionConstants.COMMITTED, mgr.getState(id));
            assertTrue("both participants heard commit", Processes.await(Duration.ofSeconds(30),
                    () -> first.committed.contains(id) && second.committed.contains(id)));
            assertTrue("the commit point went to the " + type() + " store", store.stats().commits() > commits);

            // any other setting needs the manager built again with it: a new registration, the new limit in force
            settings.put("max.active", 1);
            txn.update(settings);
            assertTrue("the manager registered again with its new settings", Processes.await(Duration.ofSeconds(60),
                    () -> manager.getServiceReference() != null
                            && !registration.equals(manager.getServiceReference().getProperty("service.id"))));
            var rebuilt = manager.getService();
            rebuilt.create(60_000);
            try {
                rebuilt.create(60_000);
                fail("TX.2.1: a create beyond max.active=1 is refused");
            } catch (net.jini.core.lease.LeaseDeniedException refused) {
                assertTrue(refused.getMessage(), refused.getMessage().contains("max.active"));
            }
        } finally {
            manager.close();
            first.close();
            second.close();
            txn.delete(); // back to the default store
        }
    }

    /** A participant exported over RMI on 127.0.0.1, so the manager can write it into a commit point. */
    private static final class Exported implements net.jini.core.transaction.server.TransactionParticipant {
        final Set<Long> committed = ConcurrentHashMap.newKeySet();
        final net.jini.core.transaction.server.TransactionParticipant stub;

        Exported() throws java.rmi.RemoteException {
            stub = (net.jini.core.transaction.server.TransactionParticipant) java.rmi.server.UnicastRemoteObject
                    .exportObject(this, 0, null, new Loopback());
        }

        @Override
        public int prepare(net.jini.core.transaction.server.TransactionManager mgr, long id) {
            return net.jini.core.transaction.server.TransactionConstants.PREPARED;
        }

        @Override
        public void commit(net.jini.core.transaction.server.TransactionManager mgr, long id) {
            committed.add(id);
        }

        @Override
        public void abort(net.jini.core.transaction.server.TransactionManager mgr, long id) {
        }

        @Override
        public int prepareAndCommit(net.jini.core.transaction.server.TransactionManager mgr, long id) {
            committed.add(id);
            return net.jini.core.transaction.server.TransactionConstants.COMMITTED;
        }

        void close() throws java.rmi.NoSuchObjectException {
            java.rmi.server.UnicastRemoteObject.unexportObject(this, true);
        }
    }

    /** What a backend checks beyond the shared test (where its files live, its tables). */
    protected void checkBackend(Store store) throws Exception {
    }

    /**
     * A persistent store's new instance holds every acknowledged record; the memory store's holds only what was written
     * to it (S3), which the same test checks the other way round.
     */
    @Test
    public void updatingTheStoreBundleUnderAWriterLosesNothingAcknowledged() throws Exception {
        Store before = tracker.waitForService(TimeUnit.SECONDS.toMillis(60));
        assertNotNull("a " + type() + " store registered", before);
        long serviceBefore = (Long) tracker.getServiceReference().getProperty("service.id");
        Bundle bundle = storeBundle();

        String space = "itest/update-" + type();
        Map<String, byte[]> acknowledged = new ConcurrentHashMap<>();
        List<String> refusals = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicReference<Throwable> wrong = new AtomicReference<>();
        AtomicInteger acks = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            try {
                long deadline = System.nanoTime() + MAX_WRITING.toNanos();
                for (int i = 0; i < MAX_BATCHES && !stop.get() && System.nanoTime() < deadline; i++) {
                    String key = "r" + i;
                    byte[] value = (key + "=" + "v".repeat(200)).getBytes(StandardCharsets.UTF_8);
                    Store store = tracker.getService(); // read the reference once per operation, as services do
                    if (store == null) {
                        Thread.sleep(5); // between the old store's unregistration and the new one's registration
                        continue;
                    }
                    try {
                        store.applyAndWait(Batch.builder().put(space, key, value).build(), 30, TimeUnit.SECONDS);
                        acknowledged.put(key, value);
                        acks.incrementAndGet();
                        Thread.sleep(1); // pace: at most about 1,000 batches a second, so the count bound lasts
                    } catch (StoreException e) {
                        if (!e.reason().isRetryable()) {
                            wrong.compareAndSet(null, e);
                            return;
                        }
                        refusals.add(e.reason() + ": " + e.getMessage()); // a swap in progress: retry later
                    }
                }
            } catch (Throwable e) {
                wrong.compareAndSet(null, e);
            } finally {
                done.countDown();
            }
        }, "itest-store-writer");
        writer.start();
        int acksBeforeUpdate;
        try {
            assertTrue("the writer got batches acknowledged before the update",
                    Processes.await(Duration.ofSeconds(30), () -> acks.get() >= 200 || wrong.get() != null));
            acksBeforeUpdate = acks.get();
            update(bundle); // what bundle:update does: update from the bundle's location, then refresh it
            int floor = acksBeforeUpdate + 200;
            assertTrue("the writer got batches acknowledged by the updated bundle's store",
                    Processes.await(Duration.ofSeconds(60), () -> acks.get() >= floor
                            && tracker.getServiceReference() != null
                            && !Long.valueOf(serviceBefore).equals(tracker.getServiceReference()
                                    .getProperty("service.id"))
                            || wrong.get() != null));
        } finally {
            stop.set(true);
            assertTrue("the writer stopped", done.await(60, TimeUnit.SECONDS));
        }
        if (wrong.get() != null) {
            throw new AssertionError("a batch caught by the update failed with a reason that is not retryable",
                    wrong.get());
        }
        Store after = tracker.getService();
        assertNotNull(after);
        assertNotEquals("the store is a new instance from the updated bundle", serviceBefore,
                tracker.getServiceReference().getProperty("service.id"));
        assertTrue("the updated bundle is active", bundle.getState() == Bundle.ACTIVE);
        Map<String, byte[]> scanned = new HashMap<>();
        after.scan(space, scanned::put);
        for (Map.Entry<String, byte[]> record : scanned.entrySet()) {
            assertArrayEquals("S1: only what a batch wrote", acknowledged.get(record.getKey()), record.getValue());
        }
        if (!persistent()) {
            // S3: the memory store keeps records for the life of its bundle; the updated bundle starts empty
            assertTrue("records from before the update are gone: " + scanned.size() + " of " + acknowledged.size(),
                    scanned.size() < acknowledged.size() - acksBeforeUpdate / 2);
            return;
        }
        int lost = 0;
        for (Map.Entry<String, byte[]> record : acknowledged.entrySet()) {
            if (!java.util.Arrays.equals(record.getValue(), scanned.get(record.getKey()))) {
                lost++;
            }
        }
        assertEquals("acknowledged records missing or changed after bundle:update (" + acknowledged.size()
                + " acknowledged, " + refusals.size() + " refused during the swap)", 0, lost);
    }

    private Bundle storeBundle() {
        for (Bundle b : context.getBundles()) {
            if (bundleName().equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("bundle " + bundleName() + " not installed");
    }

    private void update(Bundle bundle) throws Exception {
        bundle.update();
        CountDownLatch refreshed = new CountDownLatch(1);
        context.getBundle(0).adapt(FrameworkWiring.class).refreshBundles(List.of(bundle), event -> {
            if (event.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                refreshed.countDown();
            }
        });
        assertTrue("the store bundle refreshed", refreshed.await(60, TimeUnit.SECONDS));
    }
}
