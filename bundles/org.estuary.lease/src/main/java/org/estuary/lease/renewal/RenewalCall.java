package org.estuary.lease.renewal;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseMap;
import net.jini.core.lease.LeaseMapException;

import org.estuary.core.failure.Failure;
import org.estuary.core.time.Clock;

/**
 * One renewal request on the renewer's executor: a single {@code Lease.renew}, or one {@code LeaseMap.renewAll}
 * for leases that batch (LE.3.1). It notes the time the request was sent before calling, because the granted term
 * runs from then (LE.2.3), and reports each lease's outcome back to the renewer.
 */
final class RenewalCall implements Runnable {

    /** Where outcomes go. */
    interface Outcomes {
        void renewed(RenewalEntry entry, long sentNanos, long sentWall, long expiration);

        void failed(RenewalEntry entry, Throwable cause, boolean definite);
    }

    private final Clock clock;
    private final List<RenewalEntry> group;
    private final long[] durations;
    private final Outcomes outcomes;

    RenewalCall(Clock clock, List<RenewalEntry> group, long[] durations, Outcomes outcomes) {
        this.clock = clock;
        this.group = group;
        this.durations = durations;
        this.outcomes = outcomes;
    }

    /** The executor refused this call: an indefinite failure for every lease in it, retried later. */
    void rejected(Exception cause) {
        for (RenewalEntry entry : group) {
            outcomes.failed(entry, cause, false);
        }
    }

    @Override
    public void run() {
        if (group.size() == 1) {
            renewOne(group.get(0), durations[0]);
            return;
        }
        List<Integer> alone = new ArrayList<>();
        Map<Lease, RenewalEntry> batched = new HashMap<>();
        LeaseMap map;
        try {
            map = group.get(0).lease.createLeaseMap(durations[0]);
            batched.put(group.get(0).lease, group.get(0));
            for (int i = 1; i < group.size(); i++) {
                Lease lease = group.get(i).lease;
                if (map.canContainKey(lease)) {
                    map.put(lease, durations[i]);
                    batched.put(lease, group.get(i));
                } else {
                    alone.add(i);
                }
            }
        } catch (RuntimeException e) {
            // A lease implementation that will not batch after all: renew each on its own.
            for (int i = 0; i < group.size(); i++) {
                renewOne(group.get(i), durations[i]);
            }
            return;
        }
        renewBatch(map, batched);
        for (int i : alone) {
            renewOne(group.get(i), durations[i]);
        }
    }

    private void renewOne(RenewalEntry entry, long duration) {
        long sentNanos = clock.nanoTime();
        long sentWall = clock.currentTimeMillis();
        try {
            entry.lease.renew(duration);
        } catch (Exception | LinkageError e) {
            outcomes.failed(entry, e, Failure.of(e).isDefinite());
            return;
        }
        outcomes.renewed(entry, sentNanos, sentWall, entry.lease.getExpiration());
    }

    private void renewBatch(LeaseMap map, Map<Lease, RenewalEntry> batched) {
        long sentNanos = clock.nanoTime();
        long sentWall = clock.currentTimeMillis();
        Map<?, ?> failures = Map.of();
        try {
            map.renewAll();
        } catch (LeaseMapException e) {
            failures = e.exceptionMap; // LE.2.2: the leases that failed, each with its own exception
        } catch (RemoteException | RuntimeException | LinkageError e) {
            boolean definite = Failure.of(e).isDefinite();
            for (RenewalEntry entry : batched.values()) {
                outcomes.failed(entry, e, definite);
            }
            return;
        }
        for (Map.Entry<Lease, RenewalEntry> each : batched.entrySet()) {
            Object failure = failures.get(each.getKey());
            if (failure instanceof Throwable) {
                Throwable cause = (Throwable) failure;
                outcomes.failed(each.getValue(), cause, Failure.of(cause).isDefinite());
            } else {
                outcomes.renewed(each.getValue(), sentNanos, sentWall, each.getKey().getExpiration());
            }
        }
    }
}
