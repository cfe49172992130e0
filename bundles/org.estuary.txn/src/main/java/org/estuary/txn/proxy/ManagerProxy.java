package org.estuary.txn.proxy;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Objects;
import java.util.UUID;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.CannotAbortException;
import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.TimeoutExpiredException;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.CrashCountException;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

/**
 * The {@link NestableTransactionManager} a client or participant holds: the manager's id and its backend. Two proxies
 * are equal when they stand for the same manager, that is when their manager ids are equal, so a
 * {@code ServerTransaction} compares equal wherever its proxy travelled (TX.3.3).
 */
@org.osgi.annotation.versioning.ProviderType
public final class ManagerProxy implements NestableTransactionManager, Serializable {

    private static final long serialVersionUID = 1L;

    /** @serial the manager's persistent identity */
    private final UUID managerId;
    /** @serial the backend: a {@code BackendRef}'s view, resolved by the manager's id (local in its JVM) */
    private final TxnBackend backend;

    public ManagerProxy(UUID managerId, TxnBackend backend) {
        this.managerId = Objects.requireNonNull(managerId, "managerId");
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /** The manager's id. */
    public UUID managerId() {
        return managerId;
    }

    @Override
    public TransactionManager.Created create(long leaseFor) throws LeaseDeniedException, RemoteException {
        return backend.create(leaseFor);
    }

    @Override
    public TransactionManager.Created create(NestableTransactionManager parentMgr, long parentID, long leaseFor)
            throws UnknownTransactionException, CannotJoinException, LeaseDeniedException, RemoteException {
        return backend.create(Objects.requireNonNull(parentMgr, "parentMgr is null: TX.2.2 needs the parent's "
                + "manager"), parentID, leaseFor);
    }

    @Override
    public void join(long id, TransactionParticipant part, long crashCount)
            throws UnknownTransactionException, CannotJoinException, CrashCountException, RemoteException {
        backend.join(id, Objects.requireNonNull(part, "part is null: TX.2.3 joins a participant"), crashCount);
    }

    @Override
    public int getState(long id) throws UnknownTransactionException, RemoteException {
        return backend.getState(id);
    }

    @Override
    public void commit(long id) throws UnknownTransactionException, CannotCommitException, RemoteException {
        backend.commit(id);
    }

    @Override
    public void commit(long id, long waitFor)
            throws UnknownTransactionException, CannotCommitException, TimeoutExpiredException, RemoteException {
        backend.commit(id, waitFor);
    }

    @Override
    public void abort(long id) throws UnknownTransactionException, CannotAbortException, RemoteException {
        backend.abort(id);
    }

    @Override
    public void abort(long id, long waitFor)
            throws UnknownTransactionException, CannotAbortException, TimeoutExpiredException, RemoteException {
        backend.abort(id, waitFor);
    }

    @Override
    public void promote(long id, TransactionParticipant[] parts, long[] crashCounts, TransactionParticipant drop)
            throws UnknownTransactionException, CannotJoinException, CrashCountException, RemoteException {
        backend.promote(id, parts, crashCounts, drop);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ManagerProxy && ((ManagerProxy) other).managerId.equals(managerId);
    }

    @Override
    public int hashCode() {
        return managerId.hashCode();
    }

    @Override
    public String toString() {
        return "TransactionManager[" + managerId + "]";
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (managerId == null || backend == null) {
            throw new InvalidObjectException("ManagerProxy without manager id or backend");
        }
    }
}
