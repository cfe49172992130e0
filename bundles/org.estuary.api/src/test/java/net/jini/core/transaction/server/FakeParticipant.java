package net.jini.core.transaction.server;

/** Participant that does nothing; only its identity matters in the tests. */
public class FakeParticipant implements TransactionParticipant {

    @Override
    public int prepare(TransactionManager mgr, long id) {
        return NOTCHANGED;
    }

    @Override
    public void commit(TransactionManager mgr, long id) {
    }

    @Override
    public void abort(TransactionManager mgr, long id) {
    }

    @Override
    public int prepareAndCommit(TransactionManager mgr, long id) {
        return NOTCHANGED;
    }
}
