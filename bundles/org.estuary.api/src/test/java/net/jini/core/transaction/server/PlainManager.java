package net.jini.core.transaction.server;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import net.jini.core.lease.Lease;

/** Test double for a manager that supports only top-level transactions (TX.2.1). */
public class PlainManager implements TransactionManager, Serializable {

    private static final long serialVersionUID = 1L;

    public final List<String> calls = new ArrayList<>();
    public long nextId = 7;
    public Lease nextLease;

    @Override
    public Created create(long leaseFor) {
        calls.add("create(" + leaseFor + ")");
        return new Created(nextId, nextLease);
    }

    @Override
    public void join(long id, TransactionParticipant part, long crashCount) {
        calls.add("join(" + id + ")");
    }

    @Override
    public int getState(long id) {
        calls.add("getState(" + id + ")");
        return ACTIVE;
    }

    @Override
    public void commit(long id) {
        calls.add("commit(" + id + ")");
    }

    @Override
    public void commit(long id, long waitFor) {
        calls.add("commit(" + id + "," + waitFor + ")");
    }

    @Override
    public void abort(long id) {
        calls.add("abort(" + id + ")");
    }

    @Override
    public void abort(long id, long waitFor) {
        calls.add("abort(" + id + "," + waitFor + ")");
    }
}
