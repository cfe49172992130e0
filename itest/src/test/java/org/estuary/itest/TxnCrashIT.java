package org.estuary.itest;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.rmi.RemoteException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionConstants;
import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.txn.participant.RollDecision;
import org.junit.ClassRule;
import org.junit.Test;

/**
 * Crash recovery of the transaction manager in the distribution, on its default embedded store (TX.2.8): the
 * container's JVM is killed with SIGKILL while one transaction is past its commit point with a participant not yet
 * rolled forward, and another is still voting; after the restart the first is rolled forward at every PREPARED
 * participant, and the second is unknown, so its participants roll back (TX.2.8.1). And {@code bundle:update} of
 * the manager's bundle under a commit load: every acknowledged commit is rolled forward at all its participants, no
 * transaction is committed at one participant and aborted at another, and a commit point written before the update is
 * rolled forward by the new instance. Kills under load are {@code KillLoopIT}'s.
 */
public class TxnCrashIT {

    private static final Duration BOUND = Duration.ofSeconds(60);

    @ClassRule
    public static final DistributionRule KARAF = new DistributionRule(NestableTransactionManager.class);

    /** A participant in this JVM: records calls; its commit fails until told otherwise; its prepare may hang. */
    static final class Participant implements TransactionParticipant {
        final List<String> calls = new CopyOnWriteArrayList<>();
        /** The transactions it rolled forward (commit returned normally). */
        final List<Long> rolledForward = new CopyOnWriteArrayList<>();
        volatile boolean failCommits;
        volatile CountDownLatch holdPrepare;

        @Override
        public int prepare(TransactionManager mgr, long id) {
            calls.add("prepare " + id);
            CountDownLatch hold = holdPrepare;
            if (hold != null) {
                try {
                    hold.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return TransactionConstants.PREPARED;
        }

        @Override
        public void commit(TransactionManager mgr, long id) throws RemoteException {
            calls.add("commit " + id);
            if (failCommits) {
                throw new RemoteException("not reachable yet (the test's script)");
            }
            rolledForward.add(id);
        }

        @Override
        public void abort(TransactionManager mgr, long id) {
            calls.add("abort " + id);
        }

        @Override
        public int prepareAndCommit(TransactionManager mgr, long id) throws RemoteException {
            int vote = prepare(mgr, id);
            commit(mgr, id);
            return vote == TransactionConstants.PREPARED ? TransactionConstants.COMMITTED : vote;
        }
    }

    @Test
    public void aKilledManagerRollsForwardWhatPassedItsCommitPointAndForgetsWhatDidNot() throws Exception {
        NestableTransactionManager mgr = KARAF.client().lookup(NestableTransactionManager.class);
        // past the commit point: b does not answer commit before the crash
        Participant a = new Participant();
        Participant b = new Participant();
        long committed = pastItsCommitPoint(mgr, a, b);
        // short of the commit point: c holds its vote
        Participant c = new Participant();
        Participant d = new Participant();
        c.holdPrepare = new CountDownLatch(1);
        long voting = mgr.create(600_000).id;
        mgr.join(voting, KARAF.client().exportParticipant(c), 1);
        mgr.join(voting, KARAF.client().exportParticipant(d), 1);
        CompletableFuture<Void> commit = CompletableFuture.runAsync(() -> {
            try {
                mgr.commit(voting);
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        await("c was asked to vote", () -> c.calls.contains("prepare " + voting));
        assertEquals(TransactionConstants.VOTING, mgr.getState(voting));

        KARAF.crashAndRestart();
        c.holdPrepare.countDown();
        b.failCommits = false;

        // TX.2.8: the committed transaction is COMMITTED and rolls forward at every PREPARED participant; the proxy
        // from before the crash still reaches the manager
        await("b rolled forward after the restart", () -> b.rolledForward.contains(committed));
        assertTrue(a.rolledForward.contains(committed));
        // TX.2.8.1: the one short of its commit point is unknown now: its participants roll back
        try {
            mgr.getState(voting);
            fail("a transaction short of its commit point survived the crash");
        } catch (UnknownTransactionException expected) {
            // aborted by the crash
        }
        assertEquals(RollDecision.ROLL_BACK, RollDecision.of(mgr, voting));
        assertTrue(c.rolledForward.isEmpty() && d.rolledForward.isEmpty());
        assertTrue("the client's commit call did not finish normally", commit.handle((ok, e) -> e != null).get());
    }

    @Test
    public void bundleUpdateUnderRunningTransactionsKeepsEveryAcknowledgedCommit() throws Exception {
        NestableTransactionManager mgr = KARAF.client().lookup(NestableTransactionManager.class);
        // past its commit point across the update: b does not answer commit yet
        Participant a = new Participant();
        Participant b = new Participant();
        long pending = pastItsCommitPoint(mgr, a, b);

        TxnFaultClient committing = new TxnFaultClient(KARAF.client());
        FaultLoad load = new FaultLoad(List.of(committing), 2, 1);
        try {
            await("commits acknowledged before the update", () -> committing.acknowledged() >= 20);
            KARAF.get().updateBundle("org.estuary.txn", "Estuary transaction manager active");
            long before = committing.acknowledged();
            await("commits acknowledged after the update",
                    () -> committing.acknowledged() >= before + 20 || load.wrong() != null);
        } finally {
            load.stop();
        }
        if (load.wrong() != null) {
            throw new AssertionError(load.wrong());
        }
        b.failCommits = false;
        // TX.2.8: the commit point written before the update is rolled forward by the new instance
        await("the pending transaction rolled forward at b", () -> b.rolledForward.contains(pending));
        // every acknowledged commit reached both participants; none committed at one and aborted at the other
        assertEquals(List.of(), committing.check());
    }

    /** A transaction of {@code a} and {@code b} committed, with {@code b} failing its commit until told otherwise. */
    private static long pastItsCommitPoint(NestableTransactionManager mgr, Participant a, Participant b)
            throws Exception {
        b.failCommits = true;
        long id = mgr.create(600_000).id;
        mgr.join(id, KARAF.client().exportParticipant(a), 1);
        mgr.join(id, KARAF.client().exportParticipant(b), 1);
        mgr.commit(id);
        await("b was asked to commit", () -> b.calls.contains("commit " + id));
        return id;
    }

    private static void await(String what, java.util.function.BooleanSupplier condition) throws Exception {
        if (!Processes.await(BOUND, condition)) {
            throw new AssertionError(what + " did not happen within " + BOUND + "; Karaf log:\n"
                    + KARAF.get().log());
        }
    }
}
