package net.jini.core.transaction;

import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.server.NestableServerTransaction;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.ServerTransaction;
import net.jini.core.transaction.server.TransactionManager;

/**
 * Creates top-level transactions with the default semantics by asking a manager for a new transaction and
 * wrapping its identifier in a semantic object (TX.3.2).
 */
@ProviderType
public class TransactionFactory {

    /** Only static methods; not meant to be instantiated (the published API has no public constructor). */
    private TransactionFactory() {
    }

    /**
     * Creates a top-level transaction (TX.2.1, TX.3.2). When {@code mgr} is in fact a
     * {@link NestableTransactionManager}, the transaction returned is a {@link NestableTransaction}, as
     * TX.3.2 promises.
     *
     * @param mgr the manager that creates and completes the transaction
     * @param leaseFor the requested lease duration, in milliseconds
     * @return the new transaction and the lease the manager granted
     * @throws LeaseDeniedException if the manager refuses the lease
     * @throws RemoteException on a communication failure
     * @throws NullPointerException if {@code mgr} is {@code null}
     */
    public static Transaction.Created create(TransactionManager mgr, long leaseFor)
            throws LeaseDeniedException, RemoteException {
        if (mgr instanceof NestableTransactionManager) {
            NestableTransaction.Created created = create((NestableTransactionManager) mgr, leaseFor);
            return new Transaction.Created(created.transaction, created.lease);
        }
        TransactionManager.Created created = requireManager(mgr).create(leaseFor);
        return new Transaction.Created(new ServerTransaction(mgr, created.id), created.lease);
    }

    /**
     * Creates a top-level transaction under which nested transactions can be created (TX.2.2, TX.3.2).
     *
     * @param mgr the manager that creates and completes the transaction
     * @param leaseFor the requested lease duration, in milliseconds
     * @return the new transaction and the lease the manager granted
     * @throws LeaseDeniedException if the manager refuses the lease
     * @throws RemoteException on a communication failure
     * @throws NullPointerException if {@code mgr} is {@code null}
     */
    public static NestableTransaction.Created create(NestableTransactionManager mgr, long leaseFor)
            throws LeaseDeniedException, RemoteException {
        TransactionManager.Created created = requireManager(mgr).create(leaseFor);
        return new NestableTransaction.Created(new NestableServerTransaction(mgr, created.id, null), created.lease);
    }

    private static <T extends TransactionManager> T requireManager(T mgr) {
        if (mgr == null) {
            throw new NullPointerException("transaction manager is null");
        }
        return mgr;
    }
}
