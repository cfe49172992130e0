package org.estuary.txn.internal;

import java.io.IOException;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.core.concurrent.SlowCalls;
import org.estuary.core.concurrent.Waits;
import org.estuary.core.failure.Failure;
import org.estuary.core.time.Clock;
import org.estuary.management.ServiceMetrics;
import org.estuary.store.api.StoreException;

/**
 * Completes transactions (TX.2.7): the vote, in parallel on the participant threads and bounded by {@code vote.ms};
 * the commit point, durable through the write path before any participant hears {@code commit}; the promotion of a
 * nested transaction's participants into its parent; the roll-forward, retried until every PREPARED participant has
 * answered; and the abort notices. Calls to participants never hold the state's lock; failures are judged by
 * {@link Failure#of}: a definite one ends the call, an indefinite one is retried with back-off.
 */
final class Completion {

    private static final System.Logger LOG = System.getLogger(Completion.class.getName());

    private final TxnState state;
    private final Clock clock;
    private final Settings settings;
    /** The votes still out once the committing thread has asked its participants, by their vote.ms deadline. */
    private final DeadlineQueue<Votes> voteDeadlines;
    /** Calls made in turn (votes, roll-forwards), by the time those not started go to the participant threads. */
    private final DeadlineQueue<InTurn> handOffs;
    private final CommitPoints commitPoints;

    Completion(TxnState state) {
        this.state = state;
        this.clock = state.clock;
        this.settings = state.settings;
        this.voteDeadlines = new DeadlineQueue<>(clock, Votes::timeUp);
        this.handOffs = new DeadlineQueue<>(clock, InTurn::handOff);
        this.commitPoints = new CommitPoints(state);
    }

    /**
     * Runs the commit of {@code txn}, which the caller moved to VOTING, in the calling thread: asks {@code toAsk}
     * to vote, then decides. Returns once the outcome is decided (and, if committed, durable).
     */
    void commit(Txn txn, List<Joined> toAsk, boolean prepareAndCommit) throws InterruptedException {
        if (!toAsk.isEmpty()) {
            ServiceMetrics.Timing timing = state.metrics.votes.time();
            try {
                vote(txn, toAsk, prepareAndCommit);
            } finally {
                timing.stop();
            }
        }
        decide(txn);
    }

    /**
     * TX.2.7: the committing thread asks the participants one after another, which in-process participants answer
     * without a hand-off between threads; one that has not answered within {@link InTurn#HAND_OFF_MILLIS} has the others
     * asked in parallel on the participant threads (so prepares are parallel as soon as one is slow), and from then
     * on {@code vote.ms} bounds the vote even while that participant holds the committing thread: at its end the
     * transaction aborts without it.
     */
    private void vote(Txn txn, List<Joined> toAsk, boolean prepareAndCommit) throws InterruptedException {
        Votes votes = new Votes(txn, toAsk.size(), clock.deadlineAfterMillis(settings.voteMillis()));
        synchronized (txn.lock) {
            txn.voting = votes.over;
            if (txn.completed()) {
                return; // aborted between the start of the commit and here
            }
        }
        if (toAsk.size() == 1) {
            ask(txn, toAsk.get(0), prepareAndCommit, votes, votes.deadline, false); // no one to hand on to
        } else {
            new InTurn(votes.calls(toAsk, prepareAndCommit), state::dispatch, votes::armDeadline)
                    .run(false, handOffs, clock.deadlineAfterMillis(InTurn.HAND_OFF_MILLIS));
        }
        votes.armDeadline(); // vote.ms bounds the votes still out (asked on the participant threads, or retried)
        try {
            votes.over.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        } finally {
            votes.disarm();
        }
    }

