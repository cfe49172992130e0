package net.jini.core.transaction.server;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import net.jini.core.lease.Lease;

/**
 * Test double for the TX.2.1/TX.2.2 manager interfaces: records every call as a string, answers with a
 * configurable identifier and lease, and can be told to throw. Equality is by {@code key}, so two instances
 * with the same key stand for two proxies of the same remote manager.
 */
public class RecordingManager implements NestableTransactionManager, Serializable {

    private static final long serialVersionUID = 1L;

    public final String key;
    public final List<String> calls = new ArrayList<>();
    /** Arguments of the last call, for identity checks of arrays and participants. */
    public final List<Object> lastArgs = new ArrayList<>();
    public long nextId = 100;
    public Lease nextLease;
    public int state = ACTIVE;
    /** When set, the next call throws it unchanged (checked exceptions included). */
    public Exception toThrow;

    public RecordingManager(String key) {
        this.key = key;
    }

    private void call(String call, Object... args) {
        calls.add(call);
        lastArgs.clear();
        lastArgs.addAll(Arrays.asList(args));
        Exception e = toThrow;
        toThrow = null;
        if (e != null) {
            RecordingManager.<RuntimeException>sneakyThrow(e);
        }
    }

    /** Throws a checked exception from a method that does not declare it, as a remote manager would. */
    @SuppressWarnings("unchecked")
    private static <E extends Exception> void sneakyThrow(Exception e) throws E {
        throw (E) e;
    }

    @Override
    public Created create(long leaseFor) {
        call("create(" + leaseFor + ")");
        return new Created(nextId, nextLease);
    }

    @Override
    public Created create(NestableTransactionManager parentMgr, long parentID, long leaseFor) {
        call("create(" + keyOf(parentMgr) + "," + parentID + "," + leaseFor + ")", parentMgr);
        return new Created(nextId, nextLease);
    }

    @Override
    public void promote(long id, TransactionParticipant[] parts, long[] crashCounts, TransactionParticipant drop) {
        call("promote(" + id + ")", parts, crashCounts, drop);
    }

    @Override
    public void join(long id, TransactionParticipant part, long crashCount) {
        call("join(" + id + "," + crashCount + ")", part);
    }

    @Override
    public int getState(long id) {
        call("getState(" + id + ")");
        return state;
    }

    @Override
    public void commit(long id) {
        call("commit(" + id + ")");
    }

    @Override
    public void commit(long id, long waitFor) {
        call("commit(" + id + "," + waitFor + ")");
    }

    @Override
    public void abort(long id) {
        call("abort(" + id + ")");
    }

    @Override
    public void abort(long id, long waitFor) {
        call("abort(" + id + "," + waitFor + ")");
    }

    private static String keyOf(TransactionManager m) {
        return m instanceof RecordingManager ? ((RecordingManager) m).key : String.valueOf(m);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RecordingManager && ((RecordingManager) o).key.equals(key);
    }

    @Override
    public int hashCode() {
        return key.hashCode();
    }

    @Override
    public String toString() {
        return "RecordingManager[" + key + "]";
    }
}
