package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.renewal.conformance.TestLandlord;
import org.estuary.renewal.conformance.TestListener;
import org.estuary.testing.TestStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * LR.2 with concurrent clients, whose changes wait for the store outside the service's lock and share its group
 * commits: each operation is atomic as clients see it, a lease raced into several sets ends in exactly one, the
 * newest of concurrent changes of one object is the one shown, and what the clients were told is what a restart
 * recovers. Run once per store kind; bounded waits, no sleeps.
 */
abstract class ConcurrentClients {

    private static final int CLIENTS = 8;
    private static final int LOOPS = 12;
    private static final long HOUR = 3_600_000;

    private final TestStores stores;
    /** A set a client kept, and the lease it holds. */
    private record Kept(LeaseRenewalSet set, Lease lease) {
    }

    private Harness harness;
    private TestLandlord landlord;
    private ExecutorService clients;

    /** On stores of the kind {@code stores} opens; each test has its own, closed after it. */
    ConcurrentClients(TestStores stores) {
        this.stores = stores;
    }

    private RenewalService start() throws Exception {
        if (harness == null) {
            harness = new Harness(stores.open());
            landlord = new TestLandlord(harness.clock);
            clients = Executors.newFixedThreadPool(CLIENTS);
        }
        return harness.start();
    }

    @AfterEach
    void close() throws Exception {
        if (clients != null) {
            clients.shutdownNow();
        }
        if (harness != null) {
            harness.close();
            landlord.close();
        }
    }

    /** Runs {@code task} in CLIENTS threads released together; their results in client order. */
    private <T> List<T> concurrently(java.util.function.IntFunction<Callable<T>> task) throws Exception {
        CyclicBarrier start = new CyclicBarrier(CLIENTS);
        List<Future<T>> futures = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            Callable<T> call = task.apply(c);
            futures.add(clients.submit(() -> {
                start.await(30, TimeUnit.SECONDS);
                return call.call();
            }));
        }
        List<T> results = new ArrayList<>();
        for (Future<T> future : futures) {
            results.add(future.get(60, TimeUnit.SECONDS));
        }
        return results;
    }

    @Test
    void lr2EachClientSeesItsOwnChangesAndARestartRecoversWhatClientsWereTold() throws Exception {
        LeaseRenewalService service = start().proxy();
        // Each client: sets with a lease each, a listener, a lease removed and added again, every other set cancelled.
        List<Map<Long, Kept>> kept = concurrently(c -> () -> {
            Map<Long, Kept> mine = new HashMap<>();
            for (int i = 0; i < LOOPS; i++) {
                LeaseRenewalSet set = service.createLeaseRenewalSet(HOUR);
                Lease lease = landlord.grant(HOUR);
                set.renewFor(lease, HOUR, 60_000);
                set.setRenewalFailureListener(new TestListener().ref(), null);
                assertArrayEquals(new Lease[] {lease}, set.getLeases(), "LR.2: its own lease, and only it");
                assertEquals(lease, set.remove(lease), "LR.2: remove returns the lease");
                assertEquals(0, set.getLeases().length, "LR.2: removed");
                set.renewFor(lease, 2 * HOUR, 60_000);
                if (i % 2 == 0) {
                    set.getRenewalSetLease().cancel();
                } else {
                    mine.put(((org.estuary.lease.client.LandlordLease) set.getRenewalSetLease()).leaseId(),
                            new Kept(set, lease));
                }
            }
            return mine;
        });
        Map<Long, Kept> told = new HashMap<>();
        kept.forEach(told::putAll);
        assertEquals(CLIENTS * LOOPS / 2, told.size());

        RenewalService restarted = start();
        Set<Long> recovered = restarted.read(table -> table.sets().stream().map(set -> set.setId)
                .collect(Collectors.toSet()));
        assertEquals(told.keySet(), recovered, "the sets not cancelled, and no other");
        for (Map.Entry<Long, Kept> set : told.entrySet()) { // the clients' proxies reach the restarted service by id
            assertEquals(List.of(set.getValue().lease()), List.of(set.getValue().set().getLeases()),
                    "set " + set.getKey());
        }
    }

    @Test
    void lr2ALeaseRacedIntoSeveralSetsEndsInExactlyOne() throws Exception {
        LeaseRenewalService service = start().proxy();
        for (int round = 0; round < LOOPS; round++) {
            Lease lease = landlord.grant(HOUR);
            List<LeaseRenewalSet> sets = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                sets.add(service.createLeaseRenewalSet(HOUR));
            }
            List<Boolean> added = concurrently(c -> () -> {
                try {
                    sets.get(c).renewFor(lease, HOUR, 60_000);
                    return true;
                } catch (IllegalArgumentException alreadyInAnother) {
                    return false; // LR.2: a lease belongs to one set of a service
                }
            });
            assertEquals(1, added.stream().filter(a -> a).count(), "exactly one client added it: " + added);
            for (int c = 0; c < CLIENTS; c++) {
                assertEquals(added.get(c) ? 1 : 0, sets.get(c).getLeases().length, "set of client " + c);
            }
            for (LeaseRenewalSet set : sets) {
                set.getRenewalSetLease().cancel();
            }
        }
        assertEquals(0, start().read(SetTable::sets).size(), "a restart finds every set cancelled");
    }

    @Test
    void lr2ConcurrentChangesOfOneSetShowTheNewestAsARestartRecoversIt() throws Exception {
        RenewalService first = start();
        LeaseRenewalSet set = first.proxy().createLeaseRenewalSet(HOUR);
        Lease setLease = set.getRenewalSetLease();
        Lease lease = landlord.grant(HOUR);
        set.renewFor(lease, HOUR, 60_000);
        long setId = ((org.estuary.lease.client.LandlordLease) setLease).leaseId();
        for (int round = 0; round < LOOPS; round++) {
            int r = round;
            concurrently(c -> () -> {
                setLease.renew(HOUR + 1_000L * (r * CLIENTS + c)); // set lease renewals of different lengths
                set.renewFor(lease, 2 * HOUR + 1_000L * c, 60_000 + c); // the same lease's durations
                return null;
            });
        }
        long shown = first.read(table -> table.get(setId).expiration);
        long[] durations = first.read(table -> {
            ClientEntry entry = table.get(setId).entries.firstEntry().getValue();
            return new long[] {entry.desiredAt, entry.renewDuration};
        });

        RenewalService restarted = start();
        long recoveredExpiration = restarted.read(table -> table.get(setId).expiration);
        assertEquals(shown, recoveredExpiration,
                "LR.2: the set lease's expiration shown is the one recorded last");
        long[] recovered = restarted.read(table -> {
            ClientEntry entry = table.get(setId).entries.firstEntry().getValue();
            return new long[] {entry.desiredAt, entry.renewDuration};
        });
        assertArrayEquals(durations, recovered, "the lease's durations are the ones recorded last");
        assertNull(set.remove(landlord.grant(1_000))); // the client's proxy reaches the restarted service by its id
        assertEquals(1, set.getLeases().length);
    }
}
