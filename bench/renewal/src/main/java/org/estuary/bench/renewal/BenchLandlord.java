package org.estuary.bench.renewal;

import java.io.Serializable;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.Clock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.RenewResults;
import org.estuary.lease.client.LandlordLease;

/**
 * An in-process grantor of client leases: an {@code org.estuary.lease} {@link LeaseTable} behind a small
 * serializable {@link Landlord} reference that finds its table by id in this JVM, which is what an exported
 * landlord's RMI stub is across JVMs, minus the network. The renewal service copies each client lease through its
 * marshaller, so the reference must be serializable (and it passes the default allowlist, {@code org.estuary.**}).
 */
final class BenchLandlord {

    private static final Map<UUID, LeaseTable<Object>> TABLES = new ConcurrentHashMap<>();
    private static final Object RESOURCE = new Object();

    final UUID id = UUID.randomUUID();
    private final LeaseTable<Object> table;
    private final Ref ref;
    private final Clock clock;

    /** Grants every lease for {@code leaseMillis} at most (renewals included), holding up to {@code capacity}. */
    BenchLandlord(Clock clock, long leaseMillis, int capacity) {
        this.clock = clock;
        this.table = new LeaseTable<>(clock, new LeasePolicy(leaseMillis, leaseMillis), capacity, (leaseId, r) -> { });
        this.ref = new Ref(id);
        TABLES.put(id, table);
    }

    /** Grants a lease; the caller keeps only its id and expiration ({@link #lease} rebuilds the proxy). */
    long[] grant() throws LeaseDeniedException {
        var grant = table.grant(RESOURCE, Long.MAX_VALUE);
        return new long[] {grant.leaseId(), grant.expiration()};
    }

    /** The client's proxy of lease {@code leaseId}, as a client would receive it from this landlord. */
    LandlordLease lease(long leaseId, long expiration) {
        return LandlordLease.create(ref, id, leaseId, expiration, clock);
    }

    long expiration(long leaseId) throws UnknownLeaseException {
        return table.expiration(leaseId);
    }

    void close() {
        TABLES.remove(id);
        table.close();
    }

    private static final class Ref implements Landlord, Serializable {
        private static final long serialVersionUID = 1L;
        private final UUID id;

        Ref(UUID id) {
            this.id = id;
        }

        private LeaseTable<Object> table() throws NoSuchObjectException {
            LeaseTable<Object> table = TABLES.get(id);
            if (table == null) {
                throw new NoSuchObjectException("bench landlord " + id + " is closed");
            }
            return table;
        }

        @Override
        public long renew(long leaseId, long duration) throws LeaseDeniedException, UnknownLeaseException,
                RemoteException {
            return table().renew(leaseId, duration);
        }

        @Override
        public void cancel(long leaseId) throws UnknownLeaseException, RemoteException {
            table().cancel(leaseId);
        }

        @Override
        public RenewResults renewAll(long[] leaseIds, long[] durations) throws RemoteException {
            return table().renewAll(leaseIds, durations);
        }

        @Override
        public Exception[] cancelAll(long[] leaseIds) throws RemoteException {
            return table().cancelAll(leaseIds);
        }
    }
}
