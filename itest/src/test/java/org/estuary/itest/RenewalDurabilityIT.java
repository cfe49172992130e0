package org.estuary.itest;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;
import net.jini.lease.RenewalFailureEvent;

import org.estuary.core.time.SystemClock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.LandlordLease;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.FixMethodOrder;
import org.junit.Test;
import org.junit.runners.MethodSorters;

/**
 * Durability across bundle swaps and restarts: the lease renewal service of the distribution, on its default
 * embedded store (RocksDB), used from this JVM through org.estuary.client. Replacing the renewal bundle while clients
 * keep changing sets loses nothing acknowledged and old proxies keep working; a container killed with SIGKILL comes
 * back with every set, client lease, listener registration and sequence number, and a set cancelled before the kill
 * stays cancelled (LR.2).
 */
@FixMethodOrder(MethodSorters.NAME_ASCENDING)
public class RenewalDurabilityIT {

    private static final long HOUR = 3_600_000L;

    @ClassRule
    public static final DistributionRule KARAF = new DistributionRule(LeaseRenewalService.class);

    private static SystemClock clock;
    private static LeaseTable<String> table;
    private static Landlord landlord;
    private static final UUID LANDLORD_ID = UUID.randomUUID();

    @BeforeClass
    public static void start() throws Exception {
        clock = new SystemClock("it-landlord");
        table = new LeaseTable<>(clock, new LeasePolicy(HOUR, HOUR), 100_000, (id, r) -> { });
        landlord = KARAF.client().export(Landlord.class, table);
    }

    @AfterClass
    public static void stop() throws Exception {
        if (table != null) {
            table.close();
        }
        if (clock != null) {
            clock.close();
        }
    }

    private static Lease lease(long duration) throws Exception {
        LeaseGrant grant = table.grant("client", duration);
        return grant.lease(landlord, LANDLORD_ID, clock);
    }

    /** A lease that has expired by the time it is handed over: LR.2 drops it with a failure event. */
    private static Lease expiredLease() throws Exception {
        Lease lease = lease(1);
        long deadline = System.currentTimeMillis() + 5_000;
        while (lease.getExpiration() >= System.currentTimeMillis() && System.currentTimeMillis() < deadline) {
            Thread.sleep(2);
        }
        return lease;
    }

