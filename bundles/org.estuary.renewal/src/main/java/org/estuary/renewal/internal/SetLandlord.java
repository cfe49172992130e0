package org.estuary.renewal.internal;

import java.rmi.RemoteException;
import java.rmi.ServerException;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.LeaseException;
import net.jini.core.lease.UnknownLeaseException;

import org.estuary.lease.LeaseGrant;
import org.estuary.lease.OneByOne;
import org.estuary.lease.RenewResults;
import org.estuary.store.api.Batch;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.WritePath;

/**
 * The landlord of the set leases (LE, LR.2): grants a new set's lease, renews and cancels set leases, one at a
 * time or batched, through the service's {@link WritePath}: a renewal's new expiration is decided and its record
 * queued under the state's lock, so records reach the store in the order renewals were decided; the wait for
 * durability happens without the lock, so concurrent renewals share one store sync. A renewal is shown (the set's
 * {@link SetState#expiration}, its warning) only once recorded, and the set's ticket keeps an older, slower renewal
 * from overwriting a newer one.
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
        try {
            return state.persistence.<Long, LeaseException>run(() -> {
                SetState set = state.sets.get(setId);
                if (set == null || set.gone()) {
                    throw new UnknownLeaseException("renewal set " + setId + " no longer exists");
                }
                long granted = state.setLeases.renew(setId, duration);
                long expiration = state.setLeases.expiration(setId);
                long ticket = set.renewals.decide();
                return new WritePath.Change<Long>() {
                    @Override
                    public Batch batch() {
                        return Batch.builder().put(Records.SETS, Records.key(setId), Records.encodeLong(expiration))
                                .build();
                    }

                    @Override
                    public Long acknowledged() {
                        // the set shows it, unless a later renewal was shown first
                        if (!set.destroyed && set.renewals.show(ticket)) {
                            set.expiration = expiration;
                            set.warnedFor = Long.MIN_VALUE;
                            state.warnings.schedule(set);
                        }
                        return granted;
                    }

                    @Override
                    public void failed(StoreException cause) {
                        undo(set, ticket);
                    }
                };
            });
        } catch (LeaseDeniedException | UnknownLeaseException | RemoteException e) {
            throw e;
        } catch (LeaseException e) {
            throw new IllegalStateException(e); // renew throws only the two above
        }
    }

    /**
     * Not recorded, so not granted (LR.2, atomic): unless a later renewal has been decided since, the set's lease
     * falls back to the expiration the store has (the one shown). Called with the lock held.
     */
    private void undo(SetState set, long ticket) {
        if (!set.destroyed && set.renewals.latest(ticket) && state.setLeases.get(set.setId) != null) {
            try {
                state.setLeases.renew(set.setId, Math.max(1, set.expiration - state.clock.currentTimeMillis()));
            } catch (UnknownLeaseException gone) {
                // the set's lease ended meanwhile: nothing left to undo
            }
        }
    }

    /**
     * LR.2: cancelling the set's lease destroys the set, once the deletion is durable. Meanwhile the set counts as
     * gone for every other operation (they answer once the deletion is durable too); if it fails, the set stays.
     */
    void cancel(long setId) throws UnknownLeaseException, RemoteException {
        state.metrics.operations.inc();
        state.persistence.run(() -> {
            SetState set = state.sets.get(setId);
            if (set == null || set.gone() || state.setLeases.get(setId) == null) {
                throw new UnknownLeaseException("renewal set " + setId + " no longer exists");
            }
            set.cancelling = true;
            Batch deletion = state.deleteSet(set);
            return new WritePath.Change<Void>() {
                @Override
                public Batch batch() {
                    return deletion;
                }

                @Override
                public Void acknowledged() {
                    try {
                        state.setLeases.cancel(setId); // destroys the set through the lease table's listener
                    } catch (UnknownLeaseException expiredMeanwhile) {
                        // destroyed already
                    }
                    return null;
                }

                @Override
                public void failed(StoreException cause) {
                    set.cancelling = false;
                }
            };
        });
    }

    RenewResults renewAll(long[] setIds, long[] durations) throws RemoteException {
        return OneByOne.renewAll(setIds, durations, this::renew);
    }

    Exception[] cancelAll(long[] setIds) throws RemoteException {
        return OneByOne.cancelAll(setIds, this::cancel);
    }
}
