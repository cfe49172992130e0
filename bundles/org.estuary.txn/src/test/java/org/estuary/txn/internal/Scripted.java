package org.estuary.txn.internal;

import java.io.ObjectStreamException;
import java.io.Serializable;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

/**
 * A participant that does what its test scripts: vote, fail with a RemoteException some times first, throw
 * UnknownTransactionException or NoSuchObjectException, hang until released. It records every call as
 * "prepare 42", "commit 42", .... Serialized, it stands for the same object in this JVM (resolved by name), so a
 * commit record read back after a manager's restart reaches the live participant.
 */
final class Scripted implements TransactionParticipant, Serializable {

    private static final long serialVersionUID = 1L;
    private static final Map<String, Scripted> LIVE = new ConcurrentHashMap<>();
    private static final AtomicInteger NAMES = new AtomicInteger();

    final transient String name;
    final transient List<String> calls = new CopyOnWriteArrayList<>();
    /** What prepare (and prepareAndCommit before its commit) answers. */
    volatile int vote = TransactionConstants.PREPARED;
    /** Calls of prepare that fail with a RemoteException before one answers; -1 for all of them. */
    final transient AtomicInteger prepareFailures = new AtomicInteger();
    /** Calls of commit that fail with a RemoteException before one succeeds; -1 for all of them. */
    final transient AtomicInteger commitFailures = new AtomicInteger();
    /** Calls of abort that fail with a RemoteException before one succeeds; -1 for all of them. */
    final transient AtomicInteger abortFailures = new AtomicInteger();
    /** Thrown by prepare instead of voting, when set. */
    volatile Exception prepareThrows;
    /** Thrown by commit, when set. */
    volatile Exception commitThrows;
    /** Holds prepare until counted down, when set. */
    volatile CountDownLatch prepareHangs;
    /** Run at the start of commit: a test's probe of what is durable when commit arrives. */
    volatile Runnable onCommit = () -> { };

    private Scripted(String name) {
        this.name = name;
    }

    static Scripted named(String prefix) {
        Scripted part = new Scripted(prefix + "-" + NAMES.incrementAndGet());
        LIVE.put(part.name, part);
        return part;
    }

    static Scripted voting(int vote) {
        Scripted part = named("p");
        part.vote = vote;
        return part;
    }

    @Override
    public int prepare(TransactionManager mgr, long id) throws UnknownTransactionException, RemoteException {
        calls.add("prepare " + id);
        return vote(id);
    }

    private int vote(long id) throws UnknownTransactionException, RemoteException {
        CountDownLatch hang = prepareHangs;
        if (hang != null) {
            try {
                hang.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        fail(prepareFailures, "prepare");
        Exception thrown = prepareThrows;
        if (thrown instanceof UnknownTransactionException) {
            throw (UnknownTransactionException) thrown;
        }
        if (thrown instanceof RemoteException) {
            throw (RemoteException) thrown;
        }
        if (thrown != null) {
            throw (RuntimeException) thrown;
        }
        return vote;
    }

    @Override
    public void commit(TransactionManager mgr, long id) throws UnknownTransactionException, RemoteException {
        calls.add("commit " + id);
        onCommit.run();
        fail(commitFailures, "commit");
        Exception thrown = commitThrows;
        if (thrown instanceof UnknownTransactionException) {
            throw (UnknownTransactionException) thrown;
        }
        if (thrown != null) {
            throw (RemoteException) thrown;
        }
    }

    @Override
    public void abort(TransactionManager mgr, long id) throws RemoteException {
        calls.add("abort " + id);
        fail(abortFailures, "abort");
    }

    @Override
    public int prepareAndCommit(TransactionManager mgr, long id) throws UnknownTransactionException,
            RemoteException {
        calls.add("prepareAndCommit " + id);
        int vote = vote(id);
        return vote == TransactionConstants.PREPARED ? TransactionConstants.COMMITTED : vote;
    }

    private void fail(AtomicInteger failures, String call) throws RemoteException {
        if (failures.get() == -1 || failures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new RemoteException(name + ": " + call + " failed (scripted)");
        }
    }

    static NoSuchObjectException gone() {
        return new NoSuchObjectException("participant gone (scripted)");
    }

    int count(String call) {
        return (int) calls.stream().filter(c -> c.startsWith(call + " ")).count();
    }

    private Object writeReplace() throws ObjectStreamException {
        return new Handle(name);
    }

    @Override
    public String toString() {
        return name;
    }

    /** The serialized form: the name of the live participant. */
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
