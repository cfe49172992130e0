package net.jini.core.transaction;

import java.io.Serializable;
import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

import net.jini.core.lease.Lease;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.server.NestableTransactionManager;

/**
 * A transaction under which nested transactions can be created (TX.3.1, TX.2.2).
 */
@ProviderType
public interface NestableTransaction extends Transaction {

    /**
     * The two results of creating a nestable transaction: the transaction and the lease granted by its
     * manager (TX.3.1).
     */
    class Created implements Serializable {

        // Serialized fields: transaction, lease.
        private static final long serialVersionUID = -2979247545926318953L;

        /**
         * The newly created transaction.
         *
         * @serial
         */
        public final NestableTransaction transaction;

        /**
         * The lease granted by the transaction manager; letting it lapse aborts the transaction.
         *
         * @serial
         */
        public final Lease lease;

        /**
         * Holds the given values as they are (TX.3.1). Public as in the published Jini 2.x API, since
         * {@code NestableServerTransaction} in another package builds these results.
         *
         * @param transaction the newly created transaction
         * @param lease the lease granted for it
         */
        public Created(NestableTransaction transaction, Lease lease) {
            this.transaction = transaction;
            this.lease = lease;
        }

        @Override
        public String toString() {
            return getClass().getName() + "[transaction=" + transaction + ", lease=" + lease + "]";
        }
    }

    /**
     * Creates a transaction nested in this one, managed by this transaction's own manager (TX.3.1).
     *
     * @param leaseFor the requested lease duration, in milliseconds
     * @return the nested transaction and its lease
     * @throws UnknownTransactionException if this transaction is unknown to its manager
     * @throws CannotJoinException if this transaction is no longer active
     * @throws LeaseDeniedException if the manager refuses the lease
     * @throws RemoteException on a communication failure
     */
    Created create(long leaseFor)
            throws UnknownTransactionException, CannotJoinException, LeaseDeniedException, RemoteException;

    /**
     * Creates a transaction nested in this one, managed by the given manager (TX.3.1).
     *
     * @param mgr the manager of the nested transaction
     * @param leaseFor the requested lease duration, in milliseconds
     * @return the nested transaction and its lease
     * @throws UnknownTransactionException if this transaction is unknown to its manager
     * @throws CannotJoinException if this transaction is no longer active
     * @throws LeaseDeniedException if the manager refuses the lease
     * @throws RemoteException on a communication failure
     */
    Created create(NestableTransactionManager mgr, long leaseFor)
            throws UnknownTransactionException, CannotJoinException, LeaseDeniedException, RemoteException;
}
