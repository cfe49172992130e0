package org.estuary.txn.internal;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.CrashCountException;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.core.concurrent.BoundedCount;
import org.estuary.core.concurrent.SlowCalls;
import org.estuary.core.time.Clock;
import org.estuary.core.time.Times;
import org.estuary.io.Marshaller;
import org.estuary.io.RateLimitedLog;
import org.estuary.lease.LeaseGrant;
import org.estuary.lease.LeaseListener;
import org.estuary.lease.LeaseTable;
import org.estuary.lease.durable.WallClockWatch;
import org.estuary.remote.BackendRef;
import org.estuary.remote.Callers;
import org.estuary.remote.component.ServiceIdentity;
import org.estuary.store.api.Batch;
import org.estuary.store.api.BoundStore;
import org.estuary.store.api.ServiceIdRecord;
import org.estuary.store.api.WritePath;
import org.estuary.txn.proxy.ManagerProxy;
import org.estuary.txn.proxy.TxnBackend;

/**
 * The manager's state: the transactions by id, their leases, the limits, the write path to the store and the
 * threads that call participants. {@link TxnManager} (clients' and participants' operations), {@link Completion}
 * (votes, commit point, roll-forward, abort notices) and {@link Recovery} change and read the state through this
 * object; the transitions every one of them needs (open, commit, abort, promote, forget) are here.
 *
 * <p>Who holds which lock: each transaction has its own ({@link Txn#lock}, shared by a family of this manager's
 * nested transactions), under which every field of it and of its {@link Joined} participants is written, so
 * transactions never wait for one another. The table of transactions is a concurrent map. {@link #storeLock} orders
 * the writes to the store ({@link WritePath}, {@link BoundStore}): a commit point is decided under it and then under
 * its transaction's lock, never the other way round. The limit on unfinished transactions is a striped count
 * ({@link BoundedCount}); the per-client counts have a lock of their own, taken last. Store
 * callbacks take none of them: what a durable write shows is applied by the thread that waited for it. Calls to
 * participants never run under a lock: they are dispatched to {@link #pool} or made by the committing thread after
 * it let go of the transaction's lock.
 */
final class TxnState {

    private static final System.Logger LOG = System.getLogger(TxnState.class.getName());

    private final RateLimitedLog refusals = new RateLimitedLog(LOG);
    private static final long STORE_RETRY_MILLIS = 1_000;
    /** How long a rolled-forward commit record waits for a commit point to carry its delete. */
    static final long RECORD_DROP_MILLIS = 100;
    /** The most deletes one commit point carries. */
    private static final int RECORD_DROPS_PER_BATCH = 256;

    /** Orders the writes to the store and the copy into a new one (S8); taken before a transaction's lock. */
    final Object storeLock = new Object();
    final Clock clock;
    final Settings settings;
    final Records records;
    final BoundStore store;
    final WritePath path;
    /** The crash count this manager joins parents with: new on every start, since nested transactions are volatile. */
    final long crashCount = new SecureRandom().nextLong();
    private final ThreadPoolExecutor pool;
    /** Transactions rolled forward whose commit record is still to be deleted ({@link #dropRecordLater}). */
    private final ConcurrentLinkedQueue<Long> recordDrops = new ConcurrentLinkedQueue<>();
    /** Whether a write of {@link #recordDrops} is scheduled. */
    private final AtomicBoolean recordDropsArmed = new AtomicBoolean();
    /** The calls to participants on {@link #pool}: one that does not answer is set aside (slow.call.ms). */
    private final SlowCalls slowCalls;
    /**
     * By id; unordered, so a lookup on every operation costs no walk of a sorted structure. Sized ahead, so the few
     * transactions of threads committing at once do not share one cache line of bins.
     */
    private final ConcurrentHashMap<Long, Txn> txns = new ConcurrentHashMap<>(1 << 12);
    /** The ids of transactions to forget: an id, not the transaction, so one reduced to its id meanwhile is freed. */
    private final DeadlineQueue<Long> forgets;
    /** The committed top-level transactions that left {@link #txns}: their outcome, answered for retention.ms. */
    private final CommittedIds committedIds;
    final TxnMetrics metrics = new TxnMetrics();
    /**
     * The transactions' leases, by transaction id, each holding its transaction's lock; expiry or cancellation
     * aborts an ACTIVE transaction (TX.2.1).
     */
    final LeaseTable<Object> leases;
    /** Transactions created and not yet decided; bounded by {@code max.active}, counted without a lock. */
    private final BoundedCount unfinished;
    /**
     * Of those, each client's ({@link Txn#owner}); bounded by {@code max.active.per.client}. Guarded by its own
     * monitor, taken last and only for a client that calls over RMI: calls from this JVM are not counted per client.
     */
    private final Callers.Counts perClient = new Callers.Counts();
    /** The manager's id, set in recovery under the store's lock, and how proxies reach the backend. */
    private final ServiceIdentity<TxnBackend> identity = new ServiceIdentity<>(TxnBackend.class);
    private volatile ManagerProxy proxy;
    private volatile boolean closed;

