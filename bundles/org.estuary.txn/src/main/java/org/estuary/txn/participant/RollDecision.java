package org.estuary.txn.participant;

import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;

import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionManager;

/** The TX.2.8.1 roll decision of a participant that recovers a PREPARED transaction. */
@org.osgi.annotation.versioning.ProviderType
public enum RollDecision {
    /** The manager says COMMITTED: roll the recorded changes forward. */
    ROLL_FORWARD,
    /** The manager says ABORTED, or no longer knows the transaction, or is gone: roll them back. */
    ROLL_BACK,
    /** The manager could not be asked, or has not decided yet: ask again after a pause. */
    ASK_AGAIN;

    /**
     * Asks {@code mgr} for the state of transaction {@code id} (TX.2.8.1): COMMITTED rolls forward;
     * {@code UnknownTransactionException} or {@code NoSuchObjectException} (or ABORTED) roll back; any other
     * {@code RemoteException}, or a state short of the outcome, asks again.
     */
    public static RollDecision of(TransactionManager mgr, long id) {
        try {
            int state = mgr.getState(id);
            return state == TransactionConstants.COMMITTED ? ROLL_FORWARD
                    : state == TransactionConstants.ABORTED ? ROLL_BACK : ASK_AGAIN;
        } catch (UnknownTransactionException | NoSuchObjectException e) {
            return ROLL_BACK;
        } catch (RemoteException e) {
            return ASK_AGAIN;
        }
    }
}
