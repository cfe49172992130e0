package org.estuary.renewal.internal;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import net.jini.core.lease.Lease;

import org.estuary.lease.client.LandlordLease;

/**
 * The landlords a renewal call is in flight to, at most one call each (LR.2), so a landlord that does not answer
 * holds up only its own leases: entries of a busy landlord that fall due wait here until its call ends. Estuary's
 * own {@link LandlordLease}s name their landlord by id (LE.2.2: they batch exactly when the ids are equal); any
 * other lease belongs to the landlord of an in-flight call whose first lease {@code canBatch} it, the test the
 * batches are formed by. Guarded by the state's lock.
 */
final class BusyLandlords {

    private final Map<UUID, Set<ClientEntry>> byId = new HashMap<>();
    /** Keyed by the call's first lease itself: a client's equals is not asked. */
    private final Map<Lease, Set<ClientEntry>> others = new IdentityHashMap<>();

    /** The entries waiting for the call in flight to {@code lease}'s landlord, or null when none is in flight. */
    Set<ClientEntry> waiting(Lease lease) {
        if (lease instanceof LandlordLease) {
            return byId.get(((LandlordLease) lease).landlordId());
        }
        for (Map.Entry<Lease, Set<ClientEntry>> call : others.entrySet()) {
            if (batches(call.getKey(), lease)) {
                return call.getValue();
            }
        }
        return null;
    }

    /** A call with {@code first} as its first lease goes out now. */
    void start(Lease first) {
        if (first instanceof LandlordLease) {
            byId.put(((LandlordLease) first).landlordId(), new LinkedHashSet<>());
        } else {
            others.put(first, new LinkedHashSet<>());
        }
    }

    /** The call started with {@code first} ended: the entries that waited for it. */
    Set<ClientEntry> end(Lease first) {
        Set<ClientEntry> waited = first instanceof LandlordLease ? byId.remove(((LandlordLease) first).landlordId())
                : others.remove(first);
        return waited != null ? waited : Set.of();
    }

    /** How many landlords have a call in flight. */
    int size() {
        return byId.size() + others.size();
    }

    private static boolean batches(Lease first, Lease lease) {
        try {
            return first.canBatch(lease);
        } catch (RuntimeException e) {
            return false; // a client's lease class that fails here batches with nothing
        }
    }
}