    TxnState(Clock clock, Marshaller marshaller, Settings settings, ThreadPoolExecutor pool) {
        this.clock = clock;
        this.settings = settings;
        this.records = new Records(marshaller);
        this.pool = pool;
        this.slowCalls = new SlowCalls(clock, settings.slowCallMillis(), settings.maxSlowCalls(), pool,
                refusals::warn);
        this.forgets = new DeadlineQueue<>(clock, this::forget);
        this.committedIds = new CommittedIds(clock, settings.retentionMillis());
        this.store = new BoundStore("transaction manager", Records.MANAGER, storeLock, this::snapshot,
                settings.writeTimeoutMillis(), STORE_RETRY_MILLIS);
        this.path = new WritePath("transaction manager", storeLock, store, settings.writeTimeoutMillis());
        this.unfinished = new BoundedCount(settings.maxActive());
        this.leases = new LeaseTable<>(clock, settings.leasePolicy(), settings.maxActive(), new LeaseListener<>() {
            @Override
            public void expired(long id, Object txnLock) {
                leaseEnded(id, txnLock, "its lease expired");
            }

            @Override
            public void cancelled(long id, Object txnLock) {
                leaseEnded(id, txnLock, "its lease was cancelled");
            }
        }, new UnguessableIds());
    }

    /** Recovery, under the store's lock: the manager's id; proxies from now on refer to {@code backend} in this JVM. */
    void identify(UUID id, TxnBackend backend) {
        identity.identify(id, backend);
        proxy = new ManagerProxy(id, identity.reference());
    }

    /** Proxies made from now on call the manager through {@code exported}; null goes back to the in-JVM one. */
    void useReference(BackendRef<TxnBackend> exported) {
        identity.useReference(exported);
        proxy = new ManagerProxy(identity.id(), identity.reference());
    }

    UUID managerId() {
        return identity.id();
    }

    TxnBackend reference() {
        return identity.reference();
    }

    /** The proxy participants are called with and clients get. */
    ManagerProxy proxy() {
        return proxy;
    }

    /**
     * Watches a call to another party ({@code what}: a participant's prepare, commit or abort, a parent manager's
     * promote) made on the participant threads: if it has not returned after slow.call.ms, it is set aside and the
     * threads get one more while it runs. Close it when the call returns.
     */
    SlowCalls.Call watch(String what) {
        return slowCalls.start(what, null);
    }

