package org.estuary.txn.conformance;

import java.io.ObjectStreamException;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

/**
 * A participant for the conformance suite: votes as told and records each call as "prepare 42", "commit 42", ....
 * From another JVM it is exported over RMI and the manager holds its stub; in the manager's JVM it is passed as it
 * is, and its serialized form (a commit record) stands for the same live object, found by its name.
 */
public final class Recording implements TransactionParticipant, Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, Recording> LIVE = new ConcurrentHashMap<>();

    private final transient String name = UUID.randomUUID().toString();
    private final transient List<String> calls = new CopyOnWriteArrayList<>();
    private final transient int vote;

    /** A participant that votes {@code vote} (TX.2.4 constant). */
    public Recording(int vote) {
        this.vote = vote;
        LIVE.put(name, this);
    }

    /** The calls so far, in order. */
    public List<String> calls() {
        return List.copyOf(calls);
    }

    @Override
    public int prepare(TransactionManager mgr, long id) {
        calls.add("prepare " + id);
        return vote;
    }

    @Override
    public void commit(TransactionManager mgr, long id) {
        calls.add("commit " + id);
    }

    @Override
    public void abort(TransactionManager mgr, long id) {
        calls.add("abort " + id);
    }

    @Override
    public int prepareAndCommit(TransactionManager mgr, long id) {
        calls.add("prepareAndCommit " + id);
        return vote == TransactionConstants.PREPARED ? TransactionConstants.COMMITTED : vote;
    }

    private Object writeReplace() throws ObjectStreamException {
        return new Handle(name);
    }

    @Override
    public String toString() {
        return "Recording[" + name + "]";
    }

    /** The serialized form: the name of the live participant in this JVM. */
    private static final class Handle implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String name;

        Handle(String name) {
            this.name = name;
        }

        private Object readResolve() throws ObjectStreamException {
            return LIVE.get(name);
        }
    }
}
