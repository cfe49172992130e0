package org.estuary.txn.proxy;

import java.rmi.RemoteException;
import java.util.UUID;

import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.remote.ServiceObjectProxy;

/**
 * How a nested transaction takes part in a parent held by another manager (TX.2.2: "its manager joins the parent
 * transaction ... explicitly via {@code join}"). It votes {@code NOTCHANGED}, since the nested transaction's own
 * participants are promoted into the parent when it commits and roll forward there, and it hears the parent's abort,
 * which aborts the nested transaction and everything below it (TX.2.7). Equal when manager and nested transaction are.
 */
@org.osgi.annotation.versioning.ProviderType
public final class NestedParticipant extends ServiceObjectProxy<TxnBackend> implements TransactionParticipant {

    private static final long serialVersionUID = 1L;

    /** Nested transaction {@code nestedId} of manager {@code managerId}, reached through {@code backend}. */
    public NestedParticipant(UUID managerId, long nestedId, TxnBackend backend) {
        super(managerId, nestedId, backend);
    }

    /** The nested transaction's id in its manager. */
    public long nestedId() {
        return objectId();
    }

    @Override
    public int prepare(TransactionManager mgr, long id) throws RemoteException {
        return backend().parentVoting(objectId());
    }

    @Override
    public void commit(TransactionManager mgr, long id) {
        // TX.2.7: voted NOTCHANGED, so nothing rolls forward here
    }

    @Override
    public void abort(TransactionManager mgr, long id) throws RemoteException {
        backend().parentAborted(objectId());
    }

    @Override
    public int prepareAndCommit(TransactionManager mgr, long id) throws RemoteException {
        return prepare(mgr, id); // TX.2.6: NOTCHANGED, as prepare
    }

    @Override
    protected String kind() {
        return "NestedParticipant";
    }
}
