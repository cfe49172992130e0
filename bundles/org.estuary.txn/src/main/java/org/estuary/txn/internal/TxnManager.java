package org.estuary.txn.internal;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.CannotAbortException;
import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.TimeoutExpiredException;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.CrashCountException;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.core.concurrent.Waits;
import org.estuary.core.time.Clock;
import org.estuary.io.Marshaller;
import org.estuary.lease.durable.ForwardingLandlord;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.client.LandlordLease;
import org.estuary.remote.BackendRef;
import org.estuary.remote.Callers;
import org.estuary.remote.component.ServiceComponent;
import org.estuary.store.api.Store;
import org.estuary.txn.proxy.ManagerProxy;
import org.estuary.txn.proxy.NestedParticipant;
import org.estuary.txn.proxy.TxnBackend;

/**
 * The transaction manager (TX.2): the operations of clients, participants and other managers, on the state held by
 * {@link TxnState} and completed by {@link Completion}. In this JVM proxies call it directly; other JVMs reach it
 * through its export. Thread-safe: each operation holds its transaction's lock ({@link Txn#lock}) while it reads or
 * changes the transaction, and waits (for votes, for durability, for notices) without it; operations on different
 * transactions do not wait for each other.
 */
final class TxnManager extends ForwardingLandlord implements TxnBackend, ServiceComponent.Service<TxnBackend> {

    private final TxnState state;
    private final Completion completion;
    private final Recovery recovery;
    /** Who calls ({@link Callers#current}): the client whose quota a new transaction counts against. */
    private final Supplier<String> callers;

    /**
     * A manager that calls participants on {@code pool} and schedules retries and leases on {@code clock}; it serves
     * once a store is bound and {@link #start()} recovered from it.
     */
    TxnManager(Clock clock, Marshaller marshaller, Settings settings, ThreadPoolExecutor pool) {
        this(clock, marshaller, settings, pool, Callers::current);
    }

    /** With {@code callers} telling who calls (tests: clients without RMI). */
    TxnManager(Clock clock, Marshaller marshaller, Settings settings, ThreadPoolExecutor pool,
            Supplier<String> callers) {
        this.callers = callers;
        this.state = new TxnState(clock, marshaller, settings, pool);
        this.completion = new Completion(state);
        state.completion(completion);
        this.recovery = new Recovery(state, completion);
    }

    /** DS bind of the store reference (S8). */
    @Override
    public boolean bindStore(Store store) {
        return state.store.bind(store);
    }

    /** DS unbind of the store reference. */
    @Override
    public void unbindStore(Store store) {
        state.store.unbind(store);
    }

    /**
     * Recovers from the bound store: the manager's id, and every transaction past its commit point, whose
     * roll-forward resumes (TX.2.8).
     */
    @Override
    public void start() throws Exception {
        recovery.recover(this);
    }

    /** The proxy clients and participants hold. */
    @Override
    public ManagerProxy proxy() {
        return state.proxy();
    }

    /** Proxies made from now on call the manager through the exported reference, or in this JVM for null. */
    @Override
    public void useReference(BackendRef<TxnBackend> exported) {
        state.useReference(exported);
    }

    /** The manager's persistent id, the name its backend is exported under. */
    @Override
    public UUID serviceId() {
        return state.managerId();
    }

    TxnState state() {
        return state;
    }

    void close() {
        state.close();
    }

    @Override
    public TransactionManager.Created create(long leaseFor) throws LeaseDeniedException {
        checkLease(leaseFor);
        return created(state.open(null, 0, null, leaseFor, callers.get()));
    }

