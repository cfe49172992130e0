package org.estuary.txn.proxy;

import java.rmi.RemoteException;

import net.jini.core.transaction.server.NestableTransactionManager;

import org.estuary.lease.client.Landlord;

/**
 * What the manager's proxies call, through an {@code org.estuary.remote.BackendRef}: in the manager's JVM the manager
 * itself, for a remote client an RMI stub resolved by the manager's id. Besides the TX.2 operations it is the
 * {@link Landlord} of the transactions' leases (a lease id is its transaction's id) and answers the calls a parent
 * transaction's manager makes on a {@link NestedParticipant}.
 */
@org.osgi.annotation.versioning.ProviderType
public interface TxnBackend extends NestableTransactionManager, Landlord {

    /**
     * TX.2.6 {@code prepare} on the participant of nested transaction {@code nestedId} in its parent: the parent is
     * voting, so a nested transaction still ACTIVE is aborted (its work was never promoted), and the nested
     * transaction itself has nothing to roll forward: always {@code NOTCHANGED}.
     */
    int parentVoting(long nestedId) throws RemoteException;

    /** TX.2.7: the parent of nested transaction {@code nestedId} aborted, so it aborts too, committed or not. */
    void parentAborted(long nestedId) throws RemoteException;
}
