package org.estuary.lease.durable;

import java.rmi.RemoteException;
import java.util.Objects;

import net.jini.core.lease.UnknownLeaseException;

import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.lease.LeaseListener;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.OneByOne;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.client.RenewResults;
import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.WritePath;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * The landlord of a service's leases when each renewal and cancellation is recorded in the service's store before
 * the client learns of it (LE.2.2, Store S3), through the service's {@link WritePath}: decided and queued under the
 * service's lock, waited for without it, shown once acknowledged.
 *
 * <p>A renewal (LE.2.2 {@code renew}): the lease's resource must be live (else {@link UnknownLeaseException}); the
 * {@link LeaseTable} renews the lease at once, so later decisions see it ({@link IllegalArgumentException} for a
 * duration that is neither positive nor {@code Lease.ANY}, nothing changed), and the resource's record with the new
 * expiration is queued. Once durable the new expiration is {@linkplain #show shown}, unless a later renewal of the
 * same lease was shown first (the order of the {@link LeasedResource}'s renewals); when the write failed, and no later renewal
 * has been decided since, the lease falls back to the expiration shown, the one the store holds: not recorded, so
 * not granted.
 *
 * <p>A cancellation (LE.2.2 {@code cancel}): the resource is marked as being cancelled, gone for every other
 * operation, and its deletion queued; once durable the lease is cancelled in the table, which ends the resource
 * through the table's {@link LeaseListener}; when the deletion failed, the resource stays.
 *
 * <p>{@link #renewAll} and {@link #cancelAll} take the leases one by one ({@link OneByOne}). A service extends this
 * class with what differs: how it runs a client's call through its write path, whether a resource has ended
 * ({@link LeasedResource#ended}), the expiration it shows and its records.
 *
 * @param <R> the leased resource, as the lease table holds it
 */
@ConsumerType
public abstract class DurableLandlord<R extends LeasedResource> implements Landlord {

    private final String kind;
    private final LeaseTable<R> leases;
    private final Clock clock;

    /**
     * @param kind names a leased resource in messages ("renewal set")
     * @param leases the table of the leases, holding each lease's resource
     * @param clock the clock of the table's policy, to fall back to an expiration shown
     */
    protected DurableLandlord(String kind, LeaseTable<R> leases, Clock clock) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.leases = Objects.requireNonNull(leases, "leases");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Runs one client's call through the service's write path ({@link WritePath#call}, with whatever the service
     * counts of its calls).
     */
    protected abstract <T, X extends Exception> T call(WritePath.Decide<T, X> decide) throws X, RemoteException;

    /** Under the lock: the expiration of {@code resource}'s lease as last recorded and shown (epoch ms). */
    protected abstract long expiration(R resource);

    /** Under the lock: the records of {@code resource} with its lease renewed to {@code expiration}. */
    protected abstract Batch renewal(R resource, long expiration);

    /** Under the lock, once the renewal to {@code expiration} is durable and no later one was shown: shows it. */
    protected abstract void show(R resource, long expiration);

    /** Under the lock: the deletion of {@code resource}'s records, once its lease is cancelled. */
    protected abstract Batch deletion(R resource);

    /**
     * LE.2.2: renews lease {@code leaseId} for {@code duration} from now, granted once recorded.
     *
     * @throws UnknownLeaseException if the lease is unknown, has ended or is being cancelled
     * @throws IllegalArgumentException if {@code duration} is neither positive nor {@code Lease.ANY}
     * @throws RemoteException as the service's write path answers a store failure (the lease keeps the expiration
     *     shown)
     */
    @Override
    public final long renew(long leaseId, long duration) throws UnknownLeaseException, RemoteException {
        return this.<Long, UnknownLeaseException>call(() -> {
            R resource = live(leaseId);
            long granted = leases.renew(leaseId, duration);
            long expiration = leases.expiration(leaseId);
            WritePath.Ticket renewals = resource.renewals;
            long ticket = renewals.decide();
            return new WritePath.Change<Long>() {
                @Override
                public Batch batch() {
                    return renewal(resource, expiration);
                }

                @Override
                public Long acknowledged() {
                    if (leases.get(leaseId) == resource && renewals.show(ticket)) {
                        show(resource, expiration);
                    }
                    return granted;
                }

                @Override
                public void failed(StoreException cause) {
                    if (renewals.latest(ticket) && leases.get(leaseId) == resource) {
                        try {
                            leases.renew(leaseId, Math.max(1, expiration(resource) - clock.currentTimeMillis()));
                        } catch (UnknownLeaseException endedMeanwhile) {
                            // nothing left to take back
                        }
                    }
                }
            };
        });
    }

    /**
     * LE.2.2: cancels lease {@code leaseId}, which ends its resource once the deletion is durable.
     *
     * @throws UnknownLeaseException if the lease is unknown, has ended or is being cancelled
     * @throws RemoteException as the service's write path answers a store failure (the resource stays)
     */
    @Override
    public final void cancel(long leaseId) throws UnknownLeaseException, RemoteException {
        this.<Void, UnknownLeaseException>call(() -> {
            R resource = live(leaseId);
            resource.cancelling = true; // gone for every other operation from now
            Batch deletion = deletion(resource);
            return new WritePath.Change<Void>() {
                @Override
                public Batch batch() {
                    return deletion;
                }

                @Override
                public Void acknowledged() {
                    try {
                        leases.cancel(leaseId); // ends the resource through the table's listener
                    } catch (UnknownLeaseException expiredMeanwhile) {
                        // ended already
                    }
                    return null;
                }

                @Override
                public void failed(StoreException cause) {
                    resource.cancelling = false; // it stays
                }
            };
        });
    }

    /**
     * Rewrites the record of every live lease whose expiration as shown is more than {@code toleranceMillis} away
     * from the wall-clock time of its monotonic deadline ({@link LeaseTable#restate}): what a service does when
     * {@link WallClockSteps} saw a step of the wall clock, so that its store holds expirations a restart recovers
     * at the leases' deadlines (LE.2.2: a lease lasts the time granted, whatever the wall clock does). Each rewrite
     * goes through the write path like a renewal, ordered with the lease's renewals by its ticket, and is shown once
     * durable; a lease renewed meanwhile keeps the renewal's record. A rewrite the store failed leaves the record
     * and the expiration shown as they were, for the next call to retry.
     *
     * @return the number of leases whose records were rewritten
     * @throws RemoteException as the write path answers a store failure, the first one, once every lease has been
     *     tried
     * @since 2.2
     */
    public final int restate(long toleranceMillis) throws RemoteException {
        int rewritten = 0;
        RemoteException firstFailure = null;
        for (long leaseId : leases.leaseIds()) {
            try {
                if (this.<Boolean, UnknownLeaseException>call(() -> restating(leaseId, toleranceMillis))) {
                    rewritten++;
                }
            } catch (UnknownLeaseException endedMeanwhile) {
                // nothing left to restate
            } catch (RemoteException e) {
                if (firstFailure == null) {
                    firstFailure = e;
                } else {
                    firstFailure.addSuppressed(e);
                }
            }
        }
        if (firstFailure != null) {
            throw firstFailure;
        }
        return rewritten;
    }

    /** Under the lock: the rewrite of lease {@code leaseId}'s record at its restated expiration, if it is off. */
    private WritePath.Change<Boolean> restating(long leaseId, long toleranceMillis) throws UnknownLeaseException {
        R resource = live(leaseId);
        long shown = expiration(resource);
        long restated = leases.restate(leaseId);
        if (Math.abs(Times.saturatedSubtract(restated, shown)) <= toleranceMillis) {
            return WritePath.Change.answer(false);
        }
        WritePath.Ticket renewals = resource.renewals;
        long ticket = renewals.decide();
        Batch batch = renewal(resource, restated);
        return new WritePath.Change<Boolean>() {
            @Override
            public Batch batch() {
                return batch;
            }

            @Override
            public Boolean acknowledged() {
                if (leases.get(leaseId) == resource && renewals.show(ticket)) {
                    show(resource, restated);
                }
                return true;
            }
        };
    }

    @Override
    public final RenewResults renewAll(long[] leaseIds, long[] durations) throws RemoteException {
        return OneByOne.renewAll(leaseIds, durations, this::renew);
    }

    @Override
    public final Exception[] cancelAll(long[] leaseIds) throws RemoteException {
        return OneByOne.cancelAll(leaseIds, this::cancel);
    }

    /** Under the lock: the resource of a live lease. */
    private R live(long leaseId) throws UnknownLeaseException {
        R resource = leases.get(leaseId);
        if (resource == null || resource.gone()) {
            throw new UnknownLeaseException(kind + " " + Long.toUnsignedString(leaseId)
                    + " no longer exists: its lease ended or was cancelled");
        }
        return resource;
    }
}