    @Override
    public TransactionManager.Created create(NestableTransactionManager parentMgr, long parentID, long leaseFor)
            throws UnknownTransactionException, CannotJoinException, LeaseDeniedException, RemoteException {
        Objects.requireNonNull(parentMgr, "parentMgr is null: TX.2.2 needs the parent's manager");
        checkLease(leaseFor);
        String client = callers.get();
        if (parentMgr.equals(state.proxy())) { // TX.2.2: the same manager joins the parent its own way
            Txn parent = state.require(parentID);
            synchronized (parent.lock) {
                if (parent.state != TransactionConstants.ACTIVE) {
                    throw new CannotJoinException("cannot nest in " + parent + ": only an ACTIVE transaction takes "
                            + "nested transactions (TX.2.2)");
                }
                return created(state.open(parentMgr, parentID, parent, leaseFor, client));
            }
        }
        Txn txn = state.open(parentMgr, parentID, null, leaseFor, client);
        // TX.2.2: with another manager, this one joins the parent explicitly
        NestedParticipant participant = new NestedParticipant(state.managerId(), txn.id, state.reference());
        try {
            parentMgr.join(parentID, participant, state.crashCount);
        } catch (UnknownTransactionException | CannotJoinException | RemoteException | RuntimeException e) {
            state.discard(txn);
            throw e;
        } catch (CrashCountException e) {
            state.discard(txn);
            throw new CannotJoinException("the parent's manager refused this manager's join: " + e.getMessage());
        }
        return created(txn);
    }

    /** What {@code create} returns, the id and a lease backed by this manager. */
    private TransactionManager.Created created(Txn txn) {
        return new TransactionManager.Created(txn.id, LandlordLease.create(state.reference(), state.managerId(),
                txn.id, txn.expiration, state.clock));
    }

    private static void checkLease(long leaseFor) {
        if (leaseFor <= 0 && leaseFor != net.jini.core.lease.Lease.ANY) {
            throw new IllegalArgumentException("leaseFor must be positive, Lease.FOREVER or Lease.ANY (TX.2.1): "
                    + leaseFor);
        }
    }

    @Override
    public void join(long id, TransactionParticipant part, long crashCount)
            throws UnknownTransactionException, CannotJoinException, CrashCountException {
        Objects.requireNonNull(part, "part is null: TX.2.3 joins a participant");
        Txn txn = state.require(id);
        synchronized (txn.lock) {
            state.join(txn, part, crashCount);
        }
    }

    @Override
    public int getState(long id) throws UnknownTransactionException {
        return state.require(id).state; // VOTING until the commit point is durable
    }

    @Override
    public void commit(long id) throws UnknownTransactionException, CannotCommitException, RemoteException {
        committed(id);
    }

    @Override
    public void commit(long id, long waitFor)
            throws UnknownTransactionException, CannotCommitException, TimeoutExpiredException, RemoteException {
        awaitNotified(committed(id), waitFor, true);
    }

    /** TX.2.5: commits, or waits for the commit already running; returns once it is COMMITTED. */
    private Txn committed(long id) throws UnknownTransactionException, CannotCommitException, RemoteException {
        Txn txn = state.require(id);
        List<Joined> toAsk = null;
        boolean prepareAndCommit = false;
        synchronized (txn.lock) {
            if (txn.state == TransactionConstants.ACTIVE) {
                txn.state = TransactionConstants.VOTING;
                state.leases.remove(id); // TX.2.1: the lease bounds the transaction only until commit
                for (Txn child : txn.children.isEmpty() ? List.<Txn>of() : new ArrayList<>(txn.children)) {
                    if (child.state == TransactionConstants.ACTIVE) { // never promoted: its work is dropped
                        state.abort(child, "its parent " + txn + " committed before it completed");
                    }
                }
                toAsk = new ArrayList<>(txn.parts.values());
                // TX.2.7: one participant and no other: prepareAndCommit (a nested one's PREPARED means promote)
                prepareAndCommit = toAsk.size() == 1 && !txn.nested();
            }
        }
        if (toAsk != null) {
            try {
                completion.commit(txn, toAsk, prepareAndCommit);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RemoteException("interrupted while committing " + txn + "; its outcome is decided by the "
                        + "manager: ask getState", e);
            }
            if (!txn.nested() && !txn.decided.isDone()) { // its commit point's write had an unknown outcome
                throw new RemoteException(txn + " is not decided yet: the store could not tell whether its commit "
                        + "point is durable, and the manager writes it again until it can; ask getState");
            }
        }
        int outcome = await(txn.decided, txn);
        if (outcome == TransactionConstants.ABORTED) {
            throw new CannotCommitException(txn + " aborted: " + txn.abortReason);
        }
        return txn;
    }

