package org.estuary.txn.internal;

import static net.jini.core.transaction.server.TransactionConstants.ABORTED;
import static net.jini.core.transaction.server.TransactionConstants.ACTIVE;
import static net.jini.core.transaction.server.TransactionConstants.COMMITTED;
import static net.jini.core.transaction.server.TransactionConstants.NOTCHANGED;
import static net.jini.core.transaction.server.TransactionConstants.PREPARED;
import static net.jini.core.transaction.server.TransactionConstants.VOTING;
import static org.estuary.txn.internal.Managers.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.CannotAbortException;
import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.TimeoutExpiredException;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.CrashCountException;
import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.lease.durable.WallClockWatch;
import org.estuary.store.api.Store;
import org.estuary.txn.admin.TxnInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The manager's state machine (TX.2.1-TX.2.8) with scripted participants on a manual clock. */
class TxnManagerTest {

    private final Managers managers = new Managers();
    private final ExecutorService clients = Executors.newCachedThreadPool();

    @AfterEach
    void close() {
        clients.shutdownNow();
        managers.close();
    }

    private static List<String> records(Store store, String space) throws Exception {
        List<String> keys = new ArrayList<>();
        store.scan(space, (key, value) -> keys.add(key));
        return keys;
    }

    /** The commit records in the store now: a participant's probe of what is durable when it hears commit. */
    private List<String> commitRecords() {
        try {
            return records(managers.store(), Records.COMMITTED);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private CompletableFuture<Void> commitLater(TransactionManager mgr, long id) {
        return CompletableFuture.runAsync(() -> {
            try {
                mgr.commit(id);
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        }, clients);
    }

    private static Throwable failure(CompletableFuture<Void> call) throws Exception {
        try {
            call.get(10, TimeUnit.SECONDS);
            return null;
        } catch (java.util.concurrent.ExecutionException e) {
            return e.getCause().getCause() == null ? e.getCause() : e.getCause().getCause();
        }
    }

    @Test
    void createGivesAnActiveTransactionAndItsLease() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        TransactionManager.Created created = mgr.create(30_000);
        // TX.2.1: a new transaction is ACTIVE; its lease is the granted time
        assertEquals(ACTIVE, mgr.getState(created.id));
        assertEquals(managers.clock.currentTimeMillis() + 30_000, created.lease.getExpiration());
        assertThrows(IllegalArgumentException.class, () -> mgr.create(0));
    }

    @Test
    void transactionIdsCannotBeGuessedFromOnesOwn() throws Exception {
        // TX.2.1: the id alone lets a caller commit or abort, so a client must not find others' ids next to its own
        TransactionManager mgr = managers.start().proxy();
        java.util.TreeSet<Long> ids = new java.util.TreeSet<>();
        for (int i = 0; i < 100; i++) { // the default max.active of the tests' managers
            ids.add(mgr.create(30_000).id);
        }
        assertEquals(100, ids.size(), "ids are distinct");
        for (long id : ids) {
            assertFalse(ids.contains(id + 1) || ids.contains(id - 1), "a neighbour of " + id + " is another's id");
        }
    }

    @Test
    void createBeyondMaxActiveIsDeniedWithItsReason() throws Exception {
        TransactionManager mgr = managers.start(Managers.settings(2, 10)).proxy();
        mgr.create(30_000);
        long second = mgr.create(30_000).id;
        // TX.2.1: the manager may deny the lease; the reason names the limit
        LeaseDeniedException denied = assertThrows(LeaseDeniedException.class, () -> mgr.create(30_000));
        assertTrue(denied.getMessage().contains("max.active"), denied.getMessage());
        mgr.abort(second);
        mgr.create(30_000); // a completed transaction frees its place
    }

    @Test
    void joinRules() throws Exception {
        TransactionManager mgr = managers.start(Managers.settings(10, 2)).proxy();
        long id = mgr.create(30_000).id;
        Scripted part = Scripted.voting(NOTCHANGED);
        // TX.2.3: unknown id
        assertThrows(UnknownTransactionException.class, () -> mgr.join(id + 1, part, 1));
        mgr.join(id, part, 1);
        mgr.join(id, part, 1); // TX.2.3: the same participant and crash count: accepted, ignored
        mgr.join(id, Scripted.voting(NOTCHANGED), 1);
        // bound: max.participants
        CannotJoinException full = assertThrows(CannotJoinException.class,
                () -> mgr.join(id, Scripted.voting(NOTCHANGED), 1));
        assertTrue(full.getMessage().contains("max.participants"), full.getMessage());
        // TX.2.3: another crash count throws CrashCountException and aborts the transaction
        assertThrows(CrashCountException.class, () -> mgr.join(id, part, 2));
        assertEquals(ABORTED, mgr.getState(id));
        // TX.2.7: only an ACTIVE transaction takes participants
        assertThrows(CannotJoinException.class, () -> mgr.join(id, Scripted.voting(NOTCHANGED), 1));
        assertThrows(NullPointerException.class, () -> mgr.join(id, null, 1));
    }

    @Test
    void commitPointIsDurableBeforeAnyParticipantHearsCommit() throws Exception {
        TxnManager manager = managers.start();
        TransactionManager mgr = manager.proxy();
        long id = mgr.create(30_000).id;
        Scripted a = Scripted.voting(PREPARED);
        Scripted b = Scripted.voting(PREPARED);
        List<List<String>> seen = new ArrayList<>();
        a.onCommit = () -> seen.add(commitRecords());
        mgr.join(id, a, 1);
        mgr.join(id, b, 1);
        mgr.commit(id);
        // TX.2.5: commit returns once COMMITTED; TX.2.7: both voted, both roll forward
        assertEquals(COMMITTED, mgr.getState(id));
        until("both rolled forward", () -> a.count("commit") == 1 && b.count("commit") == 1);
        // TX.2.8: the commit record held the transaction when a participant heard commit
        assertEquals(List.of(List.of(Records.key(id))), seen);
        assertEquals(List.of("prepare " + id, "commit " + id), a.calls);
        // TX.2.8: the record goes once every PREPARED participant rolled forward; with no commit point to carry its
        // delete, on its own after RECORD_DROP_MILLIS
        managers.retryScheduled("rolled-forward commit records");
        assertEquals(List.of(Records.key(id)), records(managers.store(), Records.COMMITTED));
        managers.advance(TxnState.RECORD_DROP_MILLIS);
        until("commit record deleted", () -> {
            try {
                return records(managers.store(), Records.COMMITTED).isEmpty();
            } catch (Exception e) {
                return false;
            }
        });
    }

    @Test
    void theNextCommitPointDeletesTheRecordsOfTransactionsRolledForward() throws Exception {
        // TX.2.8: a rolled-forward transaction's commit record goes with the next commit point's batch
        TransactionManager mgr = managers.start().proxy();
        long first = mgr.create(30_000).id;
        mgr.join(first, Scripted.voting(PREPARED), 1);
        mgr.join(first, Scripted.voting(PREPARED), 1);
        mgr.commit(first, 10_000); // returns once both rolled forward
        managers.retryScheduled("rolled-forward commit records");
        long second = mgr.create(30_000).id;
        Scripted a = Scripted.voting(PREPARED);
        List<List<String>> seen = new ArrayList<>();
        a.onCommit = () -> seen.add(commitRecords());
        mgr.join(second, a, 1);
        mgr.join(second, Scripted.voting(PREPARED), 1);
        mgr.commit(second, 10_000);
        assertEquals(List.of(List.of(Records.key(second))), seen);
    }

    @Test
    void oneParticipantIsAskedToPrepareAndCommitWithoutACommitRecord() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(30_000).id;
        Scripted only = Scripted.voting(PREPARED);
        mgr.join(id, only, 1);
        mgr.commit(id, 1_000);
        // TX.2.7: a single participant gets prepareAndCommit; it rolled forward itself, so no commit point is needed
        assertEquals(List.of("prepareAndCommit " + id), only.calls);
        assertEquals(COMMITTED, mgr.getState(id));
        assertTrue(records(managers.store(), Records.COMMITTED).isEmpty());
    }

    @Test
    void allNotChangedCommitsWithoutAWrite() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(30_000).id;
        Scripted a = Scripted.voting(NOTCHANGED);
        Scripted b = Scripted.voting(NOTCHANGED);
        mgr.join(id, a, 1);
        mgr.join(id, b, 1);
        long before = managers.store().stats().records();
        mgr.commit(id, 1_000);
        // TX.2.7: read-only: COMMITTED, nobody hears commit, nothing is written
        assertEquals(COMMITTED, mgr.getState(id));
        assertEquals(List.of("prepare " + id), a.calls);
        assertEquals(List.of("prepare " + id), b.calls);
        assertEquals(before, managers.store().stats().records());
    }

