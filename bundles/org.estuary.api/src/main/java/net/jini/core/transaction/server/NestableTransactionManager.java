package net.jini.core.transaction.server;

import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.UnknownTransactionException;

/**
 * A transaction manager that can also create nested transactions and promote their participants into the
 * parent transaction (TX.2.2, TX.2.7).
 */
@ProviderType
public interface NestableTransactionManager extends TransactionManager {

    /**
     * Creates a transaction nested in the given parent; the new transaction's manager joins the parent
     * (TX.2.2).
     *
     * @param parentMgr the manager of the parent transaction
     * @param parentID the identifier of the parent transaction within {@code parentMgr}
     * @param leaseFor the requested lease duration, in milliseconds
     * @return the identifier of the nested transaction and its granted lease
     * @throws UnknownTransactionException if the parent is unknown to its manager
     * @throws CannotJoinException if the parent is known but no longer active
     * @throws LeaseDeniedException if the manager refuses the lease
     * @throws RemoteException on a communication failure
     */
    TransactionManager.Created create(NestableTransactionManager parentMgr, long parentID, long leaseFor)
            throws UnknownTransactionException, CannotJoinException, LeaseDeniedException, RemoteException;

    /**
     * Atomically joins the participants of a committing nested transaction to the transaction {@code id}
     * of this manager, optionally dropping the nested manager itself (TX.2.7). {@code crashCounts[i]} is the
     * crash count of {@code parts[i]}.
     *
     * @param id the identifier of the parent transaction
     * @param parts the participants to promote
     * @param crashCounts their crash counts, index for index
     * @param drop a participant (normally the nested manager) to remove from the parent, or {@code null}
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws CannotJoinException if the transaction is no longer active
     * @throws CrashCountException if a crash count differs from one already known; the parent then aborts
     * @throws RemoteException on a communication failure
     */
    void promote(long id, TransactionParticipant[] parts, long[] crashCounts, TransactionParticipant drop)
            throws UnknownTransactionException, CannotJoinException, CrashCountException, RemoteException;
}
