package net.jini.core.transaction.server;

import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.CannotAbortException;
import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.TimeoutExpiredException;
import net.jini.core.transaction.UnknownTransactionException;

/**
 * A server that creates transactions and drives their participants through the two-phase commit protocol
 * (TX.2.1). Each transaction is named by a {@code long} identifier unique to its manager (TX.1.1).
 */
@ProviderType
public interface TransactionManager extends Remote, TransactionConstants {

    /**
     * The two results of {@link TransactionManager#create(long)}: the transaction identifier and the granted
     * lease (TX.2.1).
     */
    class Created implements Serializable {

        // Serialized fields: id, lease.
        private static final long serialVersionUID = -4233846033773471113L;

        /**
         * The identifier of the new transaction.
         *
         * @serial
         */
        public final long id;

        /**
         * The lease granted for the transaction.
         *
         * @serial
         */
        public final Lease lease;

        /**
         * TX.2.1: simply sets the two fields.
         *
         * @param id the identifier of the new transaction
         * @param lease the lease granted for it
         */
        public Created(long id, Lease lease) {
            this.id = id;
            this.lease = lease;
        }

        @Override
        public String toString() {
            return getClass().getName() + "[id=" + id + ", lease=" + lease + "]";
        }
    }

    /**
     * Creates a new top-level transaction (TX.2.1). If the lease expires or is cancelled before the
     * transaction is committed or aborted, the manager aborts it.
     *
     * @param leaseFor the requested lease duration, in milliseconds
     * @return the identifier and the granted lease, which may be shorter than requested
     * @throws LeaseDeniedException if the manager refuses the lease
     * @throws RemoteException on a communication failure
     */
    Created create(long leaseFor) throws LeaseDeniedException, RemoteException;

    /**
     * Joins a participant to an ACTIVE transaction; repeating a join with the same crash count is accepted
     * and ignored (TX.2.3).
     *
     * @param id the transaction identifier
     * @param part the participant the manager will call to vote and complete
     * @param crashCount the version of the participant's storage holding the transaction's state
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws CannotJoinException if the transaction is known but no longer active
     * @throws CrashCountException if the participant joined before with a different crash count
     * @throws RemoteException on a communication failure
     */
    void join(long id, TransactionParticipant part, long crashCount)
            throws UnknownTransactionException, CannotJoinException, CrashCountException, RemoteException;

    /**
     * Returns the current state of the transaction, one of the {@link TransactionConstants} (TX.2.7, TX.2.8.1).
     *
     * @param id the transaction identifier
     * @return ACTIVE, VOTING, ABORTED, NOTCHANGED or COMMITTED
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws RemoteException on a communication failure
     */
    int getState(long id) throws UnknownTransactionException, RemoteException;

    /**
     * Commits the transaction (TX.2.5).
     *
     * @param id the transaction identifier
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws CannotCommitException if the transaction aborts or had already aborted
     * @throws RemoteException on a communication failure
     */
    void commit(long id) throws UnknownTransactionException, CannotCommitException, RemoteException;

    /**
     * Commits the transaction and waits up to {@code waitFor} milliseconds for all participants to be
     * notified (TX.2.5).
     *
     * @param id the transaction identifier
     * @param waitFor the time to wait, in milliseconds
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws CannotCommitException if the transaction aborts or had already aborted
     * @throws TimeoutExpiredException if participants were not all notified in time
     * @throws RemoteException on a communication failure
     */
    void commit(long id, long waitFor)
            throws UnknownTransactionException, CannotCommitException, TimeoutExpiredException, RemoteException;

    /**
     * Aborts the transaction (TX.2.5).
     *
     * @param id the transaction identifier
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws CannotAbortException if the transaction had already committed
     * @throws RemoteException on a communication failure
     */
    void abort(long id) throws UnknownTransactionException, CannotAbortException, RemoteException;

    /**
     * Aborts the transaction and waits up to {@code waitFor} milliseconds for all participants to be
     * notified (TX.2.5).
     *
     * @param id the transaction identifier
     * @param waitFor the time to wait, in milliseconds
     * @throws UnknownTransactionException if the transaction is unknown
     * @throws CannotAbortException if the transaction had already committed
     * @throws TimeoutExpiredException if participants were not all notified in time
     * @throws RemoteException on a communication failure
     */
    void abort(long id, long waitFor)
            throws UnknownTransactionException, CannotAbortException, TimeoutExpiredException, RemoteException;
}
