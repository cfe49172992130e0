package org.estuary.txn.admin;

import java.io.IOException;
import java.util.Map;

import org.estuary.management.Page;

/**
 * The transaction manager for operators. Pages are ordered by transaction id (and participants by the order they
 * joined); each holds copies, never live state.
 */
@org.osgi.annotation.versioning.ProviderType
public interface TxnAdmin {

    /** Transactions the manager remembers: active, voting, committed and rolling forward, completed lately. */
    Page<TxnInfo> transactions(long offset, int limit);

    /** The page after the transaction with id {@code afterId}. */
    Page<TxnInfo> transactionsAfter(long afterId, long offset, int limit);

    /** The participants of transaction {@code id}, with their votes and retry state; empty if it is unknown. */
    Page<ParticipantInfo> participants(long id, long offset, int limit);

    /** Whether the manager knows transaction {@code id}. */
    boolean knows(long id);

    /**
     * Aborts transaction {@code id} as a client's {@code abort} would (TX.2.5).
     *
     * @return false if the manager does not know it
     * @throws IOException if it committed already (it cannot be aborted)
     */
    boolean abort(long id) throws IOException;

    /** Counters and latencies (microseconds) in a fixed order: commits, aborts, votes, commit points. */
    Map<String, Long> metrics();
}
