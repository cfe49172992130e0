package org.estuary.txn.internal;

import net.jini.core.transaction.server.TransactionParticipant;

/**
 * One participant of a transaction (TX.2.3): the object the manager calls, its crash count, its vote and whether it
 * has heard the outcome. Every field is written under its transaction's lock ({@link Txn#lock}).
 */
final class Joined {

    /** Not asked to vote yet (or its vote is still on its way). */
    static final int NOT_VOTED = 0;

    final TransactionParticipant participant;
    final long crashCount;
    /** NOT_VOTED, or PREPARED, NOTCHANGED, ABORTED or COMMITTED (after prepareAndCommit), from TransactionConstants. */
    int vote = NOT_VOTED;
    /** Heard the outcome (commit or abort), or needs to hear nothing more. */
    boolean done;
    /** Calls to it that failed in a way that may clear up, in a row: the next retry's back-off. */
    int failures;
    /** The last failure of a call to it, for the management view; null when the last call succeeded. */
    Throwable lastFailure;

    Joined(TransactionParticipant participant, long crashCount) {
        this.participant = participant;
        this.crashCount = crashCount;
    }

    @Override
    public String toString() {
        return participant + " (crash count " + crashCount + ", vote " + TxnStates.name(vote) + ")";
    }
}
