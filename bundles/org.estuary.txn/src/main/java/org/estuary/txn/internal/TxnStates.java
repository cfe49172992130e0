package org.estuary.txn.internal;

import net.jini.core.transaction.server.TransactionConstants;

/** Names of the TX.2.4 constants for messages and views. */
final class TxnStates {

    private TxnStates() {
    }

    static String name(int state) {
        return switch (state) {
            case Joined.NOT_VOTED -> "not voted";
            case TransactionConstants.ACTIVE -> "ACTIVE";
            case TransactionConstants.VOTING -> "VOTING";
            case TransactionConstants.PREPARED -> "PREPARED";
            case TransactionConstants.NOTCHANGED -> "NOTCHANGED";
            case TransactionConstants.COMMITTED -> "COMMITTED";
            case TransactionConstants.ABORTED -> "ABORTED";
            default -> "unknown state " + state;
        };
    }
}
