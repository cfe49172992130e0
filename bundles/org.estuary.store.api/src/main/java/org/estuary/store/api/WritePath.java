package org.estuary.store.api;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.estuary.core.concurrent.LaterAnswers;
import org.estuary.core.concurrent.Waits;
import org.estuary.io.RateLimitedLog;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A service's durable write path, shared by every Estuary service: <em>queue the batch under the lock, wait for
 * durability outside it, show the effect once acknowledged</em>.
 *
 * <p>An operation {@linkplain #run runs} in three steps. Under the owner's lock it decides ({@link Decide}): it checks
 * its input against the state, changes what later decisions must see, and returns a {@link Change} with the batch
 * that records it; the batch is queued in the store at once ({@link Store#apply}), so batches reach the store in the
 * order the service decided them (S2). Without the lock it waits for the acknowledgement (S3), so concurrent
 * operations share the store's group commit instead of taking turns at it. Under the lock again it finishes: once
 * durable, {@link Change#acknowledged} shows the effect and gives the answer; when the batch failed,
 * {@link Change#failed} takes back what was decided. A store that acknowledges inside {@code apply} (memory) is
 * finished under the same hold of the lock. A change that writes nothing (a refusal, a read) still answers only once
 * the last batch queued before it has been acknowledged (or has failed, and is undone by its own operation), so an
 * answer never shows what a crash could take back.
 *
 * <p>Changes of one object decided in a row may be acknowledged to their waiting threads in any order: a
 * {@link Ticket} per object keeps an older, slower one from overwriting a newer one when it is shown.
 *
 * <p>A waiting thread that takes the lock to finish its change also finishes every other change whose batch has
 * been answered meanwhile (a group commit answers many at once), so the callers of one group take the lock about
 * once between them rather than once each; a caller whose change was finished so returns its outcome without the
 * lock. {@link Change#acknowledged} and {@link Change#failed} may therefore run in another caller's thread, always
 * under the lock.
 *
 * <p>A client's call that ends with the operation ({@link #reply}) need not wait in a thread at all: over a
 * transport that sends answers later ({@link LaterAnswers}), the batch is released to the store
 * ({@link Submission#release}), and once it is acknowledged a thread of the transport finishes the change and
 * computes the answer.
 *
 * <p>{@link #run} and {@link #submitInBackground} take the owner's lock (the one {@link BoundStore} was given), so a switch to a new store (S8) copies the state before
 * or after each batch, never between its decision and its queueing.
 */
@ProviderType
public final class WritePath {

    /** Decides an operation under the owner's lock. */
    @FunctionalInterface
    public interface Decide<T, X extends Exception> {
        /**
         * Checks the input against the state and changes what later decisions must see; called with the owner's
         * lock held.
         *
         * @throws X to refuse the operation; nothing is written, and nothing must have been changed
         */
        Change<T> decide() throws X;
    }

    /** A decided operation: the batch that records it and how it finishes. */
    public interface Change<T> {
        /** The records of the change; null when it writes nothing. */
        Batch batch();

        /** Under the owner's lock, once the batch is durable: shows the effect; returns the operation's answer. */
        T acknowledged();

        /**
         * Under the owner's lock, when the batch failed or its acknowledgement did not come in time: takes back what
         * {@link Decide#decide} changed, unless a later change of the same object builds on it.
         */
        default void failed(StoreException cause) {
        }

        /** A change that writes nothing and answers {@code answer}. */
        static <T> Change<T> answer(T answer) {
            return new Change<>() {
                @Override
                public Batch batch() {
                    return null;
                }

                @Override
                public T acknowledged() {
                    return answer;
                }
            };
        }
    }

    /** The order of the changes of one object, guarded by the owner's lock. */
    public static final class Ticket {
        private long decided;
        private long shown;

        /** Under the lock, when a change of the object is decided: its ticket. */
        public long decide() {
            return ++decided;
        }

        /**
         * Under the lock, once the change with {@code ticket} is durable: whether to show it, i.e. no later change of
         * the object has been shown already.
         */
        public boolean show(long ticket) {
            if (ticket <= shown) {
                return false;
            }
            shown = ticket;
            return true;
        }

        /** Under the lock, when the change with {@code ticket} failed: whether it may be undone (none decided since). */
        public boolean latest(long ticket) {
            return ticket == decided;
        }
    }

    private static final System.Logger LOG = System.getLogger(WritePath.class.getName());
    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final String owner;
    private final Object lock;
    private final BoundStore store;
    private final long timeoutMillis;
    /** The records refused for their size (S9): a client provokes them at will. */
    private final RateLimitedLog refusals = new RateLimitedLog(LOG);
    /** The stage of the last batch {@link #run} queued; guarded by lock. */
    private CompletableFuture<Void> last = DONE;
    /** The changes whose callers wait without the lock, in the order decided; guarded by lock. */
    private final ArrayDeque<Waiting<?>> waiting = new ArrayDeque<>();

    /** A change decided: what it waits for and, once finished, its outcome. */
    private static final class Waiting<T> {
        final Change<T> change;
        /** Its batch's stage; for a change that writes nothing, the stage of the batch queued before it. */
        final CompletableFuture<Void> stage;
        /** Its batch as queued; null for a change that writes nothing. */
        final Submission submission;
        // Guarded by lock until finished is set, then read by the change's caller:
        T answer;
        StoreException failure;
        Throwable thrown;
        volatile boolean finished;

        Waiting(Change<T> change, CompletableFuture<Void> stage, Submission submission) {
            this.change = change;
            this.stage = stage;
            this.submission = submission;
        }

        boolean writes() {
            return submission != null;
        }

        /** Under the lock: acknowledges the change ({@code failure} null) or fails it, and keeps the outcome. */
        void finish(StoreException failure) {
            try {
                if (failure != null) {
                    this.failure = failure;
                    change.failed(failure);
                } else {
                    answer = change.acknowledged();
                }
            } catch (RuntimeException | Error e) {
                thrown = e;
            } finally {
                finished = true;
            }
        }

        /** Once finished: the answer, or what finishing it threw. */
        T outcome() throws StoreException {
            if (thrown instanceof RuntimeException) {
                throw (RuntimeException) thrown;
            }
            if (thrown != null) {
                throw (Error) thrown;
            }
            if (failure != null) {
                throw failure;
            }
            return answer;
        }
    }

    /**
     * @param owner names the service in messages ("lease renewal service")
     * @param lock the owner's lock, the one its {@code store} was given
     * @param store where the batches go
     * @param timeoutMillis how long an operation waits for its acknowledgement
     */
    public WritePath(String owner, Object lock, BoundStore store, long timeoutMillis) {
        this.owner = Objects.requireNonNull(owner, "owner");
        this.lock = Objects.requireNonNull(lock, "lock");
        this.store = Objects.requireNonNull(store, "store");
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive: " + timeoutMillis);
        }
        this.timeoutMillis = timeoutMillis;
    }

    /**
     * Decides, records and finishes one operation (see the class comment).
     *
     * @throws X if {@code decide} refused the operation
     * @throws IllegalArgumentException if the batch holds a record larger than {@link Store#MAX_VALUE_BYTES}
     *     (Store S9): the change has been {@linkplain Change#failed failed} and nothing was written
     * @throws StoreException if the batch (or, for a change that writes nothing, the last one queued before it) was
     *     not acknowledged: its reason and {@link StoreException#outcomeUnknown()} say whether to retry; the change
     *     has been {@linkplain Change#failed failed}
     * @throws InterruptedException if interrupted while waiting (the change has been failed; its batch may still
     *     become durable)
     */
    public <T, X extends Exception> T run(Decide<T, X> decide) throws X, StoreException, InterruptedException {
        Waiting<T> mine = enter(decide);
        if (mine.finished) {
            return mine.outcome();
        }
        // The wait for the store: the transport serving this call (if any) reads its connection's next calls
        // meanwhile in another thread.
        Waits.aboutToWait();
        StoreException failure = null;
        try {
            if (mine.writes()) {
                mine.submission.await(timeoutMillis, TimeUnit.MILLISECONDS); // the store may write and sync it here
            } else {
                awaitAnswered(mine.stage);
            }
        } catch (StoreException e) {
            failure = e;
        } catch (InterruptedException e) {
            synchronized (lock) {
                if (!mine.finished) {
                    waiting.remove(mine);
                    mine.change.failed(new StoreException(StoreException.Reason.UNAVAILABLE, "interrupted while the "
                            + owner + " waited for its store; the change may still become durable", e, true));
                    throw e;
                }
            }
            Thread.currentThread().interrupt(); // finished by another caller meanwhile: its outcome stands
            return mine.outcome();
        }
        settle(mine, failure);
        return mine.outcome();
    }

    /**
     * {@link #call}, for a client's call that ends with this operation and answers its answer as is: when the
     * transport running the call sends answers later ({@link LaterAnswers}), the calling thread does not wait for
     * the store. Once the batch is acknowledged (or failed, or not acknowledged within the timeout) the transport
     * finishes the change and sends the answer or what the client would have got instead; this returns
     * {@code unsent} at once, which the caller returns as the call's result and the transport ignores. Otherwise (a
     * caller in this process, a transport that answers only on return) it is {@link #call}, and {@code unsent} is
     * not used.
     *
     * @param unsent what the caller returns meanwhile; for a method returning a primitive, a value of that type
     * @throws X if {@code decide} refused the operation
     * @throws RemoteException as {@link #call}, when the store answered before this returns
     */
    public <T, X extends Exception> T reply(Decide<T, X> decide, T unsent) throws X, java.rmi.RemoteException {
        return reply(decide, answer -> answer, unsent);
    }

    /**
     * {@link #reply}, with {@code then} turning the acknowledged answer into the call's, without the owner's lock
     * (what the service does before its client hears: queue the events the change caused, wrap the answer in a
     * proxy). It runs in the caller's thread, or, for an answer sent later, in the transport's thread that computes
     * it.
     *
     * @throws X if {@code decide} refused the operation
     * @throws RemoteException as {@link #call}, or as {@code then} throws it, when answered before this returns
     */
    public <T, R, X extends Exception> R reply(Decide<T, X> decide, Then<T, R> then, R unsent)
            throws X, java.rmi.RemoteException {
        Objects.requireNonNull(then, "then");
        if (!LaterAnswers.possible()) {
            return then.apply(call(decide));
        }
        Waiting<T> mine;
        try {
            mine = enter(decide);
            if (mine.finished) {
                return then.apply(mine.outcome());
            }
        } catch (StoreException e) {
            throw StoreFailures.toClient(owner, e);
        } catch (InterruptedException e) {
            throw StoreFailures.interrupted(owner, e);
        }
        CompletableFuture<Void> acknowledged = (mine.writes() ? mine.submission.release().toCompletableFuture()
                : mine.stage).copy().orTimeout(timeoutMillis, TimeUnit.MILLISECONDS);
        // finished in the transport's thread once acknowledged: the store's thread, which completes the stage, must
        // not wait for the owner's lock (a caller holding it may wait for that very thread)
        LaterAnswers.claim(acknowledged, () -> {
            settle(mine, mine.writes() ? failureOf(acknowledged) : null);
            try {
                return then.apply(mine.outcome());
            } catch (StoreException failed) {
                throw StoreFailures.toClient(owner, failed);
            }
        });
        return unsent;
    }

    /** What a client's call makes of its operation's answer once it is acknowledged, without the owner's lock. */
    @FunctionalInterface
    public interface Then<T, R> {
        R apply(T answer) throws java.rmi.RemoteException;
    }

    /**
     * Under the lock: decides the operation and queues its batch; the change, finished already when the store
     * answered at once (memory, or nothing in flight), else among the {@link #waiting} ones.
     */
    private <T, X extends Exception> Waiting<T> enter(Decide<T, X> decide) throws X, InterruptedException {
        Change<T> change = null;
        CompletableFuture<Void> before = null;
        try {
            synchronized (lock) {
                before = last;
                change = decide.decide();
                Batch batch = change.batch();
                refuseOversized(batch, change);
                Submission submission = null;
                if (batch != null) {
                    submission = queue(batch);
                    last = submission.stage().toCompletableFuture();
                }
                Waiting<T> mine = new Waiting<>(change, batch == null ? before : last, submission);
                if (mine.stage.isDone()) { // no second turn at the lock
                    // Still awaited, at once: a store may count on its waiters (the RocksDB store's callers lead its
                    // WAL sync).
                    mine.finish(submission == null ? null : awaitDone(submission, change));
                } else {
                    waiting.add(mine);
                }
                return mine;
            }
        } catch (Exception refusal) {
            if (change == null && before != null) {
                awaitAnswered(before); // a refusal, too, may rest on a change not yet durable: it answers once that has
            }
            throw refusal;
        }
    }

    /**
     * Once {@code mine}'s stage completed or its wait ended: finishes it, with every other change answered meanwhile,
     * unless another caller did already; {@code failure} is what its wait ended with (null if acknowledged).
     */
    private void settle(Waiting<?> mine, StoreException failure) {
        if (mine.finished) {
            return;
        }
        synchronized (lock) {
            finishAnswered();
            if (!mine.finished) { // not answered in time
                waiting.remove(mine);
                mine.finish(failure);
            }
        }
    }

    /** Why an acknowledgement did not come: the store's failure, or the timeout of one awaited without a thread. */
    private StoreException failure(Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        if (cause instanceof TimeoutException) {
            return new StoreException(StoreException.Reason.UNAVAILABLE, "the " + owner + "'s store did not "
                    + "acknowledge a batch within " + timeoutMillis + " ms; it may still become durable", cause, true);
        }
        return StoreException.from(e);
    }

    /**
     * Under the lock: finishes every waiting change whose batch has been answered (a change that writes nothing, once
     * the batch before it has been answered either way), in the order decided, for callers still on their way to
     * the lock.
     */
    private void finishAnswered() {
        for (Iterator<Waiting<?>> it = waiting.iterator(); it.hasNext();) {
            Waiting<?> next = it.next();
            if (next.stage.isDone()) {
                it.remove();
                next.finish(next.writes() ? failureOf(next.stage) : null);
            }
        }
    }

    /** The failure a completed stage carries (its timeout among them), or null if it succeeded. */
    private StoreException failureOf(CompletableFuture<Void> stage) {
        try {
            stage.getNow(null);
            return null;
        } catch (CompletionException | CancellationException e) {
            return failure(e);
        }
    }

    /**
     * {@link #run} for a client's call: a store failure becomes what the client sees ({@link StoreFailures}).
     *
     * @throws X if {@code decide} refused the operation
     * @throws RemoteException indefinite when the store may recover (a retryable reason, an unknown outcome, an
     *     interrupt), else a {@link java.rmi.ServerException} whose detail is the {@link StoreException}
     */
    public <T, X extends Exception> T call(Decide<T, X> decide) throws X, java.rmi.RemoteException {
        try {
            return run(decide);
        } catch (StoreException e) {
            throw StoreFailures.toClient(owner, e);
        } catch (InterruptedException e) {
            throw StoreFailures.interrupted(owner, e);
        }
    }

    /**
     * Waits at most the timeout, without the lock, until the stage of the last batch queued before a change that
     * writes nothing has been answered, either way (a failed one is undone by its own operation, which the answer
     * then does not need).
     */
    private void awaitAnswered(CompletableFuture<Void> before) throws InterruptedException {
        if (!before.isDone()) {
            Waits.aboutToWait();
        }
        try {
            before.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // answered with a failure, or not in time: the change that wrote it is finished by its own operation
        }
    }

    /**
     * Queues {@code batch} and does not wait: {@code onDurable} runs once it is acknowledged, in whichever thread the
     * store acknowledges in, so it must not take the owner's lock (it publishes). A failure is logged: the effect
     * stays in the service's memory and reaches the store with the next change of the same records or with the copy
     * into a new store (S8). Without a usable store the batch is dropped, likewise.
     */
    public void submitInBackground(Batch batch, Runnable onDurable) {
        Objects.requireNonNull(onDurable, "onDurable");
        Store current;
        synchronized (lock) {
            try {
                current = store.current();
            } catch (StoreException e) {
                LOG.log(System.Logger.Level.DEBUG, "no usable store; a background write of the " + owner
                        + " stays in memory: " + e.getMessage());
                return;
            }
            current.apply(batch).whenComplete((ok, failure) -> {
                if (failure == null) {
                    onDurable.run();
                } else {
                    LOG.log(System.Logger.Level.WARNING, "the " + owner + "'s store failed a background write (it is "
                            + "recorded with the next change or the next store): " + failure.getMessage());
                }
            });
        }
    }

    /**
     * Store S9: a record whose value is larger than {@link Store#MAX_VALUE_BYTES} is refused before it reaches the
     * store, whichever store is bound: the change is failed (undone) and its caller gets an
     * {@link IllegalArgumentException} naming the record and the limit, also logged (a WARN line a second at most).
     * Nothing is written.
     */
    private <T> void refuseOversized(Batch batch, Change<T> change) {
        if (batch == null) {
            return;
        }
        for (Operation op : batch.operations()) {
            if (op.kind() == Operation.Kind.PUT && op.valueLength() > Store.MAX_VALUE_BYTES) {
                String message = "the " + owner + " refused a record of " + op.valueLength() + " bytes ("
                        + op.space() + "), above the " + Store.MAX_VALUE_BYTES + " bytes a record may take in "
                        + "any store (Store.MAX_VALUE_BYTES, a fixed limit); send a smaller handback, lease, "
                        + "listener or event";
                change.failed(new StoreException(StoreException.Reason.TOO_LARGE, message));
                refusals.warn(message);
                throw new IllegalArgumentException(message);
            }
        }
    }

    private Submission queue(Batch batch) {
        try {
            return store.current().submit(batch);
        } catch (StoreException e) {
            CompletableFuture<Void> failed = CompletableFuture.failedFuture(e);
            return new Submission() {
                @Override
                public CompletableFuture<Void> stage() {
                    return failed;
                }

                @Override
                public void await(long timeout, TimeUnit unit) throws StoreException {
                    throw e;
                }
            };
        }
    }

    /** Under the lock: awaits a submission whose stage is complete; the failure it completed with, or null. */
    private <T> StoreException awaitDone(Submission submission, Change<T> change) throws InterruptedException {
        try {
            submission.await(timeoutMillis, TimeUnit.MILLISECONDS);
            return null;
        } catch (StoreException e) {
            return e;
        } catch (InterruptedException e) {
            change.failed(new StoreException(StoreException.Reason.UNAVAILABLE, "interrupted while the " + owner
                    + " waited for its store; the change may still become durable", e, true));
            throw e;
        }
    }
}