    @Test
    public void bundleUpdateUnderLoadLosesNoSetOrLeaseAndProxiesKeepWorking() throws Exception {
        LeaseRenewalService service = KARAF.client().lookup(LeaseRenewalService.class);
        List<LeaseRenewalSet> sets = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            sets.add(service.createLeaseRenewalSet(HOUR));
        }
        Map<LeaseRenewalSet, Set<Lease>> acknowledged = new ConcurrentHashMap<>();
        sets.forEach(set -> acknowledged.put(set, ConcurrentHashMap.newKeySet()));
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger indefinite = new AtomicInteger();
        AtomicInteger added = new AtomicInteger();
        AtomicReference<Throwable> wrong = new AtomicReference<>();
        Thread load = new Thread(() -> {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120); // bounded in time and count
            for (int i = 0; i < 100_000 && running.get() && System.nanoTime() < end; i++) {
                LeaseRenewalSet set = sets.get(i % sets.size());
                try {
                    Lease lease = lease(HOUR);
                    set.renewFor(lease, HOUR);
                    acknowledged.get(set).add(lease); // acknowledged: must survive
                    added.incrementAndGet();
                } catch (RemoteException retryable) {
                    indefinite.incrementAndGet(); // US.2.6: mid-swap failures are indefinite; not recorded
                } catch (Throwable e) {
                    wrong.compareAndSet(null, e);
                    return;
                }
            }
        }, "it-renewal-load");
        load.start();
        KARAF.get().await("changes acknowledged before the update", Duration.ofSeconds(30), () -> added.get() >= 20);

        KARAF.get().updateBundle("org.estuary.renewal", "Estuary lease renewal service active");
        int before = added.get();
        KARAF.get().await("changes acknowledged again after the update", Duration.ofSeconds(60),
                () -> added.get() >= before + 20 || wrong.get() != null);
        running.set(false);
        load.join(30_000);
        if (wrong.get() != null) {
            throw new AssertionError("a call during the update got a wrong answer, not an indefinite failure",
                    wrong.get());
        }
        for (LeaseRenewalSet set : sets) { // the proxies from before the update
            Set<Lease> held = new HashSet<>(Arrays.asList(set.getLeases()));
            assertTrue("set lost acknowledged leases across the update: " + acknowledged.get(set).size()
                    + " acknowledged, " + held.size() + " held", held.containsAll(acknowledged.get(set)));
        }
        assertTrue("the update happened while the load ran", added.get() > before);
    }

    @Test
    public void aCrashedContainerKeepsEverySetLeaseRegistrationAndSequenceNumber() throws Exception {
        LeaseRenewalService service = KARAF.client().lookup(LeaseRenewalService.class);
        List<RemoteEvent> events = new CopyOnWriteArrayList<>();
        RemoteEventListener listener = KARAF.client().exportListener(events::add);
        Map<LeaseRenewalSet, Lease[]> held = new LinkedHashMap<>();
        Map<LeaseRenewalSet, Long> sequence = new LinkedHashMap<>();
        for (int i = 0; i < 3; i++) {
            LeaseRenewalSet set = service.createLeaseRenewalSet(HOUR);
            set.setRenewalFailureListener(listener, null);
            set.setExpirationWarningListener(listener, 60_000, null);
            Lease[] leases = {lease(HOUR), lease(HOUR)};
            for (Lease lease : leases) {
                set.renewFor(lease, HOUR);
            }
            set.renewFor(expiredLease(), HOUR); // LR.2: dropped with a failure event (actual < desired)
            held.put(set, leases);
        }
        LeaseRenewalSet cancelled = service.createLeaseRenewalSet(HOUR);
        cancelled.getRenewalSetLease().cancel();
        awaitFailureEvents(events, held.keySet(), sequence);

        KARAF.crashAndRestart();

        events.clear();
        for (Map.Entry<LeaseRenewalSet, Lease[]> entry : held.entrySet()) {
            LeaseRenewalSet set = entry.getKey(); // the proxy from before the crash
            Lease[] leases = set.getLeases();
            Arrays.sort(leases, (a, b) -> Integer.compare(a.hashCode(), b.hashCode()));
            Lease[] expected = entry.getValue().clone();
            Arrays.sort(expected, (a, b) -> Integer.compare(a.hashCode(), b.hashCode()));
            assertArrayEquals("every client lease is back", expected, leases);
            assertTrue(set.getRenewalSetLease().getExpiration() > System.currentTimeMillis());
            set.renewFor(expiredLease(), HOUR); // the failure listener registration came back too
        }
        try {
            cancelled.getLeases();
            throw new AssertionError("the set cancelled before the kill answered");
        } catch (NoSuchObjectException expected) {
            // LR.2: a cancelled set is gone for good
        }
        Map<LeaseRenewalSet, Long> after = new LinkedHashMap<>();
        awaitFailureEvents(events, held.keySet(), after);
        for (LeaseRenewalSet set : held.keySet()) {
            assertTrue("EV.2.3.2: sequence numbers continue across the crash: " + sequence.get(set) + " then "
                    + after.get(set), after.get(set) > sequence.get(set));
        }
        KARAF.client().unexport(listener);
    }

    /** Waits for one renewal failure event per set and records its sequence number. */
    private static void awaitFailureEvents(List<RemoteEvent> events, Set<LeaseRenewalSet> sets,
            Map<LeaseRenewalSet, Long> sequence) throws InterruptedException {
        KARAF.get().await("a renewal failure event from each set", Duration.ofSeconds(30), () -> {
            for (RemoteEvent event : events) {
                if (event instanceof RenewalFailureEvent && sets.contains(event.getSource())) {
                    sequence.putIfAbsent((LeaseRenewalSet) event.getSource(), event.getSequenceNumber());
                }
            }
            return sequence.keySet().containsAll(sets);
        });
        assertEquals(Collections.emptySet(), diff(sets, sequence.keySet()));
    }

    private static Set<LeaseRenewalSet> diff(Set<LeaseRenewalSet> all, Set<LeaseRenewalSet> seen) {
        Set<LeaseRenewalSet> missing = new HashSet<>(all);
        missing.removeAll(seen);
        return missing;
    }
}