    @Test
    void aCommitRecordLargerThanAnyStoreHoldsAbortsTheTransaction() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(30_000).id;
        Scripted small = Scripted.voting(PREPARED);
        Scripted heavy = Scripted.voting(PREPARED);
        mgr.join(id, small, 1);
        mgr.join(id, new Ballasted(heavy, Store.MAX_VALUE_BYTES), 1);
        long before = managers.store().stats().records();
        // TX.2.8: the commit point cannot be made durable, so the transaction aborts and says why
        CannotCommitException refused = assertThrows(CannotCommitException.class, () -> mgr.commit(id));
        assertTrue(refused.getMessage().contains("Store.MAX_VALUE_BYTES"), refused.getMessage());
        assertEquals(ABORTED, mgr.getState(id));
        // TX.2.7: the participants that voted PREPARED hear abort, never commit
        until("both hear abort", () -> small.count("abort") == 1 && heavy.count("abort") == 1);
        assertEquals(0, small.count("commit") + heavy.count("commit"));
        assertEquals(before, managers.store().stats().records());
    }

    /** A participant whose reference is larger than a store record may be: it carries {@code bytes} of ballast. */
    private static final class Ballasted implements TransactionParticipant, java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final Scripted part;
        private final byte[] ballast;

        Ballasted(Scripted part, int bytes) {
            this.part = part;
            this.ballast = new byte[bytes];
        }

        @Override
        public int prepare(TransactionManager mgr, long id) throws UnknownTransactionException, RemoteException {
            return part.prepare(mgr, id);
        }

        @Override
        public void commit(TransactionManager mgr, long id) throws UnknownTransactionException, RemoteException {
            part.commit(mgr, id);
        }

        @Override
        public void abort(TransactionManager mgr, long id) throws UnknownTransactionException, RemoteException {
            part.abort(mgr, id);
        }

        @Override
        public int prepareAndCommit(TransactionManager mgr, long id)
                throws UnknownTransactionException, RemoteException {
            return part.prepareAndCommit(mgr, id);
        }
    }

    @Test
    void anAbortedVoteAbortsAndThePreparedHearAbort() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(30_000).id;
        Scripted prepared = Scripted.voting(PREPARED);
        Scripted refuses = Scripted.voting(ABORTED);
        mgr.join(id, prepared, 1);
        mgr.join(id, refuses, 1);
        CannotCommitException refused = assertThrows(CannotCommitException.class, () -> mgr.commit(id));
        assertTrue(refused.getMessage().contains("voted ABORTED"), refused.getMessage());
        assertEquals(ABORTED, mgr.getState(id));
        // TX.2.7: a PREPARED participant hears abort (one that voted ABORTED need not)
        until("prepared hears abort", () -> prepared.count("abort") == 1);
        assertEquals(0, refuses.count("abort"));
        // TX.2.5: commit again: CannotCommitException; abort: returns
        assertThrows(CannotCommitException.class, () -> mgr.commit(id));
        mgr.abort(id);
    }

    @Test
    void lostStateOrGoneParticipantAbortsTheVote() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        for (Exception thrown : List.of(new UnknownTransactionException("lost"), Scripted.gone(),
                new IllegalStateException("participant's own bug"))) {
            long id = mgr.create(30_000).id;
            Scripted failing = Scripted.voting(PREPARED);
            failing.prepareThrows = thrown;
            mgr.join(id, failing, 1);
            mgr.join(id, Scripted.voting(PREPARED), 1);
            // TX.2.7: UnknownTransactionException or NoSuchObjectException (and any definite failure) abort
            assertThrows(CannotCommitException.class, () -> mgr.commit(id), thrown.toString());
            assertEquals(ABORTED, mgr.getState(id));
            assertEquals(1, failing.count("prepare"), "a definite failure is not retried");
        }
    }

    @Test
    void remoteExceptionInPrepareIsRetriedThenCommits() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(30_000).id;
        Scripted flaky = Scripted.voting(PREPARED);
        flaky.prepareFailures.set(2);
        mgr.join(id, flaky, 1);
        mgr.join(id, Scripted.voting(PREPARED), 1);
        CompletableFuture<Void> commit = commitLater(mgr, id);
        managers.retryScheduled("prepare of " + flaky);
        assertEquals(VOTING, mgr.getState(id));
        managers.advance(Managers.RETRY_MS); // TX.2.7: the manager may retry as long as it wishes
        until("second attempt", () -> flaky.count("prepare") == 2);
        managers.retryScheduled("prepare of " + flaky);
        managers.advance(2 * Managers.RETRY_MS);
        assertEquals(null, failure(commit));
        assertEquals(COMMITTED, mgr.getState(id));
    }

    @Test
    void remoteExceptionsPastTheVoteTimeAbort() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(30_000).id;
        Scripted down = Scripted.voting(PREPARED);
        down.prepareFailures.set(-1);
        Scripted prepared = Scripted.voting(PREPARED);
        mgr.join(id, down, 1);
        mgr.join(id, prepared, 1);
        CompletableFuture<Void> commit = commitLater(mgr, id);
        for (int attempt = 1; attempt <= 3; attempt++) { // at 0, 1, 3, 7 s; the next (8 s on) ends past vote.ms
            managers.retryScheduled("prepare of " + down);
            managers.advance(Managers.RETRY_MS << (attempt - 1));
            int asked = attempt + 1;
            until("attempt " + asked, () -> down.count("prepare") == asked);
        }
        // TX.2.7: retried, then the manager decides to abort
        Throwable refused = failure(commit);
        assertTrue(refused instanceof CannotCommitException, String.valueOf(refused));
        assertEquals(4, down.count("prepare"));
        until("prepared hears abort", () -> prepared.count("abort") == 1);
    }

    @Test
    void aHangingParticipantAbortsWhenTheVoteTimeIsUp() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(30_000).id;
        Scripted hangs = Scripted.voting(PREPARED);
        CountDownLatch release = new CountDownLatch(1);
        hangs.prepareHangs = release;
        Scripted quick = Scripted.voting(PREPARED);
        mgr.join(id, hangs, 1);
        mgr.join(id, quick, 1);
        CompletableFuture<Void> commit = commitLater(mgr, id);
        until("asked", () -> hangs.count("prepare") == 1);
        // TX.2.7: the committing thread asks one participant after another; one that takes longer has the rest
        // asked on the participant threads
        managers.advance(InTurn.HAND_OFF_MILLIS);
        until("the other asked meanwhile", () -> quick.count("prepare") == 1);
        assertEquals(VOTING, mgr.getState(id));
        // vote.ms ends the vote although the hanging participant still holds the committing thread: the
        // transaction aborts and the participant that voted hears it
        managers.advance(Managers.VOTE_MS);
        assertEquals(ABORTED, mgr.getState(id));
        until("the prepared one hears abort", () -> quick.count("abort") == 1);
        assertFalse(commit.isDone(), "the committing client's call is held by its own participant only");
        release.countDown();
        Throwable refused = failure(commit);
        assertTrue(refused instanceof CannotCommitException && refused.getMessage().contains("did not vote"),
                String.valueOf(refused));
        // TX.2.7: the participant not yet heard from is told of the abort
        until("hanging one hears abort", () -> hangs.count("abort") == 1);
    }

    @Test
    void participantsThatNeverAnswerDelayOnlyTheirOwnTransactions() throws Exception {
        // TX.2.7: the committing thread asks a transaction's participants in turn; once one has taken
        // HAND_OFF_MILLIS the rest are asked on the manager's threads (4 here). Transactions whose participants never
        // answer take every thread; once their calls ran slow.call.ms they are set aside, and another client's
        // commit gets its vote.
        TransactionManager mgr = managers.start().proxy();
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch gate = new CountDownLatch(1);
        List<Scripted> hanging = new ArrayList<>();
        List<CompletableFuture<Void>> stuck = new ArrayList<>();
        try {
            for (int i = 0; i < 4; i++) {
                long id = mgr.create(60_000).id;
                Scripted first = Scripted.voting(PREPARED);
                first.prepareHangs = never; // holds its committing client's thread
                Scripted hangs = Scripted.voting(PREPARED);
                hangs.prepareHangs = never; // holds a participant thread
                hanging.add(hangs);
                mgr.join(id, first, 1);
                mgr.join(id, hangs, 1);
                stuck.add(commitLater(mgr, id));
                until("first asked", () -> first.count("prepare") == 1);
            }
            managers.advance(InTurn.HAND_OFF_MILLIS);
            until("every participant thread held", () -> hanging.stream().allMatch(p -> p.count("prepare") == 1));
            long id = mgr.create(60_000).id;
            Scripted slow = Scripted.voting(PREPARED);
            slow.prepareHangs = gate;
            Scripted waiting = Scripted.voting(PREPARED);
            mgr.join(id, slow, 1);
            mgr.join(id, waiting, 1);
            CompletableFuture<Void> legitimate = commitLater(mgr, id);
            until("slow asked", () -> slow.count("prepare") == 1);
            managers.advance(InTurn.HAND_OFF_MILLIS); // waiting goes to the participant threads, all held
            managers.advance(Managers.SLOW_CALL_MS);
            until("waiting asked once the hanging calls were set aside", () -> waiting.count("prepare") == 1);
            gate.countDown();
            legitimate.get(10, TimeUnit.SECONDS);
            assertEquals(COMMITTED, mgr.getState(id));
            assertTrue(stuck.stream().noneMatch(CompletableFuture::isDone), "a hanging participant's commit ended");
        } finally {
            never.countDown();
            gate.countDown();
        }
    }

    @Test
    void outcomesOfCommitAndAbortOnCompletedTransactions() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long committed = mgr.create(30_000).id;
        mgr.commit(committed);
        mgr.commit(committed); // TX.2.5: known to have committed: returns
        assertThrows(CannotAbortException.class, () -> mgr.abort(committed));
        long aborted = mgr.create(30_000).id;
        mgr.abort(aborted);
        mgr.abort(aborted); // TX.2.5: known to have aborted: returns
        assertThrows(CannotCommitException.class, () -> mgr.commit(aborted));
        // TX.2.5: forgotten after cleanup
        managers.advance(Managers.RETENTION_MS + Managers.VOTE_MS);
        assertThrows(UnknownTransactionException.class, () -> mgr.getState(committed));
        assertThrows(UnknownTransactionException.class, () -> mgr.commit(aborted));
        assertThrows(UnknownTransactionException.class, () -> mgr.abort(aborted));
    }

    @Test
    void rollForwardIsRetriedUntilEveryPreparedParticipantAnswered() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(30_000).id;
        Scripted slow = Scripted.voting(PREPARED);
        slow.commitFailures.set(2);
        Scripted forgot = Scripted.voting(PREPARED);
        forgot.commitThrows = new UnknownTransactionException("rolled forward already");
        mgr.join(id, slow, 1);
        mgr.join(id, forgot, 1);
        // TX.2.5: waitFor passes before every participant heard: TimeoutExpiredException, committed
        TimeoutExpiredException timeout = assertThrows(TimeoutExpiredException.class, () -> mgr.commit(id, 0));
        assertTrue(timeout.committed);
        managers.retryScheduled("commit of " + slow);
        managers.advance(Managers.RETRY_MS);
        until("second commit attempt", () -> slow.count("commit") == 2);
        managers.retryScheduled("commit of " + slow);
        managers.advance(2 * Managers.RETRY_MS);
        until("third commit attempt", () -> slow.count("commit") == 3);
        mgr.commit(id, 10_000); // every PREPARED participant answered (UnknownTransactionException counts)
        assertEquals(1, forgot.count("commit"));
        // not forgotten while rolling forward; forgotten after
        managers.advance(Managers.RETENTION_MS);
        assertThrows(UnknownTransactionException.class, () -> mgr.getState(id));
    }

    @Test
    void theCommittingThreadTellsThePreparedParticipantsInTurn() throws Exception {
        // TX.2.7: the committing thread tells the PREPARED participants to roll forward one after another, as it
        // asked them to vote, before its commit returns
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(60_000).id;
        List<Thread> toldIn = new CopyOnWriteArrayList<>();
        for (int i = 0; i < 2; i++) {
            Scripted part = Scripted.voting(PREPARED);
            part.onCommit = () -> toldIn.add(Thread.currentThread());
            mgr.join(id, part, 1);
        }
        mgr.commit(id);
        assertEquals(List.of(Thread.currentThread(), Thread.currentThread()), toldIn);
    }

    @Test
    void aParticipantSlowToRollForwardHasTheOthersToldOnTheParticipantThreads() throws Exception {
        // TX.2.7: once a participant told in turn has not answered within HAND_OFF_MILLIS, the ones after it are told
        // on the participant threads while it holds the committing thread
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(60_000).id;
        CountDownLatch release = new CountDownLatch(1);
        Scripted slow = Scripted.voting(PREPARED);
        slow.onCommit = () -> awaitQuietly(release);
        Scripted next = Scripted.voting(PREPARED);
        mgr.join(id, slow, 1);
        mgr.join(id, next, 1);
        try {
            CompletableFuture<Void> committing = commitLater(mgr, id);
            until("the slow one told", () -> slow.count("commit") == 1);
            managers.advance(InTurn.HAND_OFF_MILLIS);
            until("the next one told meanwhile", () -> next.count("commit") == 1);
            assertFalse(committing.isDone());
            release.countDown();
            committing.get(10, TimeUnit.SECONDS);
            mgr.commit(id, 10_000); // both answered
        } finally {
            release.countDown();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void leaseExpiryOrCancelAbortsAnActiveTransaction() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        TransactionManager.Created expiring = mgr.create(30_000);
        Scripted part = Scripted.voting(PREPARED);
        mgr.join(expiring.id, part, 1);
        managers.advance(30_000);
        // TX.2.1: the lease expired before commit or abort: aborted, and the participant told
        assertEquals(ABORTED, mgr.getState(expiring.id));
        until("participant hears abort", () -> part.count("abort") == 1);
        TransactionManager.Created cancelled = mgr.create(30_000);
        cancelled.lease.cancel();
        assertEquals(ABORTED, mgr.getState(cancelled.id));
        assertThrows(CannotCommitException.class, () -> mgr.commit(cancelled.id));
        // renewing keeps it alive
        TransactionManager.Created renewed = mgr.create(30_000);
        managers.advance(20_000);
        renewed.lease.renew(30_000);
        managers.advance(20_000);
        assertEquals(ACTIVE, mgr.getState(renewed.id));
    }

    @ParameterizedTest(name = "wall clock stepped by {0} ms")
    @ValueSource(longs = {3_600_000, -3_600_000})
    void tx21AWallClockStepNeitherAbortsATransactionEarlyNorLetsItOutliveItsLease(long step) throws Exception {
        TxnManager manager = managers.start();
        TransactionManager mgr = manager.proxy();
        TransactionManager.Created created = mgr.create(30_000);
        managers.advance(10_000);
        managers.clock.setWallTime(managers.clock.currentTimeMillis() + step);
        assertEquals(1, manager.state().restate(WallClockWatch.BOUND_MILLIS), "the lease's expiration is restated");
        assertEquals(0, manager.state().restate(WallClockWatch.BOUND_MILLIS), "once");
        TxnInfo shown = new AdminView(manager).transactions(0, 10).items().get(0);
        assertEquals(managers.clock.currentTimeMillis() + 20_000, shown.expiration(),
                "LE.2.2: the expiration shown is the wall-clock time of the lease's deadline as the clock reads now");
        // TX.2.1: the lease ends at its granted time on monotonic time, and the transaction aborts then
        managers.advance(20_000 - 1);
        assertEquals(ACTIVE, mgr.getState(created.id), "not aborted early");
        managers.advance(1);
        assertEquals(ABORTED, mgr.getState(created.id), "aborted when its lease expired, not an hour later");
    }

    @Test
    void abortTellsEveryParticipantAndWaitsForThem() throws Exception {
        TransactionManager mgr = managers.start().proxy();
        long id = mgr.create(30_000).id;
        Scripted a = Scripted.voting(PREPARED);
        Scripted b = Scripted.voting(PREPARED);
        b.abortFailures.set(1);
        mgr.join(id, a, 1);
        mgr.join(id, b, 1);
        // TX.2.7: participants not yet asked hear abort; TX.2.5 waitFor: not every one in time
        TimeoutExpiredException timeout = assertThrows(TimeoutExpiredException.class, () -> mgr.abort(id, 0));
        assertFalse(timeout.committed);
        managers.retryScheduled("abort of " + b);
        managers.advance(Managers.RETRY_MS);
        mgr.abort(id, 10_000);
        assertEquals(1, a.count("abort"));
        assertEquals(2, b.count("abort"));
    }

    @Test
    void crashAfterTheCommitPointRollsForwardOnRestart() throws Exception {
        TxnManager first = managers.start();
        TransactionManager mgr = first.proxy();
        long id = mgr.create(30_000).id;
        Scripted a = Scripted.voting(PREPARED);
        Scripted b = Scripted.voting(PREPARED);
        a.commitFailures.set(-1);
        b.commitFailures.set(-1);
        mgr.join(id, a, 1);
        mgr.join(id, b, 1);
        long shortOfCommit = mgr.create(30_000).id;
        mgr.join(shortOfCommit, Scripted.voting(PREPARED), 1);
        mgr.commit(id);
        until("roll-forward tried", () -> a.count("commit") >= 1 && b.count("commit") >= 1);
        managers.crash(first);
        a.commitFailures.set(0);
        b.commitFailures.set(0);
        TxnManager second = managers.start();
        // the same manager: proxies compare equal, and participants ask it for the roll decision (TX.2.8.1)
        assertEquals(mgr, second.proxy());
        assertEquals(COMMITTED, second.proxy().getState(id));
        until("rolled forward after restart", () -> a.count("commit") >= 2 && b.count("commit") >= 2);
        // TX.2.8: short of its commit point: forgotten, which participants take as aborted
        assertThrows(UnknownTransactionException.class, () -> second.proxy().getState(shortOfCommit));
    }
}
