package org.estuary.renewal.conformance;

import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.Clock;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.LeasePolicy;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.client.RenewResults;
import org.estuary.lease.client.LandlordLease;

/**
 * A grantor of real client leases for the suite: a {@link LeaseTable} behind a serializable reference resolved by
 * id in this JVM, counting calls and able to fail them indefinitely on demand. An {@link Exporter} turns the
 * reference into what the service is given: the reference itself in-JVM, an exported stub when the service runs in
 * another JVM (its renewals then call back into this one).
 */
public final class TestLandlord {

    private static final Map<UUID, TestLandlord> LIVE = new ConcurrentHashMap<>();

    public final UUID id = UUID.randomUUID();
    public final LeaseTable<String> table;
    public final AtomicInteger renewCalls = new AtomicInteger();
    public final AtomicInteger renewAllCalls = new AtomicInteger();
    public final AtomicInteger largestBatch = new AtomicInteger();
    public volatile boolean unreachable;
    /** The duration of the last renewal asked for, through renew or renewAll. */
    public final java.util.concurrent.atomic.AtomicLong lastDuration = new java.util.concurrent.atomic.AtomicLong();
    /** While set, renewals wait for it (bounded) before they are answered: a renewal in flight. */
    public volatile java.util.concurrent.CountDownLatch hold;
    /** Counted down when a renewal starts waiting on {@link #hold}. */
    public final java.util.concurrent.CountDownLatch holding = new java.util.concurrent.CountDownLatch(1);
    /** Renewals waiting on {@link #hold} right now. */
    public final AtomicInteger heldNow = new AtomicInteger();
    private final Clock clock;
    private final Landlord ref;

    /** A landlord whose leases the service in this JVM renews through the reference itself. */
    public TestLandlord(Clock clock) {
        this(clock, Exporter.IN_JVM);
    }

    /** A landlord whose leases carry what {@code exporter} makes of the reference. */
    public TestLandlord(Clock clock, Exporter exporter) {
        this.clock = clock;
        this.table = new LeaseTable<>(clock, new LeasePolicy(60_000, Lease.FOREVER), 100_000, (id, r) -> { });
        LIVE.put(id, this);
        try {
            this.ref = exporter.export(Landlord.class, new Ref(id));
        } catch (RemoteException e) {
            close();
            throw new IllegalStateException("the test landlord could not be exported", e);
        }
    }

    /** A real LandlordLease for {@code duration} ms. */
    public LandlordLease grant(long duration) throws LeaseDeniedException {
        return table.grant("client", duration).lease(ref, id, clock);
    }

    public long expiration(Lease lease) throws UnknownLeaseException {
        return table.expiration(((LandlordLease) lease).leaseId());
    }

    private void waitIfHeld() throws RemoteException {
        java.util.concurrent.CountDownLatch latch = hold;
        if (latch != null) {
            heldNow.incrementAndGet();
            holding.countDown();
            try {
                if (!latch.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
                    throw new RemoteException("test landlord held a renewal for 30 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RemoteException("interrupted", e);
            } finally {
                heldNow.decrementAndGet();
            }
        }
    }

    public void close() {
        LIVE.remove(id);
        table.close();
    }

    private static final class Ref implements Landlord, Serializable {
        private static final long serialVersionUID = 1L;
        private final UUID id;

        Ref(UUID id) {
            this.id = id;
        }

        private TestLandlord target() throws RemoteException {
            TestLandlord landlord = LIVE.get(id);
            if (landlord == null || landlord.unreachable) {
                throw new java.rmi.ConnectException("test landlord " + id + " unreachable");
            }
            return landlord;
        }

        @Override
        public long renew(long leaseId, long duration) throws LeaseDeniedException, UnknownLeaseException,
                RemoteException {
            TestLandlord landlord = target();
            landlord.lastDuration.set(duration); // before the count: a caller that sees the count sees this
            landlord.renewCalls.incrementAndGet();
            landlord.waitIfHeld();
            return landlord.table.renew(leaseId, duration);
        }

        @Override
        public void cancel(long leaseId) throws UnknownLeaseException, RemoteException {
            target().table.cancel(leaseId);
        }

        @Override
        public RenewResults renewAll(long[] leaseIds, long[] durations) throws RemoteException {
            TestLandlord landlord = target();
            landlord.largestBatch.accumulateAndGet(leaseIds.length, Math::max);
            landlord.lastDuration.set(durations[durations.length - 1]);
            landlord.renewAllCalls.incrementAndGet();
            landlord.waitIfHeld();
            return landlord.table.renewAll(leaseIds, durations);
        }

        @Override
        public Exception[] cancelAll(long[] leaseIds) throws RemoteException {
            return target().table.cancelAll(leaseIds);
        }
    }
}
