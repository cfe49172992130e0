package net.jini.core.transaction;

import java.io.Serializable;
import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

import net.jini.core.lease.Lease;

/**
 * A top-level transaction with the default transaction semantics, as seen by its client (TX.3.1). Services
 * that accept this type promise to honour those semantics for work performed under it.
 */
@ProviderType
public interface Transaction {

    /**
     * The two results of creating a top-level transaction: the transaction and the lease granted by its
     * manager (TX.3.1).
     */
    class Created implements Serializable {

        // Serialized fields: transaction, lease.
        private static final long serialVersionUID = -5199291723008952986L;

        /**
         * The newly created transaction.
         *
         * @serial
         */
        public final Transaction transaction;

        /**
         * The lease granted by the transaction manager; letting it lapse aborts the transaction.
         *
         * @serial
         */
        public final Lease lease;

        /**
         * Holds the given values as they are (TX.3.1). Public as in the published Jini 2.x API so that
         * other semantic factories can build results.
         *
         * @param transaction the newly created transaction
         * @param lease the lease granted for it
         */
        public Created(Transaction transaction, Lease lease) {
            this.transaction = transaction;
            this.lease = lease;
        }

        @Override
        public String toString() {
            return getClass().getName() + "[transaction=" + transaction + ", lease=" + lease + "]";
        }
    }

    /**
     * Commits the transaction, returning once it has reached the COMMITTED state (TX.2.5).
     *
     * @throws UnknownTransactionException if the manager does not know the transaction
     * @throws CannotCommitException if the transaction aborts or had already aborted
     * @throws RemoteException on a communication failure
     */
    void commit() throws UnknownTransactionException, CannotCommitException, RemoteException;

    /**
     * Commits the transaction and waits up to {@code waitFor} milliseconds for all participants to be told
     * (TX.2.5).
     *
     * @param waitFor the time to wait for participant notification, in milliseconds
     * @throws UnknownTransactionException if the manager does not know the transaction
     * @throws CannotCommitException if the transaction aborts or had already aborted
     * @throws TimeoutExpiredException if participants were not all notified in time
     * @throws RemoteException on a communication failure
     */
    void commit(long waitFor)
            throws UnknownTransactionException, CannotCommitException, TimeoutExpiredException, RemoteException;

    /**
     * Aborts the transaction, returning once it has reached the ABORTED state (TX.2.5).
     *
     * @throws UnknownTransactionException if the manager does not know the transaction
     * @throws CannotAbortException if the transaction had already committed
     * @throws RemoteException on a communication failure
     */
    void abort() throws UnknownTransactionException, CannotAbortException, RemoteException;

    /**
     * Aborts the transaction and waits up to {@code waitFor} milliseconds for all participants to be told
     * (TX.2.5).
     *
     * @param waitFor the time to wait for participant notification, in milliseconds
     * @throws UnknownTransactionException if the manager does not know the transaction
     * @throws CannotAbortException if the transaction had already committed
     * @throws TimeoutExpiredException if participants were not all notified in time
     * @throws RemoteException on a communication failure
     */
    void abort(long waitFor)
            throws UnknownTransactionException, CannotAbortException, TimeoutExpiredException, RemoteException;
}