    /** Runs {@code task} on the participant threads; when they are all busy and their queue is full, a bit later. */
    void dispatch(Runnable task) {
        if (closed) {
            return;
        }
        try {
            pool.execute(task);
        } catch (RejectedExecutionException e) {
            if (!closed) {
                clock.schedule(new Retry("a call the busy participant threads refused", () -> dispatch(task)),
                        settings.retryInitialMillis(), TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Runs {@code task} on the participant threads after {@code millis}; {@code what} names it in diagnostics. */
    void later(String what, Runnable task, long millis) {
        if (!closed) {
            clock.schedule(new Retry(what, () -> dispatch(task)), millis, TimeUnit.MILLISECONDS);
        }
    }

    /** A call to a participant or a parent's manager waiting for its retry. */
    private record Retry(String what, Runnable task) implements Runnable {
        @Override
        public void run() {
            task.run();
        }

        @Override
        public String toString() {
            return "retry of " + what;
        }
    }

    boolean closed() {
        return closed;
    }

    /**
     * The transaction {@code id}; its fields are read under its lock. A committed one of which only the outcome is
     * kept ({@link CommittedIds}) is given as a stand-in that answers as the committed transaction would.
     *
     * @throws UnknownTransactionException if it was never created here or has been forgotten (TX.2.5)
     */
    Txn require(long id) throws UnknownTransactionException {
        Txn txn = txns.get(id);
        if (txn == null && committedIds.contains(id)) { // added before it left the table: never missed in between
            return Txn.committedOutcome(id);
        }
        if (txn == null) {
            throw new UnknownTransactionException("transaction " + Records.key(id) + " is unknown to this manager: "
                    + "never created here, or completed and forgotten");
        }
        return txn;
    }

    /** The transaction {@code id} while the manager holds it whole, or null. */
    Txn find(long id) {
        return txns.get(id);
    }

    /**
     * Under the transaction's lock: the expiration of its lease as the management view shows it, the lease table's
     * while it holds the lease (renewals and {@linkplain #restate restatements} included), else the one granted.
     */
    long expiration(Txn txn) {
        try {
            return leases.expiration(txn.id);
        } catch (UnknownLeaseException ended) {
            return txn.expiration;
        }
    }

    /**
     * {@link WallClockWatch.Restate}: after a step of the wall clock, the expiration of every transaction's lease that
     * is more than {@code toleranceMillis} from the wall-clock time of its deadline becomes that time
     * ({@link LeaseTable#restate}). The leases end at their deadlines on monotonic time whatever the wall clock does
     * (TX.2.1: a transaction is aborted when its lease expires, not an hour early or late); what the restatement
     * changes is the expiration the management view shows. Nothing is recorded: only commit points are durable, and
     * no transaction's lease outlives a restart.
     *
     * @return the number of leases whose expirations were restated
     */
    int restate(long toleranceMillis) {
        int restated = 0;
        for (long id : leases.leaseIds()) {
            try {
                long shown = leases.expiration(id);
                if (Math.abs(Times.saturatedSubtract(leases.restate(id), shown)) > toleranceMillis) {
                    restated++;
                }
            } catch (UnknownLeaseException ended) {
                // expired or cancelled meanwhile
            }
        }
        return restated;
    }

    /** The transactions in id order, a copy for one page of the management view. */
    NavigableMap<Long, Txn> table() {
        return new TreeMap<>(txns);
    }

    /**
     * A new ACTIVE transaction with a lease of at most {@code leaseFor} (TX.2.1, TX.2.2); nested under
     * {@code localParent}, the caller holds its lock and checked it is ACTIVE.
     *
     * @throws LeaseDeniedException when {@code max.active} transactions are unfinished, or {@code client} runs
     *     {@code max.active.per.client}
     */
    Txn open(NestableTransactionManager parentMgr, long parentId, Txn localParent, long leaseFor, String client)
            throws LeaseDeniedException {
        reserve(client);
        Object lock = Txn.familyLock(localParent);
        boolean opened = false;
        try {
            synchronized (lock) { // the lease's end waits for this lock: it finds the transaction in the table
                LeaseGrant grant = leases.grant(lock, leaseFor);
                while (txns.containsKey(grant.leaseId())) { // a recovered transaction's id: practically never
                    leases.remove(grant.leaseId());
                    grant = leases.grant(lock, leaseFor);
                }
                Txn txn = new Txn(grant.leaseId(), parentMgr, parentId, localParent, lock, client);
                txn.expiration = grant.expiration();
                txns.put(txn.id, txn);
                metrics.created.inc();
                if (localParent != null) {
                    localParent.children.add(txn);
                }
                opened = true;
                return txn;
            }
        } finally {
            if (!opened) {
                release(client);
            }
        }
    }

    /** Counts one more unfinished transaction of {@code client}, within {@code max.active} and its quota. */
    private void reserve(String client) throws LeaseDeniedException {
        if (!unfinished.tryAcquire()) {
            throw new LeaseDeniedException("the transaction manager already runs " + unfinished.max()
                    + " transactions, its limit (max.active of configuration org.estuary.txn): commit or abort "
                    + "some first, or raise the limit");
        }
        if (client == null) {
            return;
        }
        int held;
        synchronized (perClient) {
            held = perClient.of(client);
            if (held < settings.maxActivePerClient()) {
                perClient.add(client, 1);
                return;
            }
        }
        unfinished.release();
        String message = "client " + client + " already runs " + held + " transactions: max.active.per.client="
                + settings.maxActivePerClient() + " reached; commit or abort some first";
        refusals.warn("refused: " + message); // a client provokes it at will
        throw new LeaseDeniedException(message);
    }

    private void release(String client) {
        if (client != null) {
            synchronized (perClient) {
                perClient.add(client, -1);
            }
        }
        unfinished.release();
    }

    /** {@code txn} is decided or discarded; it no longer counts against the limits. */
    private void finished(Txn txn) {
        release(txn.owner);
    }

    /** Recovery: a transaction recovered past its commit point (TX.2.8). */
    void restore(Txn txn) {
        txns.put(txn.id, txn);
    }

    /** A transaction whose creation failed (its parent refused the join) leaves no trace. */
    void discard(Txn txn) {
        synchronized (txn.lock) {
            txns.remove(txn.id, txn);
            leases.remove(txn.id);
            if (txn.localParent != null) {
                txn.localParent.children.remove(txn);
            }
        }
        finished(txn);
    }

    /**
     * Under the transaction's lock: joins {@code part} (TX.2.3), or checks the crash count of a participant already joined.
     *
     * @throws CannotJoinException if the transaction is not ACTIVE or has {@code max.participants} participants
     * @throws CrashCountException if {@code part} joined with another crash count; the transaction aborts
     */
    void join(Txn txn, TransactionParticipant part, long crashCount) throws CannotJoinException,
            CrashCountException {
        requireActive(txn, "join");
        Joined existing = txn.parts.get(part);
        if (existing != null) {
            checkCrashCount(txn, existing, crashCount);
            return;
        }
        if (txn.parts.size() >= settings.maxParticipants()) {
            throw new CannotJoinException(txn + " already has " + txn.parts.size() + " participants, the limit "
                    + "(max.participants of configuration org.estuary.txn)");
        }
        txn.parts.put(part, new Joined(part, crashCount));
    }

    /**
     * Under the transaction's lock: joins every {@code parts[i]} with {@code crashCounts[i]} and removes {@code drop}, all or
     * none (TX.2.7 {@code promote}).
     *
     * @throws CannotJoinException if the transaction is not ACTIVE or would exceed {@code max.participants}
     * @throws CrashCountException if a participant already joined with another crash count; the transaction aborts
     */
    void promote(Txn txn, TransactionParticipant[] parts, long[] crashCounts, TransactionParticipant drop)
            throws CannotJoinException, CrashCountException {
        requireActive(txn, "promote into");
        int added = 0;
        for (int i = 0; i < parts.length; i++) {
            Joined existing = txn.parts.get(parts[i]);
            if (existing != null) {
                checkCrashCount(txn, existing, crashCounts[i]);
            } else {
                added++;
            }
        }
        int after = txn.parts.size() + added - (drop != null && txn.parts.containsKey(drop) ? 1 : 0);
        if (after > settings.maxParticipants()) {
            throw new CannotJoinException("promoting " + parts.length + " participants would give " + txn + " "
                    + after + " participants, beyond its limit (max.participants of configuration org.estuary.txn)");
        }
        if (drop != null) {
            txn.parts.remove(drop);
        }
        for (int i = 0; i < parts.length; i++) {
            txn.parts.putIfAbsent(parts[i], new Joined(parts[i], crashCounts[i]));
        }
    }

    private void requireActive(Txn txn, String what) throws CannotJoinException {
        if (txn.state != TransactionConstants.ACTIVE) {
            throw new CannotJoinException("cannot " + what + " " + txn + ": only an ACTIVE transaction takes "
                    + "participants (TX.2.3)");
        }
    }

    private void checkCrashCount(Txn txn, Joined existing, long crashCount) throws CrashCountException {
        if (existing.crashCount != crashCount) {
            String reason = "participant " + existing.participant + " joined again with crash count " + crashCount
                    + " instead of " + existing.crashCount + ": it lost its state of the transaction (TX.2.3)";
            abort(txn, reason);
            throw new CrashCountException(reason + "; " + txn + " is aborted");
        }
    }

    /**
     * Under the transaction's lock: moves the transaction to COMMITTED (TX.2.7). A nested transaction's participants now belong to
     * its parent; a top-level one's PREPARED participants must be told to roll forward: they are returned, for
     * the roll-forward once the caller let go of its locks (empty when none must hear anything).
     */
    List<Joined> committed(Txn txn) {
        if (txn.completed()) {
            return List.of();
        }
        txn.state = TransactionConstants.COMMITTED;
        finished(txn);
        metrics.commits.inc();
        txn.decided.complete(TransactionConstants.COMMITTED);
        if (txn.nested()) {
            for (Joined joined : txn.parts.values()) {
                joined.done = true; // promoted: the parent's manager tells them the outcome
            }
            txn.awaitingParent = txn.localParent == null;
        }
        List<Joined> pending = txn.pendingCommit();
        if (pending.isEmpty()) {
            notified(txn, 0);
        }
        return pending;
    }

    /**
     * Under the transaction's lock: moves the transaction, and every nested transaction of this manager below it, to ABORTED
     * (TX.2.7); the participants that voted PREPARED or were not asked yet are told. A committed nested transaction
     * aborts too: its results were promoted into the parent and are dropped with it.
     */
    void abort(Txn txn, String reason) {
        for (Txn child : txn.children) {
            if (child.state == TransactionConstants.COMMITTED) {
                abortCommitted(child, "its parent " + txn + " aborted: " + reason);
            } else {
                abort(child, "its parent " + txn + " aborted: " + reason);
            }
        }
        if (txn.completed()) {
            return;
        }
        txn.state = TransactionConstants.ABORTED;
        txn.abortReason = reason;
        txn.deciding = false;
        finished(txn);
        metrics.aborts.inc();
        leases.remove(txn.id);
        txn.decided.complete(TransactionConstants.ABORTED);
        if (txn.voting != null) {
            txn.voting.complete(null); // the committing thread need not wait for the remaining votes
        }
        List<Joined> told = new ArrayList<>();
        for (Joined joined : txn.parts.values()) {
            if (!joined.done && (joined.vote == Joined.NOT_VOTED || joined.vote == TransactionConstants.PREPARED)) {
                told.add(joined);
            }
        }
        if (told.isEmpty()) {
            notified(txn, 0);
            return;
        }
        long deadline = clock.deadlineAfterMillis(settings.abortNoticeMillis());
        for (Joined joined : told) {
            completion.abortNotice(txn, joined, deadline);
        }
        // Given up on or not: remembered only so long after the notices' bound.
        forgetLater(txn, settings.abortNoticeMillis() + settings.retentionMillis());
    }

    private void abortChildren(Txn txn, String reason) {
        for (Txn child : txn.children) {
            if (child.state == TransactionConstants.COMMITTED) {
                abortCommitted(child, reason);
            } else {
                abort(child, reason);
            }
        }
    }

    /**
     * Under the family's lock: a committed nested transaction aborts with its parent (TX.2.7), and so does every
     * one below it; its participants were promoted and hear the outcome from the parent. It is forgotten
     * retention.ms later, as an aborted transaction is.
     */
    private void abortCommitted(Txn child, String reason) {
        child.state = TransactionConstants.ABORTED;
        child.abortReason = reason;
        abortChildren(child, reason);
        forgetLater(child, settings.retentionMillis());
    }

    /**
     * A participant heard the outcome (takes the transaction's lock); the transaction is notified once all have, and
     * its commit record deleted (without the lock: the write path takes the store's).
     */
    void heard(Txn txn, Joined joined) {
        boolean dropRecord = false;
        synchronized (txn.lock) {
            if (joined.done) {
                return;
            }
            joined.done = true;
            joined.lastFailure = null;
            for (Joined other : txn.parts.values()) {
                if (!other.done && (txn.state == TransactionConstants.COMMITTED
                        ? other.vote == TransactionConstants.PREPARED
                        : other.vote == Joined.NOT_VOTED || other.vote == TransactionConstants.PREPARED)) {
                    return;
                }
            }
            if (txn.record != null) { // TX.2.8: the record may go once every PREPARED participant rolled forward
                txn.record = null;
                dropRecord = true;
            }
            notified(txn, settings.retentionMillis());
        }
        if (dropRecord) {
            dropRecordLater(txn.id);
        }
    }

    /**
     * The commit record of {@code id} may go (TX.2.8: every PREPARED participant rolled forward): its delete rides
     * with the next commit point's batch ({@link #takeRecordDrops}), or is written on its own within
     * {@value #RECORD_DROP_MILLIS} ms when none comes, so a busy manager writes one batch per transaction, not two.
     * Until then a crash leaves the record, and recovery rolls the transaction forward once more, which participants
     * answer as done (TX.2.7).
     */
    void dropRecordLater(long id) {
        recordDrops.add(id);
        if (recordDropsArmed.compareAndSet(false, true)) {
            later("delete of rolled-forward commit records", this::writeRecordDrops, RECORD_DROP_MILLIS);
        }
    }

    /**
     * Under the store's lock: adds to {@code batch} the deletes of at most {@value #RECORD_DROPS_PER_BATCH} commit
     * records that may go; their ids, to give back ({@link #dropRecordLater}) if the batch fails.
     */
    List<Long> takeRecordDrops(Batch.Builder batch) {
        List<Long> taken = null;
        Long id;
        while ((taken == null || taken.size() < RECORD_DROPS_PER_BATCH) && (id = recordDrops.poll()) != null) {
            if (taken == null) {
                taken = new ArrayList<>();
            }
            taken.add(id);
            batch.delete(Records.COMMITTED, Records.key(id));
        }
        return taken == null ? List.of() : taken;
    }

    /** The deletes no commit point took: written on their own, not awaited. */
    private void writeRecordDrops() {
        recordDropsArmed.set(false);
        while (!recordDrops.isEmpty()) {
            Batch.Builder batch = Batch.builder();
            List<Long> taken;
            synchronized (storeLock) { // as a commit point takes them: each delete is written once
                taken = takeRecordDrops(batch);
            }
            if (taken.isEmpty()) {
                return;
            }
            path.submitInBackground(batch.build(), () -> { });
        }
    }

    /**
     * Under the transaction's lock: every participant that had to hear the outcome heard it. A committed top-level
     * transaction is then reduced to its id in {@link #committedIds} (TX.2.5: its outcome is all that is still
     * asked of it); any other is forgotten after {@code forgetAfter} ms (0: retention.ms).
     */
    private void notified(Txn txn, long forgetAfter) {
        txn.notified.complete(null);
        if (txn.state == TransactionConstants.COMMITTED) {
            if (!txn.nested()) {
                reduceToId(txn);
                return;
            }
            if (txn.localParent != null && !txn.localParent.completed()) {
                // leaves with its parent, so a busy manager keeps no timer entry per nested commit: as an id when
                // the parent commits (reduceToId), retention.ms after the parent aborts (abortCommitted)
                return;
            }
        }
        forgetLater(txn, forgetAfter == 0 ? settings.retentionMillis() : forgetAfter);
    }

    /**
     * Under the family's lock: a committed top-level transaction every participant heard, and the committed nested
     * transactions below it, whose outcome is final now (TX.2.7), leave the table for {@link #committedIds}.
     */
    private void reduceToId(Txn txn) {
        committedIds.add(txn.id);
        txns.remove(txn.id, txn);
        for (Txn child : txn.children) {
            if (child.state == TransactionConstants.COMMITTED) {
                reduceToId(child);
            }
        }
    }

    /**
     * Forgets the transaction after {@code millis} (TX.2.5 "cleanup"), unless it is a committed nested transaction
     * whose parent in another manager has not decided: its state still answers for its parent's outcome (TX.2.7).
     * One under a parent of this manager is not queued while that parent is open ({@link #notified}).
     */
    void forgetLater(Txn txn, long millis) {
        if (!closed) {
            forgets.add(txn.id, clock.deadlineAfterMillis(millis));
        }
    }

    /** When transaction {@code id} is due to be forgotten (on the clock's timer; takes its lock). */
    private void forget(long id) {
        Txn txn = txns.get(id);
        if (txn == null) {
            return; // reduced to its id meanwhile
        }
        synchronized (txn.lock) {
            if (txn.state == TransactionConstants.COMMITTED
                    && (txn.awaitingParent || !txn.pendingCommit().isEmpty())) {
                forgetLater(txn, Math.max(1, settings.retentionMillis()));
                return;
            }
            if (txns.remove(txn.id, txn) && txn.localParent != null) {
                txn.localParent.children.remove(txn);
            }
        }
    }

    private Completion completion;

    /** The protocol engine, set once before the first operation. */
    void completion(Completion completion) {
        this.completion = completion;
    }

    /** {@code txnLock}: the transaction's, held by {@link #open} until the transaction is in the table. */
    private void leaseEnded(long id, Object txnLock, String reason) {
        synchronized (txnLock) {
            Txn txn = txns.get(id);
            if (txn != null && txn.state == TransactionConstants.ACTIVE) {
                abort(txn, reason); // TX.2.1: the lease ended before commit or abort
            }
        }
    }

    /**
     * Under the store's lock: the state the store must hold (S8), the manager's id and the commit record of each
     * transaction rolling forward.
     */
    Batch snapshot() {
        Batch.Builder batch = Batch.builder().clear(Records.MANAGER).clear(Records.COMMITTED);
        UUID managerId = identity.id();
        if (managerId != null) {
            ServiceIdRecord.put(batch, Records.MANAGER, managerId);
        }
        for (Txn txn : txns.values()) {
            synchronized (txn.lock) {
                if (txn.record != null && txn.state == TransactionConstants.COMMITTED) {
                    batch.put(Records.COMMITTED, Records.key(txn.id), txn.record);
                }
            }
        }
        return batch.build();
    }

    void close() {
        writeRecordDrops(); // not awaited: a stop before they are durable only repeats those roll-forwards
        closed = true;
        forgets.close();
        leases.close();
        identity.release();
        LOG.log(System.Logger.Level.DEBUG, "transaction manager state closed");
    }
}
