package org.estuary.txn.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

/**
 * How a nested transaction takes part in a parent held by another manager (TX.2.2: "its manager joins the parent
 * transaction ... explicitly via {@code join}"). It votes {@code NOTCHANGED}, since the nested transaction's own
 * participants are promoted into the parent when it commits and roll forward there, and it hears the parent's abort,
 * which aborts the nested transaction and everything below it (TX.2.7). Equal when manager and nested transaction are.
 */
@org.osgi.annotation.versioning.ProviderType
public final class NestedParticipant implements TransactionParticipant, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the nested transaction's manager */
    private final UUID managerId;
    /** @serial the nested transaction's id in that manager */
    private final long nestedId;
    /** @serial that manager's backend */
    private final TxnBackend backend;

    public NestedParticipant(UUID managerId, long nestedId, TxnBackend backend) {
        this.managerId = Objects.requireNonNull(managerId, "managerId");
        this.nestedId = nestedId;
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /** The nested transaction's id in its manager. */
    public long nestedId() {
        return nestedId;
    }

    @Override
    public int prepare(TransactionManager mgr, long id) throws RemoteException {
        return backend.parentVoting(nestedId);
    }

    @Override
    public void commit(TransactionManager mgr, long id) {
        // TX.2.7: voted NOTCHANGED, so nothing rolls forward here
    }

    @Override
    public void abort(TransactionManager mgr, long id) throws RemoteException {
        backend.parentAborted(nestedId);
    }

    @Override
    public int prepareAndCommit(TransactionManager mgr, long id) throws RemoteException {
        return prepare(mgr, id); // TX.2.6: NOTCHANGED, as prepare
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NestedParticipant && ((NestedParticipant) other).managerId.equals(managerId)
                && ((NestedParticipant) other).nestedId == nestedId;
    }

    @Override
    public int hashCode() {
        return managerId.hashCode() * 31 + Long.hashCode(nestedId);
    }

    @Override
    public String toString() {
        return "NestedParticipant[" + managerId + ", " + Long.toUnsignedString(nestedId) + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (managerId == null || backend == null) {
            throw new InvalidObjectException("NestedParticipant without manager id or backend");
        }
    }
}