    /**
     * One vote (TX.2.7): asked now, retried after an indefinite failure while the vote's time lasts; {@code pooled}
     * if asked on the participant threads.
     */
    private void ask(Txn txn, Joined joined, boolean prepareAndCommit, Votes votes, long deadline, boolean pooled) {
        if (votes.over.isDone()) {
            return;
        }
        TransactionParticipant part = joined.participant;
        try (SlowCalls.Call watched = watch(pooled, () -> "participant " + part + " (prepare of " + txn + ")")) {
            int vote = prepareAndCommit ? part.prepareAndCommit(state.proxy(), txn.id)
                    : part.prepare(state.proxy(), txn.id);
            votes.record(joined, vote, null);
        } catch (UnknownTransactionException e) {
            votes.record(joined, TransactionConstants.ABORTED, e); // TX.2.7: it lost the transaction
        } catch (Throwable e) {
            if (Failure.of(e).isDefinite()) {
                votes.record(joined, TransactionConstants.ABORTED, e); // NoSuchObjectException, its own exception
                return;
            }
            int failures = failed(txn, joined, e);
            long delay = settings.backoff(failures);
            if (clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay) - deadline >= 0) {
                votes.record(joined, TransactionConstants.ABORTED, e); // no retry left within vote.ms
            } else {
                state.later("prepare of " + joined.participant, () -> ask(txn, joined, prepareAndCommit, votes, deadline, true),
                        delay);
            }
        }
    }

    /** The outcome, once the vote is over (TX.2.7). */
    private void decide(Txn txn) throws InterruptedException {
        List<Joined> prepared;
        synchronized (txn.lock) {
            if (txn.completed()) {
                return;
            }
            String reason = abortReason(txn);
            if (reason != null) {
                state.abort(txn, reason);
                return;
            }
            prepared = txn.pendingCommit();
            if (prepared.isEmpty()) {
                state.committed(txn); // TX.2.7: nothing to roll forward, no commit point
                return;
            }
        }
        if (txn.nested()) {
            promote(txn, prepared);
        } else {
            commitPoint(txn, prepared, 1);
        }
    }

    /** Under the transaction's lock, once its vote is over: why it aborts (a vote ABORTED, or missing), or null. */
    private String abortReason(Txn txn) {
        for (Joined joined : txn.parts.values()) {
            if (joined.vote == TransactionConstants.ABORTED) {
                return "participant " + joined.participant + " voted ABORTED" + cause(joined.lastFailure);
            }
        }
        for (Joined joined : txn.parts.values()) {
            if (joined.vote == Joined.NOT_VOTED) {
                return "participant " + joined.participant + " did not vote within vote.ms ("
                        + settings.voteMillis() + " ms)" + cause(joined.lastFailure);
            }
        }
        return null;
    }

    /**
     * TX.2.8: the commit point, durable before any participant hears {@code commit}; written in a group with the
     * commit points of concurrent commits ({@link CommitPoints}). A write whose outcome the store cannot tell (S1: it
     * may still become durable) decides nothing: neither the client nor any participant has heard an outcome, so the
     * same record is written again, with back-off, until the store acknowledges one; only a write that certainly
     * failed aborts the transaction. The record is marshalled without a lock.
     */
    private void commitPoint(Txn txn, List<Joined> prepared, int attempt) {
        ServiceMetrics.Timing timing = state.metrics.commitPoints.time();
        try {
            byte[] record;
            try {
                record = state.records.commitRecord(prepared);
            } catch (IOException e) {
                synchronized (txn.lock) {
                    state.abort(txn, e.getMessage());
                }
                return;
            }
            rollForward(txn, commitPoints.write(txn, record)); // without a lock
        } catch (StoreException e) {
            if (e.outcomeUnknown()) {
                LOG.log(System.Logger.Level.WARNING, "the commit point of " + txn + " may or may not be durable ("
                        + e.getMessage() + "); writing it again (attempt " + (attempt + 1) + ")");
                state.later("commit point of " + txn, () -> commitPoint(txn, prepared, attempt + 1),
                        settings.backoff(attempt));
            } // else it was aborted
        } finally {
            timing.stop();
        }
    }

    /**
     * TX.2.7: a nested transaction ready to roll forward promotes its PREPARED participants into its parent, all or
     * none: under the family's lock for a parent of this manager, through {@code promote} for another manager's.
     */
    private void promote(Txn txn, List<Joined> prepared) throws InterruptedException {
        TransactionParticipant[] parts = new TransactionParticipant[prepared.size()];
        long[] crashCounts = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = prepared.get(i).participant;
            crashCounts[i] = prepared.get(i).crashCount;
        }
        if (txn.localParent != null) {
            synchronized (txn.lock) { // the parent's too
                if (txn.completed()) {
                    return;
                }
                try {
                    state.promote(txn.localParent, parts, crashCounts, null);
                    state.committed(txn); // nested: its participants are its parent's now
                } catch (Exception e) {
                    state.abort(txn, "its participants could not be promoted into its parent: " + e.getMessage());
                }
            }
            return;
        }
        NestableTransactionManager parentMgr = txn.parentMgr;
        long deadline = clock.deadlineAfterMillis(settings.voteMillis());
        CompletableFuture<Throwable> promoted = new CompletableFuture<>();
        promoteRemote(parentMgr, txn, parts, crashCounts, 0, deadline, promoted, false);
        Throwable failure;
        try {
            failure = promoted.get();
        } catch (ExecutionException e) {
            failure = e.getCause();
        }
        synchronized (txn.lock) {
            if (failure == null) {
                state.committed(txn); // nested: its participants are its parent's now
            } else {
                state.abort(txn, "its participants could not be promoted into parent "
                        + Records.key(txn.parentId) + " of " + parentMgr + ": " + failure);
            }
        }
    }

    private void promoteRemote(NestableTransactionManager parentMgr, Txn txn, TransactionParticipant[] parts,
            long[] crashCounts, int failures, long deadline, CompletableFuture<Throwable> promoted, boolean pooled) {
        try (SlowCalls.Call watched = watch(pooled,
                () -> "parent manager " + parentMgr + " (promote of " + txn + ")")) {
            parentMgr.promote(txn.parentId, parts, crashCounts, null); // stays joined: hears the parent's abort
            promoted.complete(null);
        } catch (Throwable e) {
            long delay = settings.backoff(failures + 1);
            if (Failure.of(e).isDefinite()
                    || clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay) - deadline >= 0) {
                promoted.complete(e);
            } else {
                state.later("promote into " + parentMgr, () -> promoteRemote(parentMgr, txn, parts, crashCounts, failures + 1, deadline,
                        promoted, true), delay);
            }
        }
    }

    /** A watch on a call made on the participant threads; none (null) for one made in the committing thread. */
    private SlowCalls.Call watch(boolean pooled, Supplier<String> what) {
        if (!pooled) {
            Waits.aboutToWait(); // the committing thread calls another process: its transport reads on meanwhile
        }
        return pooled ? state.watch(what.get()) : null; // named only when watched: the committing thread's is not
    }

    /**
     * TX.2.7: the committing thread tells the PREPARED participants {@code toTell} to roll forward, one after another
     * as it asked them to vote, so in-process participants hear it without a hand-off between threads and a client
     * never commits faster than its transactions roll forward; once one has not answered within
     * {@link InTurn#HAND_OFF_MILLIS}, the others are told in parallel on the participant threads. Each is told until it
     * answered; UnknownTransactionException counts as an answer.
     */
    private void rollForward(Txn txn, List<Joined> toTell) {
        if (!toTell.isEmpty()) {
            rollForwardInTurn(txn, toTell).run(false, handOffs, clock.deadlineAfterMillis(InTurn.HAND_OFF_MILLIS));
        }
    }

    /** TX.2.8: recovery's roll-forward of {@code txn}, in turn on the participant threads. */
    void resumeRollForward(Txn txn, List<Joined> toTell) {
        if (!toTell.isEmpty()) {
            InTurn inTurn = rollForwardInTurn(txn, toTell);
            state.dispatch(() -> inTurn.run(true, handOffs, clock.deadlineAfterMillis(InTurn.HAND_OFF_MILLIS)));
        }
    }

    private InTurn rollForwardInTurn(Txn txn, List<Joined> toTell) {
        List<InTurn.Call> calls = new ArrayList<>(toTell.size());
        for (Joined joined : toTell) {
            calls.add(pooled -> commit(txn, joined, pooled));
        }
        return new InTurn(calls, state::dispatch, null);
    }

    /**
     * One participant's roll-forward ({@code pooled}: on the participant threads); retried with back-off on the
     * participant threads until it answered.
     */
    private void commit(Txn txn, Joined joined, boolean pooled) {
        try (SlowCalls.Call watched = watch(pooled, () -> "participant " + joined.participant + " (commit of " + txn
                + ")")) {
            joined.participant.commit(state.proxy(), txn.id);
        } catch (UnknownTransactionException e) {
            // TX.2.7: it rolled forward already
        } catch (Throwable e) {
            int failures = failed(txn, joined, e);
            if (failures == 1 || failures % 10 == 0) {
                LOG.log(System.Logger.Level.WARNING, txn + " is committed, but participant " + joined.participant
                        + " has not rolled forward yet (" + failures + " attempts); retrying: " + e);
            }
            state.later("commit of " + joined.participant, () -> commit(txn, joined, true), settings.backoff(failures));
            return;
        }
        state.heard(txn, joined);
    }

    /** TX.2.7: tells a participant of an aborted transaction, retrying indefinite failures until {@code deadline}. */
    void abortNotice(Txn txn, Joined joined, long deadline) {
        state.dispatch(() -> {
            try (SlowCalls.Call watched = state.watch("participant " + joined.participant + " (abort of " + txn
                    + ")")) {
                joined.participant.abort(state.proxy(), txn.id);
            } catch (UnknownTransactionException e) {
                // it has forgotten the transaction: nothing left to roll back
            } catch (Throwable e) {
                long delay = settings.backoff(failed(txn, joined, e));
                if (!Failure.of(e).isDefinite()
                        && clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay) - deadline < 0) {
                    state.later("abort of " + joined.participant, () -> abortNotice(txn, joined, deadline), delay);
                } else {
                    LOG.log(System.Logger.Level.INFO, "participant " + joined.participant + " of aborted " + txn
                            + " was not told (it aborts on its own through getState, TX.2.6): " + e);
                }
                return;
            }
            state.heard(txn, joined);
        });
    }

    /** A call to {@code joined} failed: counts it and keeps the failure for the view; the failures in a row. */
    private int failed(Txn txn, Joined joined, Throwable failure) {
        synchronized (txn.lock) {
            joined.lastFailure = failure;
            return ++joined.failures;
        }
    }

    private static String cause(Throwable failure) {
        return failure == null ? "" : " (" + failure + ")";
    }

    /** The votes of one commit; complete when all are in, one is ABORTED, the time is up or the commit aborted. */
    private final class Votes {
        final CompletableFuture<Void> over = new CompletableFuture<>();
        private final Txn txn;
        /** The end of vote.ms (the clock's nanoTime). */
        final long deadline;
        /** Votes not in yet; under the transaction's lock. */
        private int missing;
        /** Whether vote.ms is watched (under the transaction's lock), and its entry once it is. */
        private boolean armed;
        private volatile DeadlineQueue.Entry<Votes> deadlineEntry;
        Votes(Txn txn, int missing, long deadline) {
            this.txn = txn;
            this.deadline = deadline;
            this.missing = missing;
        }

        /** The calls that ask {@code toAsk} for these votes. */
        List<InTurn.Call> calls(List<Joined> toAsk, boolean prepareAndCommit) {
            List<InTurn.Call> calls = new ArrayList<>(toAsk.size());
            for (Joined joined : toAsk) {
                calls.add(pooled -> ask(txn, joined, prepareAndCommit, this, deadline, pooled));
            }
            return calls;
        }

        /** Watches vote.ms for the votes still out, once (the committing thread or a hand-off). */
        void armDeadline() {
            synchronized (txn.lock) {
                if (armed || over.isDone()) {
                    return; // a vote over by now (quick participants) needs no deadline
                }
                armed = true;
            }
            if (deadline - clock.nanoTime() <= 0) {
                timeUp(); // passed already: a participant asked in the committing thread took that long
            } else {
                deadlineEntry = voteDeadlines.add(this, deadline);
            }
        }

        /** The vote is over: its deadline need not be watched. */
        void disarm() {
            DeadlineQueue.Entry<Votes> entry = deadlineEntry;
            if (entry != null) {
                voteDeadlines.cancel(entry);
            }
        }

        void record(Joined joined, int vote, Throwable failure) {
            synchronized (txn.lock) {
                if (over.isDone() || joined.vote != Joined.NOT_VOTED) {
                    return;
                }
                joined.lastFailure = failure;
                joined.failures = 0;
                joined.vote = switch (vote) {
                    case TransactionConstants.PREPARED, TransactionConstants.NOTCHANGED,
                            TransactionConstants.ABORTED -> vote;
                    case TransactionConstants.COMMITTED -> {
                        joined.done = true; // prepareAndCommit: rolled forward already
                        yield TransactionConstants.COMMITTED;
                    }
                    default -> {
                        joined.lastFailure = new RemoteException("not a vote: " + vote);
                        yield TransactionConstants.ABORTED;
                    }
                };
                if (joined.vote == TransactionConstants.ABORTED || --missing == 0) {
                    over.complete(null);
                }
            }
        }

        /**
         * vote.ms is over with votes missing: the transaction aborts here, also while a participant still holds the
         * committing thread (TX.2.7: a participant that does not vote in time votes no).
         */
        void timeUp() {
            synchronized (txn.lock) {
                if (over.isDone()) {
                    return;
                }
                over.complete(null);
                String reason = abortReason(txn);
                if (reason != null && !txn.completed()) {
                    state.abort(txn, reason);
                }
            }
        }

        @Override
        public String toString() {
            return "votes of " + txn;
        }
    }
}
