package org.estuary.lease.client;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseMap;
import net.jini.core.lease.LeaseMapException;


/**
 * The {@link LeaseMap} of {@link LandlordLease}s of one landlord (LE.2.2): keys must be leases of that landlord and
 * values {@code Long} durations, else {@code IllegalArgumentException}; {@link #renewAll} and {@link #cancelAll}
 * make one landlord call for the whole map and move the leases that failed out of the map into the
 * {@link LeaseMapException}. Not thread-safe, like the {@code Map}s it stands beside.
 */
final class LandlordLeaseMap extends CheckedMap<Lease, Long> implements LeaseMap {

    private final Landlord landlord;
    private final UUID landlordId;
    private final LandlordLease creator;

    LandlordLeaseMap(LandlordLease first, long duration) {
        this.landlord = first.landlord();
        this.landlordId = first.landlordId();
        this.creator = first;
        put(first, duration);
    }

    /** LE.2.2: true for the leases that batch with this map's landlord, whatever the map holds now. */
    @Override
    public boolean canContainKey(Object key) {
        return key instanceof LandlordLease && ((LandlordLease) key).landlordId().equals(landlordId);
    }

    @Override
    void check(Object key, Object value) {
        // LE.2.2: IllegalArgumentException for a key that is not a Lease, a lease that cannot be batched with the
        // others, and a value that is not a Long.
        if (!(key instanceof Lease)) {
            throw new IllegalArgumentException("LeaseMap key is not a Lease: " + key);
        }
        if (!canContainKey(key)) {
            throw new IllegalArgumentException("lease cannot be batched with the leases of landlord " + landlordId
                    + ": " + key);
        }
        if (!(value instanceof Long)) {
            throw new IllegalArgumentException("LeaseMap value is not a Long duration: " + value);
        }
        long duration = (Long) value;
        if (duration <= 0 && duration != Lease.ANY) {
            // Found here rather than at renewAll, where it would fail that lease anyway.
            throw new IllegalArgumentException("lease duration must be positive, Lease.ANY or Lease.FOREVER: "
                    + duration);
        }
    }

    @Override
    public void renewAll() throws LeaseMapException, RemoteException {
        List<Map.Entry<Lease, Long>> batch = new ArrayList<>(entrySet());
        if (batch.isEmpty()) {
            return;
        }
        long[] ids = new long[batch.size()];
        long[] durations = new long[batch.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = ((LandlordLease) batch.get(i).getKey()).leaseId();
            durations[i] = batch.get(i).getValue();
        }
        long sent = creator.clock().currentTimeMillis(); // LE.2.3: grants run from the time of the request
        RenewResults results = landlord.renewAll(ids, durations);
        if (results.size() != ids.length) {
            throw new RemoteException("landlord " + landlordId + " answered " + results.size()
                    + " results for " + ids.length + " renewals");
        }
        Map<Lease, Exception> failed = new LinkedHashMap<>();
        for (int i = 0; i < ids.length; i++) {
            LandlordLease lease = (LandlordLease) batch.get(i).getKey();
            if (results.isGranted(i)) {
                lease.setExpiration(LandlordLease.expirationAfter(sent, results.granted(i)));
            } else {
                failed.put(lease, results.failure(i));
            }
        }
        throwFailures(failed, "renewed", ids.length);
    }

    @Override
    public void cancelAll() throws LeaseMapException, RemoteException {
        List<Lease> batch = new ArrayList<>(keySet());
        if (batch.isEmpty()) {
            return;
        }
        long[] ids = new long[batch.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = ((LandlordLease) batch.get(i)).leaseId();
        }
        Exception[] failures = landlord.cancelAll(ids);
        if (failures == null || failures.length != ids.length) {
            throw new RemoteException("landlord " + landlordId + " answered "
                    + (failures == null ? "null" : failures.length + " results") + " for " + ids.length
                    + " cancellations");
        }
        Map<Lease, Exception> failed = new LinkedHashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (failures[i] != null) {
                failed.put(batch.get(i), failures[i]);
            }
        }
        // LE.2.2: on success the map keeps all its leases; only the failed ones leave it.
        throwFailures(failed, "cancelled", ids.length);
    }

    private void throwFailures(Map<Lease, Exception> failed, String what, int total) throws LeaseMapException {
        if (failed.isEmpty()) {
            return;
        }
        // LE.2.2: failed leases leave the map and travel in the exception, each with its own exception.
        for (Lease lease : failed.keySet()) {
            remove(lease);
        }
        throw new LeaseMapException(failed.size() + " of " + total + " leases could not be " + what, failed);
    }
}
