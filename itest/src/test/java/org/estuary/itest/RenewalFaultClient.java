package org.estuary.itest;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import net.jini.core.lease.Lease;
import net.jini.lease.LeaseRenewalService;
import net.jini.lease.LeaseRenewalSet;

import org.estuary.client.EstuaryClient;

/**
 * A client of the lease renewal service under faults: it creates renewal sets and adds leases of its own landlord
 * (in this JVM) to them. Checked: every acknowledged set still answers before its granted expiration (LR.3.1) and
 * holds every lease whose {@code renewFor} returned (LR.3.2).
 */
final class RenewalFaultClient extends FaultClient implements AutoCloseable {

    private static final long HOUR = 3_600_000L;
    /** Sets kept at once; a set that holds this many leases after a check is cancelled and replaced. */
    private static final int SETS = 8;
    private static final int LEASES_PER_SET = 200;

    /** One acknowledged set: its proxy, the expiration it was granted and the leases it acknowledged. */
    private record Tracked(LeaseRenewalSet set, long granted, Set<Lease> leases) implements Leased {
        @Override
        public String what() {
            return "renewal set " + set;
        }
    }

    private final LeaseRenewalService service;
    private final TestLandlord landlord;
    private final List<Tracked> sets = new CopyOnWriteArrayList<>();

    RenewalFaultClient(EstuaryClient client) throws Exception {
        service = client.lookup(LeaseRenewalService.class);
        landlord = new TestLandlord(client, HOUR);
    }

    @Override
    public String name() {
        return "renewal";
    }

    @Override
    public void step(Random random) throws Exception {
        if (sets.size() < SETS) {
            LeaseRenewalSet set = service.createLeaseRenewalSet(HOUR);
            sets.add(new Tracked(set, set.getRenewalSetLease().getExpiration(), ConcurrentHashMap.newKeySet()));
        } else {
            Tracked tracked = sets.get(random.nextInt(sets.size()));
            Lease lease = landlord.lease(HOUR);
            tracked.set.renewFor(lease, HOUR);
            tracked.leases.add(lease);
        }
        acknowledge();
    }

    @Override
    public List<String> check() throws Exception {
        return checkEach(sets, (tracked, lost) -> {
            Set<Lease> held = new HashSet<>(Arrays.asList(tracked.set.getLeases()));
            for (Lease lease : tracked.leases) {
                if (!held.contains(lease)) {
                    lost.add(tracked.what() + " lost the acknowledged lease " + lease);
                }
            }
            if (tracked.leases.size() < LEASES_PER_SET) {
                return false;
            }
            retire(tracked);
            return true;
        });
    }

    /** Cancels a checked set and the leases it held, so the checks stay as cheap in the last round as in the first. */
    private void retire(Tracked tracked) throws Exception {
        tracked.set.getRenewalSetLease().cancel();
        for (Lease lease : tracked.leases) {
            landlord.remove(lease);
        }
    }

    @Override
    public void close() {
        landlord.close();
    }
}
