package org.estuary.renewal.internal;

import java.rmi.RemoteException;
import java.rmi.ServerException;

import net.jini.core.lease.LeaseDeniedException;

import org.estuary.lease.durable.DurableLandlord;
import org.estuary.lease.LeaseGrant;
import org.estuary.store.api.Batch;
import org.estuary.store.api.WritePath;

/**
 * The landlord of the set leases (LE, LR.2): grants a new set's lease; renews and cancels set leases, one at a time
 * or batched, through the service's write path ({@link DurableLandlord}). A renewal is shown (the set's
 * {@link SetState#expiration}, its warning) only once recorded; cancelling the set's lease destroys the set once
 * the deletion is durable, and meanwhile the set counts as gone for every other operation (they answer once the
 * deletion is durable too); if it fails, the set stays.
 */
final class SetLandlord extends DurableLandlord<SetState> {

    private final RenewalState state;

    SetLandlord(RenewalState state) {
        super("renewal set", state.setLeases, state.clock);
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

    @Override
    protected <T, X extends Exception> T call(WritePath.Decide<T, X> decide) throws X, RemoteException {
        state.metrics.operations.inc();
        return state.persistence.run(decide);
    }

    @Override
    protected <T, X extends Exception> T reply(WritePath.Decide<T, X> decide, T unsent) throws X, RemoteException {
        state.metrics.operations.inc();
        return state.persistence.reply(decide, unsent);
    }

    @Override
    protected long expiration(SetState set) {
        return set.expiration;
    }

    @Override
    protected Batch renewal(SetState set, long expiration) {
        return Batch.builder().put(Records.SETS, Records.key(set.setId), Records.encodeLong(expiration)).build();
    }

    /** The set shows the renewal and warns anew before its new expiration. */
    @Override
    protected void show(SetState set, long expiration) {
        set.expires(expiration, state.clock);
        set.warnedFor = Long.MIN_VALUE;
        state.warnings.schedule(set);
    }

    @Override
    protected Batch deletion(SetState set) {
        return state.deleteSet(set);
    }
}
