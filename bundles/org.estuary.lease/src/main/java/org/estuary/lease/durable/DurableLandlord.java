package org.estuary.lease.durable;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
import org.estuary.store.api.Operation;
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

    /**
     * {@link #call}, for a client's call of {@link #renew} or {@link #cancel} that ends with it: a service whose
     * write path can answer later ({@link WritePath#reply}) overrides this to do so. The default is {@link #call}.
     *
     * @param unsent what the caller returns as the call's result while its answer is sent later
     * @since 2.4
     */
    protected <T, X extends Exception> T reply(WritePath.Decide<T, X> decide, T unsent) throws X, RemoteException {
        return call(decide);
    }

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
        return this.<Long, UnknownLeaseException>reply(renewalOf(leaseId, duration), 0L);
    }

    /** The decision of a renewal of lease {@code leaseId} for {@code duration}. */
    private WritePath.Decide<Long, UnknownLeaseException> renewalOf(long leaseId, long duration) {
        return () -> {
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
        };
    }

    /**
     * LE.2.2: cancels lease {@code leaseId}, which ends its resource once the deletion is durable.
     *
     * @throws UnknownLeaseException if the lease is unknown, has ended or is being cancelled
     * @throws RemoteException as the service's write path answers a store failure (the resource stays)
     */
    @Override
    public final void cancel(long leaseId) throws UnknownLeaseException, RemoteException {
        this.<Void, UnknownLeaseException>reply(cancellationOf(leaseId), null);
    }

    /** The decision of the cancellation of lease {@code leaseId}. */
    private WritePath.Decide<Void, UnknownLeaseException> cancellationOf(long leaseId) {
        return () -> {
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
        };
    }

    /**
     * The leases whose records one {@linkplain #restate restatement} writes as one store batch at most: a step with
     * n leases is n / 1024 writes, each holding the service's lock while it decides about its page, and a page's
     * records (a lease's record is small: an expiration and the resource's fields) stay far below what a store takes
     * in one batch.
     */
    static final int RESTATE_PAGE = 1024;

    /**
     * Rewrites the record of every live lease whose expiration as shown is more than {@code toleranceMillis} away
     * from the wall-clock time of its monotonic deadline ({@link LeaseTable#restate}): what a service does when
     * {@link WallClockSteps} saw a step of the wall clock, so that its store holds expirations a restart recovers
     * at the leases' deadlines (LE.2.2: a lease lasts the time granted, whatever the wall clock does). The leases go
     * in pages of {@value #RESTATE_PAGE}, each page's rewrites one batch through the write path, decided under the
     * lock like renewals and ordered with each lease's renewals by its ticket; a lease's new expiration is shown once
     * its page is durable, unless it was renewed meanwhile (the renewal's record stands). A page the store failed
     * leaves its records and the expirations shown as they were, for the next call to retry; the other pages are
     * still tried.
     *
     * @return the number of leases whose records were rewritten
     * @throws RemoteException as the write path answers a store failure, the first one, once every page has been
     *     tried
     * @since 2.2
     */
    public final int restate(long toleranceMillis) throws RemoteException {
        long[] ids = leases.leaseIds();
        int rewritten = 0;
        RemoteException firstFailure = null;
        for (int from = 0; from < ids.length; from += RESTATE_PAGE) {
            long[] page = Arrays.copyOfRange(ids, from, Math.min(ids.length, from + RESTATE_PAGE));
            try {
                rewritten += this.<Integer, RuntimeException>call(() -> restating(page, toleranceMillis));
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

    /**
     * Under the lock: the rewrites of the records of the live leases of {@code page} whose expirations are off, as
     * one batch (none when every one is in step).
     */
    private WritePath.Change<Integer> restating(long[] page, long toleranceMillis) {
        Batch.Builder batch = Batch.builder();
        List<Restated<R>> restated = new ArrayList<>();
        for (long leaseId : page) {
            R resource = leases.get(leaseId);
            if (resource == null || resource.gone()) {
                continue; // ended meanwhile: nothing left to restate
            }
            long expiration;
            try {
                expiration = leases.restate(leaseId);
            } catch (UnknownLeaseException expired) {
                continue; // past its deadline, not swept yet
            }
            if (Math.abs(Times.saturatedSubtract(expiration, expiration(resource))) <= toleranceMillis) {
                continue;
            }
            for (Operation op : renewal(resource, expiration).operations()) {
                append(batch, op);
            }
            restated.add(new Restated<>(leaseId, resource, expiration, resource.renewals.decide()));
        }
        if (restated.isEmpty()) {
            return WritePath.Change.answer(0);
        }
        Batch records = batch.build();
        return new WritePath.Change<Integer>() {
            @Override
            public Batch batch() {
                return records;
            }

            @Override
            public Integer acknowledged() {
                for (Restated<R> lease : restated) {
                    if (leases.get(lease.leaseId) == lease.resource && lease.resource.renewals.show(lease.ticket)) {
                        show(lease.resource, lease.expiration);
                    }
                }
                return restated.size();
            }
        };
    }

    /** One lease of a page being restated: the expiration its record gets, and that change's ticket. */
    private static final class Restated<T extends LeasedResource> {
        final long leaseId;
        final T resource;
        final long expiration;
        final long ticket;

        Restated(long leaseId, T resource, long expiration, long ticket) {
            this.leaseId = leaseId;
            this.resource = resource;
            this.expiration = expiration;
            this.ticket = ticket;
        }
    }

    /** Adds {@code op}, one operation of a lease's renewal records, to a page's batch. */
    private static void append(Batch.Builder batch, Operation op) {
        switch (op.kind()) {
            case PUT:
                batch.put(op.space(), op.key(), op.value());
                break;
            case DELETE:
                batch.delete(op.space(), op.key());
                break;
            default:
                batch.clear(op.space());
        }
    }

    @Override
    public final RenewResults renewAll(long[] leaseIds, long[] durations) throws RemoteException {
        // each lease's renewal answers with the others, not as the call's answer: none is sent later
        return OneByOne.renewAll(leaseIds, durations,
                (leaseId, duration) -> this.<Long, UnknownLeaseException>call(renewalOf(leaseId, duration)));
    }

    @Override
    public final Exception[] cancelAll(long[] leaseIds) throws RemoteException {
        return OneByOne.cancelAll(leaseIds,
                leaseId -> this.<Void, UnknownLeaseException>call(cancellationOf(leaseId)));
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
