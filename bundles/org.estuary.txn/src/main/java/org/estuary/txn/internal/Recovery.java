package org.estuary.txn.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.store.api.ServiceIdRecord;
import org.estuary.store.api.Store;

/**
 * Rebuilds the manager from its store on activation (TX.2.8): its id, written on the first start so that proxies
 * and participants keep recognising it, and every transaction past its commit point, which answers COMMITTED to
 * {@code getState} and resumes its roll-forward. Transactions short of their commit point left no record: they are
 * unknown now, which participants take as aborted (TX.2.8.1).
 */
final class Recovery {

    private static final System.Logger LOG = System.getLogger(Recovery.class.getName());

    private final TxnState state;
    private final Completion completion;

    Recovery(TxnState state, Completion completion) {
        this.state = state;
        this.completion = completion;
    }

    void recover(TxnManager backend) throws Exception {
        synchronized (state.storeLock) {
            Store store = state.store.adopt();
            state.identify(ServiceIdRecord.recover("transaction manager", store, Records.MANAGER,
                    state.settings.writeTimeoutMillis()), backend);
            List<Txn> committed = new ArrayList<>();
            store.scan(Records.COMMITTED, (key, value) -> committed.add(committedTxn(key, value)));
            for (Txn txn : committed) {
                state.restore(txn);
                completion.resumeRollForward(txn, new ArrayList<>(txn.parts.values()));
            }
            if (!committed.isEmpty()) {
                LOG.log(System.Logger.Level.INFO, "the transaction manager resumes the roll-forward of "
                        + committed.size() + " committed transactions (TX.2.8)");
            }
        }
    }

    private Txn committedTxn(String key, byte[] value) {
        Txn txn = Txn.committed(Records.id(key));
        txn.record = value;
        try {
            for (TransactionParticipant part : state.records.participants(value)) {
                Joined joined = new Joined(part, 0);
                joined.vote = TransactionConstants.PREPARED;
                txn.parts.put(part, joined);
            }
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            // It stays COMMITTED for getState (the participants' roll decision, TX.2.8.1) and its record is kept.
            LOG.log(System.Logger.Level.WARNING, "the participants of committed " + txn + " cannot be read, so "
                    + "they are not told to roll forward; it answers COMMITTED to their getState and its record "
                    + "is kept (install the bundle that exports their classes and restart the manager): " + e);
        }
        return txn;
    }
}
