package net.jini.core.transaction.server;

import java.io.Serializable;
import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

import net.jini.core.transaction.CannotAbortException;
import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.TimeoutExpiredException;
import net.jini.core.transaction.Transaction;
import net.jini.core.transaction.UnknownTransactionException;

/**
 * A top-level transaction with the default semantics: the pair of the manager that created it and the
 * identifier that manager gave it (TX.3.3). Participants cast a {@link Transaction} to this class to join it
 * or ask for its state; every protocol method simply calls the same method of {@link #mgr} with {@link #id},
 * so the identifier cannot be sent to the wrong manager.
 */
@ProviderType
public class ServerTransaction implements Transaction, Serializable {

    // Serialized fields: mgr, id.
    private static final long serialVersionUID = 4552277137549765374L;

    /**
     * The manager that created the transaction.
     *
     * @serial
     */
    public final TransactionManager mgr;

    /**
     * The identifier returned by the manager's {@code create} method.
     *
     * @serial
     */
    public final long id;

    /**
     * Wraps a manager and an identifier. TX.3.3: meant for {@code TransactionFactory}, not for direct use;
     * like the published API it does not check its arguments.
     *
     * @param mgr the manager that created the transaction
     * @param id the identifier the manager gave it
     */
    public ServerTransaction(TransactionManager mgr, long id) {
        this.mgr = mgr;
        this.id = id;
    }

    /**
     * TX.3.3: {@code id} cast to {@code int}, XORed with the manager's hash code (taken as 0 for a missing
     * manager, a case the specification leaves open).
     */
    @Override
    public int hashCode() {
        return (int) id ^ (mgr == null ? 0 : mgr.hashCode());
    }

    /**
     * TX.3.3: equal to any {@code ServerTransaction} (subclasses included) with the same identifier and an
     * equal manager.
     */
    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof ServerTransaction)) {
            return false;
        }
        ServerTransaction that = (ServerTransaction) other;
        return id == that.id && (mgr == null ? that.mgr == null : mgr.equals(that.mgr));
    }

    /** TX.3.3: same as {@code mgr.commit(id)}. */
    @Override
    public void commit() throws UnknownTransactionException, CannotCommitException, RemoteException {
        mgr.commit(id);
    }

    /** TX.3.3: same as {@code mgr.commit(id, waitFor)}. */
    @Override
    public void commit(long waitFor)
            throws UnknownTransactionException, CannotCommitException, TimeoutExpiredException, RemoteException {
        mgr.commit(id, waitFor);
    }

    /** TX.3.3: same as {@code mgr.abort(id)}. */
    @Override
    public void abort() throws UnknownTransactionException, CannotAbortException, RemoteException {
        mgr.abort(id);
    }

    /** TX.3.3: same as {@code mgr.abort(id, waitFor)}. */
    @Override
    public void abort(long waitFor)
            throws UnknownTransactionException, CannotAbortException, TimeoutExpiredException, RemoteException {
        mgr.abort(id, waitFor);
    }

    /**
     * Joins a participant to this transaction; same as {@code mgr.join(id, part, crashCount)} (TX.3.3,
     * TX.2.3).
     *
     * @param part the participant the manager will call
     * @param crashCount the version of the participant's storage holding the transaction's state
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws CannotJoinException if the transaction is no longer active
     * @throws CrashCountException if the participant joined before with a different crash count
     * @throws RemoteException on a communication failure
     */
    public void join(TransactionParticipant part, long crashCount)
            throws UnknownTransactionException, CannotJoinException, CrashCountException, RemoteException {
        mgr.join(id, part, crashCount);
    }

    /**
     * Returns the manager's view of the transaction's state; same as {@code mgr.getState(id)} (TX.3.3,
     * TX.2.7).
     *
     * @return one of the {@link TransactionConstants}
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws RemoteException on a communication failure
     */
    public int getState() throws UnknownTransactionException, RemoteException {
        return mgr.getState(id);
    }

    /**
     * Whether this is a nested transaction (TX.3.3). Always {@code false} here; participants that do not
     * support nesting use it to reject nested transactions.
     *
     * @return {@code false}
     */
    public boolean isNested() {
        return false;
    }

    @Override
    public String toString() {
        return getClass().getName() + "[mgr=" + mgr + ", id=" + id + "]";
    }
}
