package net.jini.core.transaction.server;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * The states of a transaction and the votes of its participants, shared by managers and participants
 * (TX.2.4).
 *
 * <p>Consumer type: participants written by users implement it through {@link TransactionParticipant}.
 */
@ConsumerType
public interface TransactionConstants {

    /** TX.2.4: the transaction accepts joins and operations. */
    int ACTIVE = 1;

    /** TX.2.4: the manager is collecting votes. */
    int VOTING = 2;

    /** TX.2.4: vote of a participant ready to roll its changes forward. */
    int PREPARED = 3;

    /** TX.2.4: vote of a participant with no changes under the transaction. */
    int NOTCHANGED = 4;

    /** TX.2.4: the transaction rolls forward. */
    int COMMITTED = 5;

    /** TX.2.4: the transaction rolls back; also a participant's vote to abort. */
    int ABORTED = 6;
}
