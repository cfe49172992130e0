package org.estuary.txn.internal;

import static net.jini.core.transaction.server.TransactionConstants.ABORTED;
import static net.jini.core.transaction.server.TransactionConstants.COMMITTED;
import static net.jini.core.transaction.server.TransactionConstants.PREPARED;
import static net.jini.core.transaction.server.TransactionConstants.VOTING;
import static org.estuary.txn.internal.Managers.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.server.TransactionManager;

import org.estuary.store.api.Batch;
import org.estuary.store.api.Operation;
import org.estuary.store.api.StoreException;
import org.estuary.store.api.testing.InterceptedStore;
import org.estuary.store.memory.testing.MemoryStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * TX.2.8 when the store cannot say whether the commit point is durable (Store S1: a write that failed with an
 * unknown outcome may still become durable): the manager gives no outcome until the store acknowledges a write of
 * the commit point, so no client hears "aborted" of a transaction that recovery would roll forward.
 */
class CommitPointOutcomeTest {

    /** A memory store that answers the first commit point written with a failure; whether it kept it is the test's. */
    private static final class UnsureStore extends InterceptedStore {
        private final boolean keepsIt;
        private final boolean outcomeUnknown;
        private boolean failed;

        UnsureStore(boolean keepsIt, boolean outcomeUnknown) {
            super(MemoryStores.open());
            this.keepsIt = keepsIt;
            this.outcomeUnknown = outcomeUnknown;
        }

        @Override
        public CompletionStage<Void> apply(Batch batch) {
            synchronized (this) {
                if (!failed && batch.operations().stream().anyMatch(CommitPointOutcomeTest::isCommitPoint)) {
                    failed = true;
                    if (keepsIt) {
                        delegate.apply(batch).toCompletableFuture().join();
                    }
                    return CompletableFuture.failedFuture(new StoreException(StoreException.Reason.UNAVAILABLE,
                            "the disk did not answer (test)", null, outcomeUnknown));
                }
            }
            return delegate.apply(batch);
        }
    }

    static boolean isCommitPoint(Operation operation) {
        return operation.kind() == Operation.Kind.PUT && operation.space().equals(Records.COMMITTED);
    }

    private Managers managers;

    @AfterEach
    void close() {
        managers.close();
    }

    private long preparedPair(TransactionManager mgr, Scripted a, Scripted b) throws Exception {
        long id = mgr.create(30_000).id;
        mgr.join(id, a, 1);
        mgr.join(id, b, 1);
        return id;
    }

    @Test
    void anUnknownOutcomeGivesNoAnswerAndTheCommitPointIsWrittenAgain() throws Exception {
        managers = new Managers(new UnsureStore(false, true));
        TransactionManager mgr = managers.start().proxy();
        Scripted a = Scripted.voting(PREPARED);
        Scripted b = Scripted.voting(PREPARED);
        long id = preparedPair(mgr, a, b);
        // TX.2.5, TX.2.8: not CannotCommitException: the outcome is not decided while the record may be durable
        RemoteException undecided = assertThrows(RemoteException.class, () -> mgr.commit(id));
        assertTrue(undecided.getMessage().contains("not decided yet"), undecided.getMessage());
        assertEquals(VOTING, mgr.getState(id));
        assertEquals(0, a.count("commit") + a.count("abort") + b.count("commit") + b.count("abort"));
        // the same commit point is written again after the back-off; acknowledged, the transaction commits
        until("the commit point written again is scheduled",
                () -> managers.clock.describePending().stream().anyMatch(t -> t.contains("commit point of")));
        managers.clock.advance(8 * Managers.RETRY_MS, TimeUnit.MILLISECONDS);
        until("committed", () -> state(mgr, id) == COMMITTED);
        until("both rolled forward", () -> a.count("commit") == 1 && b.count("commit") == 1);
        assertEquals(0, a.count("abort") + b.count("abort"));
        mgr.commit(id); // TX.2.5: commit of a committed transaction returns
    }

    @Test
    void aCommitPointKeptDespiteItsFailureRollsForwardAfterACrash() throws Exception {
        managers = new Managers(new UnsureStore(true, true));
        TxnManager first = managers.start();
        TransactionManager mgr = first.proxy();
        Scripted a = Scripted.voting(PREPARED);
        Scripted b = Scripted.voting(PREPARED);
        long id = preparedPair(mgr, a, b);
        assertThrows(RemoteException.class, () -> mgr.commit(id));
        managers.crash(first); // before the write again: the store holds the record it did not acknowledge
        TxnManager second = managers.start();
        // TX.2.8: recovery finds the commit point and rolls forward; nobody was told the transaction aborted
        assertEquals(COMMITTED, second.proxy().getState(id));
        until("rolled forward after restart", () -> a.count("commit") == 1 && b.count("commit") == 1);
        assertEquals(0, a.count("abort") + b.count("abort"));
    }

    @Test
    void aCommitPointThatCertainlyFailedAborts() throws Exception {
        managers = new Managers(new UnsureStore(false, false));
        TransactionManager mgr = managers.start().proxy();
        Scripted a = Scripted.voting(PREPARED);
        Scripted b = Scripted.voting(PREPARED);
        long id = preparedPair(mgr, a, b);
        // TX.2.5: the store says the record was not written: the transaction aborts and the prepared hear it
        CannotCommitException aborted = assertThrows(CannotCommitException.class, () -> mgr.commit(id));
        assertTrue(aborted.getMessage().contains("could not be made durable"), aborted.getMessage());
        assertEquals(ABORTED, mgr.getState(id));
        until("both told to abort", () -> a.count("abort") == 1 && b.count("abort") == 1);
        assertEquals(0, a.count("commit") + b.count("commit"));
    }

    private static int state(TransactionManager mgr, long id) {
        try {
            return mgr.getState(id);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
