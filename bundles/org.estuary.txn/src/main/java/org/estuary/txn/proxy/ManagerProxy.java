package org.estuary.txn.proxy;

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

import org.estuary.remote.ServiceBoundProxy;

/**
 * The {@link NestableTransactionManager} a client or participant holds: the manager's id and its backend. Two proxies
 * are equal when they stand for the same manager, that is when their manager ids are equal, so a
 * {@code ServerTransaction} compares equal wherever its proxy travelled (TX.3.3).
 */
@org.osgi.annotation.versioning.ProviderType
public final class ManagerProxy extends ServiceBoundProxy<TxnBackend> implements NestableTransactionManager {

    private static final long serialVersionUID = 1L;

    public ManagerProxy(UUID managerId, TxnBackend backend) {
        super(managerId, backend);
    }

    /** The manager's id. */
    public UUID managerId() {
        return serviceId();
    }

    @Override
    public TransactionManager.Created create(long leaseFor) throws LeaseDeniedException, RemoteException {
        return backend().create(leaseFor);
    }

    @Override
    public TransactionManager.Created create(NestableTransactionManager parentMgr, long parentID, long leaseFor)
            throws UnknownTransactionException, CannotJoinException, LeaseDeniedException, RemoteException {
        return backend().create(Objects.requireNonNull(parentMgr, "parentMgr is null: TX.2.2 needs the parent's "
                + "manager"), parentID, leaseFor);
    }

    @Override
    public void join(long id, TransactionParticipant part, long crashCount)
            throws UnknownTransactionException, CannotJoinException, CrashCountException, RemoteException {
        backend().join(id, Objects.requireNonNull(part, "part is null: TX.2.3 joins a participant"), crashCount);
    }

    @Override
    public int getState(long id) throws UnknownTransactionException, RemoteException {
        return backend().getState(id);
    }

    @Override
    public void commit(long id) throws UnknownTransactionException, CannotCommitException, RemoteException {
        backend().commit(id);
    }

    @Override
    public void commit(long id, long waitFor)
            throws UnknownTransactionException, CannotCommitException, TimeoutExpiredException, RemoteException {
        backend().commit(id, waitFor);
    }

    @Override
    public void abort(long id) throws UnknownTransactionException, CannotAbortException, RemoteException {
        backend().abort(id);
    }

    @Override
    public void abort(long id, long waitFor)
            throws UnknownTransactionException, CannotAbortException, TimeoutExpiredException, RemoteException {
        backend().abort(id, waitFor);
    }

    @Override
    public void promote(long id, TransactionParticipant[] parts, long[] crashCounts, TransactionParticipant drop)
            throws UnknownTransactionException, CannotJoinException, CrashCountException, RemoteException {
        backend().promote(id, parts, crashCounts, drop);
    }

    @Override
    protected String kind() {
        return "TransactionManager";
    }
}
