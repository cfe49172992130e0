package org.estuary.txn.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionParticipant;

/**
 * One transaction as its manager sees it (TX.2.7): its state, its participants in the order they joined, its parent
 * and the nested transactions of this manager below it. Every field is written under its {@link #lock}; the two
 * futures complete under it too, and callers wait on them without it.
 */
final class Txn {

    final long id;
    /**
     * Guards this transaction: its own object for a top-level transaction or one nested under another manager's, its
     * parent's for one nested under a transaction of this manager, so a family of this manager's transactions
     * (aborted together, promoted into one another) changes under one lock and unrelated transactions never wait
     * for each other.
     */
    final Object lock;
    /**
     * The client that created it ({@code org.estuary.remote.Callers}), whose quota it counts against while
     * unfinished; null for one created in this JVM or recovered (not counted).
     */
    final String owner;
    /** The parent's manager, or null for a top-level transaction. */
    final NestableTransactionManager parentMgr;
    final long parentId;
    /** The parent when it is a transaction of this manager; null otherwise. */
    final Txn localParent;
    /** ACTIVE, VOTING, COMMITTED or ABORTED (TX.2.7); read without the lock by {@code getState}. */
    volatile int state = TransactionConstants.ACTIVE;
    /** The commit point is queued in the store and not yet durable: the outcome is being decided. */
    boolean deciding;
    /** A commit is running its vote (only one runs; later commits wait for its outcome). */
    boolean committing;
    final Map<TransactionParticipant, Joined> parts = new LinkedHashMap<>();
    /** Nested transactions of this manager whose parent this is. */
    final List<Txn> children = new ArrayList<>();
    /** The commit record while the roll-forward runs (top-level, COMMITTED with PREPARED participants), for S8. */
    byte[] record;
    /** The lease's expiration when granted (epoch ms), for the management view once the lease is gone. */
    long expiration;
    /** Completes when the vote is over: every vote in, one ABORTED, the vote's time up, or the transaction aborted. */
    CompletableFuture<Void> voting;
    /** A committed nested transaction whose parent, held by another manager, has not yet voted or aborted. */
    boolean awaitingParent;
    /** Why it aborted, for the management view and CannotCommitException; null otherwise. */
    String abortReason;
    /** Completes with COMMITTED or ABORTED once the outcome is decided (and, when committed, durable). */
    final CompletableFuture<Integer> decided = new CompletableFuture<>();
    /** Completes once every participant that must hear the outcome has heard it. */
    final CompletableFuture<Void> notified = new CompletableFuture<>();

    /**
     * A transaction guarded by {@code lock} ({@link #familyLock}), counted against {@code owner}'s quota (null: not
     * counted).
     */
    Txn(long id, NestableTransactionManager parentMgr, long parentId, Txn localParent, Object lock, String owner) {
        this.id = id;
        this.lock = lock;
        this.owner = owner;
        this.parentMgr = parentMgr;
        this.parentId = parentId;
        this.localParent = localParent;
    }

    /**
     * A committed top-level transaction, decided (one recovered past its commit point; TX.2.8), without
     * participants yet.
     */
    static Txn committed(long id) {
        Txn txn = new Txn(id, null, 0, null, new Object(), null);
        txn.state = TransactionConstants.COMMITTED;
        txn.decided.complete(TransactionConstants.COMMITTED);
        return txn;
    }

    /**
     * A committed top-level transaction of which the manager keeps only the outcome ({@link CommittedIds}): every
     * participant heard it, so it answers as that transaction would (TX.2.5) and takes nothing more.
     */
    static Txn committedOutcome(long id) {
        Txn txn = committed(id);
        txn.notified.complete(null);
        return txn;
    }

    /** The lock a transaction nested under {@code localParent} (null: none of this manager) is guarded by. */
    static Object familyLock(Txn localParent) {
        return localParent != null ? localParent.lock : new Object();
    }

    boolean nested() {
        return parentMgr != null;
    }

    boolean completed() {
        return state == TransactionConstants.COMMITTED || state == TransactionConstants.ABORTED;
    }

    /** The participants that must hear a commit: those that voted PREPARED and have not answered. */
    List<Joined> pendingCommit() {
        List<Joined> pending = new ArrayList<>();
        for (Joined joined : parts.values()) {
            if (joined.vote == TransactionConstants.PREPARED && !joined.done) {
                pending.add(joined);
            }
        }
        return pending;
    }

    @Override
    public String toString() {
        return "transaction " + Long.toUnsignedString(id) + " (" + TxnStates.name(state) + ")";
    }
}
