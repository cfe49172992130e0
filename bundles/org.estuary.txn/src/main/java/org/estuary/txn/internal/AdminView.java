package org.estuary.txn.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import net.jini.core.transaction.CannotAbortException;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.TransactionConstants;

import org.estuary.management.Format;
import org.estuary.management.Page;
import org.estuary.management.Pages;
import org.estuary.txn.admin.ParticipantInfo;
import org.estuary.txn.admin.TxnAdmin;
import org.estuary.txn.admin.TxnInfo;

/**
 * The management view over a manager's state: each read copies what it shows of a transaction into immutable
 * records under that transaction's lock.
 */
final class AdminView implements TxnAdmin {

    private final TxnManager manager;
    private final TxnState state;

    AdminView(TxnManager manager) {
        this.manager = manager;
        this.state = manager.state();
    }

    @Override
    public Page<TxnInfo> transactions(long offset, int limit) {
        return Pages.at(state.table(), offset, limit, this::info);
    }

    @Override
    public Page<TxnInfo> transactionsAfter(long afterId, long offset, int limit) {
        return Pages.after(state.table(), afterId, offset, limit, this::info);
    }

    @Override
    public Page<ParticipantInfo> participants(long id, long offset, int limit) {
        Txn txn = state.find(id);
        if (txn == null) {
            return Pages.empty(offset, limit);
        }
        synchronized (txn.lock) {
            List<ParticipantInfo> rows = new ArrayList<>();
            long index = 1;
            for (Joined joined : txn.parts.values()) {
                rows.add(new ParticipantInfo(index++, Format.describe(joined.participant), joined.crashCount,
                        TxnStates.name(joined.vote), joined.done, joined.failures,
                        joined.lastFailure == null ? null : Format.describe(joined.lastFailure)));
            }
            return Pages.of(rows, offset, limit);
        }
    }

    @Override
    public boolean knows(long id) {
        return state.find(id) != null;
    }

    @Override
    public boolean abort(long id) throws IOException {
        try {
            manager.abort(id);
            return true;
        } catch (UnknownTransactionException e) {
            return false;
        } catch (CannotAbortException e) {
            throw new IOException("transaction " + Records.key(id) + " committed; it cannot be aborted (TX.2.5)", e);
        }
    }

    @Override
    public Map<String, Long> metrics() {
        return state.metrics.snapshot();
    }

    private TxnInfo info(Txn txn) {
        synchronized (txn.lock) {
            return infoLocked(txn);
        }
    }

    private TxnInfo infoLocked(Txn txn) {
        String phase = switch (txn.state) {
            case TransactionConstants.ACTIVE -> "open";
            case TransactionConstants.VOTING -> txn.deciding ? "committing" : "voting";
            case TransactionConstants.COMMITTED -> txn.notified.isDone() ? "completed" : "rolling forward";
            default -> txn.notified.isDone() ? "completed" : "telling participants";
        };
        return new TxnInfo(txn.id, TxnStates.name(txn.state), phase, state.expiration(txn), txn.parts.size(),
                txn.parentMgr == null ? null : Records.key(txn.parentId) + " of " + txn.parentMgr,
                txn.abortReason);
    }
}
