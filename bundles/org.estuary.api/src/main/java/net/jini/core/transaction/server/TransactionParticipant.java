package net.jini.core.transaction.server;

import java.rmi.Remote;
import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ConsumerType;

import net.jini.core.transaction.UnknownTransactionException;

/**
 * The object a service hands to {@link TransactionManager#join} so that the manager can ask it to vote, roll
 * forward or roll back (TX.2.3, TX.2.6).
 */
@ConsumerType
public interface TransactionParticipant extends Remote, TransactionConstants {

    /**
     * Asks the participant to vote on the transaction (TX.2.6).
     *
     * @param mgr the manager of the transaction
     * @param id the transaction identifier
     * @return PREPARED, NOTCHANGED or ABORTED, or the state already reached if past voting
     * @throws UnknownTransactionException if the participant does not know the transaction
     * @throws RemoteException on a communication failure
     */
    int prepare(TransactionManager mgr, long id) throws UnknownTransactionException, RemoteException;

    /**
     * Tells a PREPARED participant to roll its changes forward (TX.2.6).
     *
     * @param mgr the manager of the transaction
     * @param id the transaction identifier
     * @throws UnknownTransactionException if the participant does not know the transaction, which the manager
     *         takes as an earlier successful roll forward (TX.2.7)
     * @throws RemoteException on a communication failure
     */
    void commit(TransactionManager mgr, long id) throws UnknownTransactionException, RemoteException;

    /**
     * Tells the participant to roll back its changes (TX.2.6).
     *
     * @param mgr the manager of the transaction
     * @param id the transaction identifier
     * @throws UnknownTransactionException if the participant does not know the transaction
     * @throws RemoteException on a communication failure
     */
    void abort(TransactionManager mgr, long id) throws UnknownTransactionException, RemoteException;

    /**
     * Votes and, on PREPARED, commits in one call; must behave like {@code prepare} followed by {@code commit}
     * with COMMITTED returned in place of PREPARED (TX.2.6, TX.2.7).
     *
     * @param mgr the manager of the transaction
     * @param id the transaction identifier
     * @return COMMITTED, NOTCHANGED or ABORTED
     * @throws UnknownTransactionException if the participant does not know the transaction
     * @throws RemoteException on a communication failure
     */
    int prepareAndCommit(TransactionManager mgr, long id) throws UnknownTransactionException, RemoteException;
}