    @Override
    public void abort(long id) throws UnknownTransactionException, CannotAbortException, RemoteException {
        aborted(id);
    }

    @Override
    public void abort(long id, long waitFor)
            throws UnknownTransactionException, CannotAbortException, TimeoutExpiredException, RemoteException {
        awaitNotified(aborted(id), waitFor, false);
    }

    /** TX.2.5: aborts, or waits for the outcome being decided; returns once it is ABORTED. */
    private Txn aborted(long id) throws UnknownTransactionException, CannotAbortException, RemoteException {
        Txn txn = state.require(id);
        synchronized (txn.lock) {
            if (!txn.completed() && !txn.deciding) {
                state.abort(txn, "aborted by a client");
            }
        }
        if (await(txn.decided, txn) == TransactionConstants.COMMITTED) {
            throw new CannotAbortException(txn + " committed");
        }
        return txn;
    }

    @Override
    public void promote(long id, TransactionParticipant[] parts, long[] crashCounts, TransactionParticipant drop)
            throws UnknownTransactionException, CannotJoinException, CrashCountException {
        if (parts == null || crashCounts == null || parts.length != crashCounts.length) {
            throw new IllegalArgumentException("promote needs as many crash counts as participants (TX.2.7): "
                    + (parts == null ? "parts is null" : crashCounts == null ? "crashCounts is null"
                            : parts.length + " participants, " + crashCounts.length + " crash counts"));
        }
        for (TransactionParticipant part : parts) {
            Objects.requireNonNull(part, "a participant to promote is null");
        }
        Txn txn = state.require(id);
        synchronized (txn.lock) {
            state.promote(txn, parts.clone(), crashCounts.clone(), drop);
        }
    }

    @Override
    public int parentVoting(long nestedId) throws RemoteException {
        Txn txn = state.find(nestedId);
        if (txn == null) {
            return TransactionConstants.NOTCHANGED;
        }
        synchronized (txn.lock) {
            if (txn.state == TransactionConstants.ACTIVE) { // TX.2.6: complete the nested transaction first
                state.abort(txn, "its parent voted before it completed");
            }
        }
        await(txn.decided, txn);
        synchronized (txn.lock) {
            if (txn.awaitingParent) {
                txn.awaitingParent = false; // its parent decides now: it may be forgotten in due time
            }
        }
        return TransactionConstants.NOTCHANGED;
    }

    @Override
    public void parentAborted(long nestedId) {
        Txn txn = state.find(nestedId);
        if (txn == null) {
            return;
        }
        synchronized (txn.lock) {
            txn.awaitingParent = false;
            if (txn.state == TransactionConstants.COMMITTED) {
                txn.state = TransactionConstants.ABORTED; // TX.2.7: its promoted results go with the parent
                txn.abortReason = "its parent aborted";
            }
            state.abort(txn, "its parent aborted");
        }
    }

    /** The landlord of the transactions' leases (a lease id is its transaction's id): the lease table itself. */
    @Override
    protected Landlord landlord() {
        return state.leases;
    }

    /** Waits for the outcome; it is always decided within the vote's and the write's bounds. */
    private static int await(CompletableFuture<Integer> decided, Txn txn) throws RemoteException {
        if (!decided.isDone()) {
            Waits.aboutToWait();
        }
        try {
            return decided.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteException("interrupted while waiting for the outcome of " + txn, e);
        } catch (ExecutionException e) {
            throw new RemoteException("the outcome of " + txn + " failed", e.getCause());
        }
    }

    /** TX.2.5: waits up to {@code waitFor} ms until every participant heard the outcome. */
    private static void awaitNotified(Txn txn, long waitFor, boolean committed) throws TimeoutExpiredException,
            RemoteException {
        if (!txn.notified.isDone()) {
            Waits.aboutToWait();
        }
        try {
            txn.notified.get(Math.max(0, waitFor), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new TimeoutExpiredException("not every participant of " + txn + " heard the outcome within "
                    + waitFor + " ms; the manager goes on telling them", committed);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RemoteException("interrupted while waiting for the participants of " + txn, e);
        } catch (ExecutionException e) {
            throw new RemoteException("notifying the participants of " + txn + " failed", e.getCause());
        }
    }
}
