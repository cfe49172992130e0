package org.estuary.renewal.internal;

import java.rmi.RemoteException;
import java.rmi.ServerException;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.lease.LeaseGrant;
import org.estuary.lease.RenewResults;
import org.estuary.store.api.Batch;

/**
 * The landlord of the set leases (LE, LR.2): grants a new set's lease, renews and cancels set leases, one at a
 * time or batched. A renewal's new expiration is decided and its record queued under the state's lock, so records
 * reach the store in the order renewals were decided; the wait for durability happens without the lock, so
 * concurrent renewals share one store sync. A renewal is shown (the set's {@link SetState#expiration}, its warning)
 * only once recorded, and a per-set ticket keeps an older, slower renewal from overwriting a newer one.
 */
final class SetLandlord {

    private final RenewalState state;

    SetLandlord(RenewalState state) {
        this.state = state;
    }

    /** Under the lock: a lease for a new set (LR.2: granted &lt;= requested, under the policy). */
    LeaseGrant grant(SetState set, long duration) throws ServerException {
        try {
            return state.setLeases.grant(set, duration);
        } catch (LeaseDeniedException e) {
            throw new ServerException("no more renewal sets: max.sets=" + state.settings.maxSets + " reached", e);
        }
    }

    /** LE and LR.2: renews a set's lease; granted once recorded. */
    long renew(long setId, long duration) throws LeaseDeniedException, UnknownLeaseException, RemoteException {
        state.metrics.operations.inc();
        SetState set;
        long granted;
        long expiration;
        long ticket;
        Persistence.Submitted record;
        synchronized (state.lock) {
            set = state.sets.get(setId);
            if (set == null || set.destroyed) {
                throw new UnknownLeaseException("renewal set " + setId + " no longer exists");
            }
            granted = state.setLeases.renew(setId, duration);
            expiration = state.setLeases.expiration(setId);
            ticket = ++set.renewalsDecided;
            try {
                record = state.persistence.submit(Batch.builder().put(Records.SETS, Records.key(setId),
                        Records.encodeLong(expiration)).build());
                if (record.isDone()) { // a store that acknowledges at once (memory): no second turn at the lock
                    state.persistence.await(record);
                    recorded(set, ticket, expiration);
                    return granted;
                }
            } catch (RemoteException e) {
                undo(set, ticket);
                throw e;
            }
        }
        try {
            state.persistence.await(record);
        } catch (RemoteException e) {
            synchronized (state.lock) {
                undo(set, ticket);
            }
            throw e;
        }
        synchronized (state.lock) {
            recorded(set, ticket, expiration);
        }
        return granted;
    }

    /** A set lease renewal is recorded: the set shows it, unless a later renewal was recorded first (lock held). */
    private void recorded(SetState set, long ticket, long expiration) {
        if (!set.destroyed && ticket > set.renewalsRecorded) {
            set.renewalsRecorded = ticket;
            set.expiration = expiration;
            set.warnedFor = Long.MIN_VALUE;
            state.warnings.schedule(set);
        }
    }

    /**
     * Not recorded, so not granted (LR.2, atomic): unless a later renewal has been decided since, the set's lease
     * falls back to the expiration the store has. Called with the lock held.
     */
    private void undo(SetState set, long ticket) {
        if (!set.destroyed && set.renewalsDecided == ticket && state.setLeases.get(set.setId) != null) {
            try {
                state.setLeases.renew(set.setId, Math.max(1, set.expiration - state.clock.currentTimeMillis()));
            } catch (UnknownLeaseException gone) {
                // the set's lease ended meanwhile: nothing left to undo
            }
        }
    }

    /** LR.2: cancelling the set's lease destroys the set; durable before acknowledged. */
    void cancel(long setId) throws UnknownLeaseException, RemoteException {
        state.metrics.operations.inc();
        synchronized (state.lock) {
            SetState set = state.sets.get(setId);
            if (set == null || set.destroyed || state.setLeases.get(setId) == null) {
                throw new UnknownLeaseException("renewal set " + setId + " no longer exists");
            }
            state.persistence.write(state.deleteSet(set));
            state.setLeases.cancel(setId); // destroys the set through the lease table's listener
        }
    }

    RenewResults renewAll(long[] setIds, long[] durations) throws RemoteException {
        if (setIds.length != durations.length) {
            throw new IllegalArgumentException("leaseIds and durations differ in length");
        }
        long[] granted = new long[setIds.length];
        Exception[] failures = new Exception[setIds.length];
        for (int i = 0; i < setIds.length; i++) {
            try {
                granted[i] = renew(setIds[i], durations[i]);
            } catch (LeaseDeniedException | UnknownLeaseException | IllegalArgumentException e) {
                failures[i] = e;
            }
        }
        return new RenewResults(granted, failures);
    }

    Exception[] cancelAll(long[] setIds) throws RemoteException {
        Exception[] failures = new Exception[setIds.length];
        for (int i = 0; i < setIds.length; i++) {
            try {
                cancel(setIds[i]);
            } catch (UnknownLeaseException e) {
                failures[i] = e;
            }
        }
        return failures;
    }
}
