package org.estuary.txn.conformance;

import static net.jini.core.transaction.server.TransactionConstants.ABORTED;
import static net.jini.core.transaction.server.TransactionConstants.ACTIVE;
import static net.jini.core.transaction.server.TransactionConstants.COMMITTED;
import static net.jini.core.transaction.server.TransactionConstants.NOTCHANGED;
import static net.jini.core.transaction.server.TransactionConstants.PREPARED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import net.jini.core.lease.Lease;
import net.jini.core.transaction.CannotAbortException;
import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.NestableTransaction;
import net.jini.core.transaction.Transaction;
import net.jini.core.transaction.TransactionFactory;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.CrashCountException;
import net.jini.core.transaction.server.NestableServerTransaction;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.ServerTransaction;
import net.jini.core.transaction.server.TransactionParticipant;

import org.junit.jupiter.api.Test;

/**
 * The TX conformance suite: it talks to a manager only through {@code net.jini.core.transaction} and
 * {@code net.jini.core.transaction.server}, with participants that vote as told. A subclass supplies two managers
 * (for nesting across managers) and the way its participants reach them: as they are in the manager's JVM, exported
 * over RMI from another JVM. Waits for what the manager does after it answered (roll-forward, abort notices) are
 * bounded condition waits.
 */
public abstract class TransactionConformance {

    /** The manager under test. */
    protected abstract NestableTransactionManager manager() throws Exception;

    /** A second manager, for nested transactions whose parent another manager holds. */
    protected abstract NestableTransactionManager otherManager() throws Exception;

    /** The reference the managers get for {@code participant}: itself in their JVM, an RMI stub from another. */
    protected abstract TransactionParticipant export(Recording participant) throws Exception;

    private TransactionParticipant joined(ServerTransaction txn, int vote, Recording[] out) throws Exception {
        Recording part = new Recording(vote);
        out[0] = part;
        TransactionParticipant ref = export(part);
        txn.join(ref, 1);
        return ref;
    }

    private Recording join(ServerTransaction txn, int vote) throws Exception {
        Recording[] part = new Recording[1];
        joined(txn, vote, part);
        return part[0];
    }

    private static void until(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within 20 s: " + what);
            }
            Thread.sleep(10);
        }
    }

    private NestableServerTransaction create() throws Exception {
        return (NestableServerTransaction) TransactionFactory.create(manager(), 60_000).transaction;
    }

    @Test
    void factoryCreatesServerTransactionsThatCompareByManagerAndId() throws Exception {
        // TX.3.2: a NestableTransactionManager's transaction is a NestableTransaction, with the granted lease
        Transaction.Created created = TransactionFactory.create((net.jini.core.transaction.server.TransactionManager)
                manager(), 60_000);
        assertTrue(created.transaction instanceof NestableTransaction);
        ServerTransaction txn = (ServerTransaction) created.transaction;
        assertTrue(created.lease.getExpiration() > System.currentTimeMillis());
        assertTrue(created.lease.getExpiration() <= System.currentTimeMillis() + 60_000);
        // TX.3.3: equals by manager and id; hashCode is the id cast to int XORed with the manager's hash code
        assertEquals(new ServerTransaction(manager(), txn.id), txn);
        assertEquals((int) txn.id ^ manager().hashCode(), txn.hashCode());
        assertNotEquals(new ServerTransaction(otherManager(), txn.id), txn);
        assertFalse(txn.isNested());
        assertEquals(ACTIVE, txn.getState());
    }

    @Test
    void commitWithPreparedParticipantsRollsEachForward() throws Exception {
        NestableServerTransaction txn = create();
        Recording a = join(txn, PREPARED);
        Recording b = join(txn, PREPARED);
        txn.commit(20_000); // TX.2.5: returns once every participant was told
        assertEquals(COMMITTED, txn.getState());
        // TX.2.7: each PREPARED participant voted and rolled forward
        assertEquals(List.of("prepare " + txn.id, "commit " + txn.id), a.calls());
        assertEquals(List.of("prepare " + txn.id, "commit " + txn.id), b.calls());
        txn.commit(); // TX.2.5: known to have committed: returns
        assertThrows(CannotAbortException.class, txn::abort);
    }

    @Test
    void notChangedParticipantsHearNothingMore() throws Exception {
        NestableServerTransaction txn = create();
        Recording readOnly = join(txn, NOTCHANGED);
        Recording writer = join(txn, PREPARED);
        txn.commit(20_000);
        // TX.2.7: a NOTCHANGED participant is dropped; no further communication
        assertEquals(List.of("prepare " + txn.id), readOnly.calls());
        assertEquals(List.of("prepare " + txn.id, "commit " + txn.id), writer.calls());
    }

    @Test
    void aSingleParticipantMayBeAskedToPrepareAndCommit() throws Exception {
        NestableServerTransaction txn = create();
        Recording only = join(txn, PREPARED);
        txn.commit(20_000);
        // TX.2.7: one participant: prepareAndCommit, or prepare then commit (both keep the semantics)
        assertRolledForward(only.calls(), txn.id);
    }

    /**
     * TX.2.7: {@code calls} end with the participant voting and rolling forward in {@code id}: {@code prepare} then
     * {@code commit}, or {@code prepareAndCommit} when it is the only one left to vote.
     */
    private static void assertRolledForward(List<String> calls, long id) {
        List<String> separate = List.of("prepare " + id, "commit " + id);
        List<String> together = List.of("prepareAndCommit " + id);
        boolean ok = calls.size() >= 2 && calls.subList(calls.size() - 2, calls.size()).equals(separate)
                || !calls.isEmpty() && calls.subList(calls.size() - 1, calls.size()).equals(together);
        assertTrue(ok, "not voted and rolled forward in " + id + ": " + calls);
    }

    @Test
    void anAbortedVoteAbortsTheTransaction() throws Exception {
        NestableServerTransaction txn = create();
        Recording prepared = join(txn, PREPARED);
        join(txn, ABORTED);
        // TX.2.7: one ABORTED vote aborts; TX.2.5: commit throws CannotCommitException
        assertThrows(CannotCommitException.class, txn::commit);
        assertEquals(ABORTED, txn.getState());
        until("the prepared participant hears abort", () -> prepared.calls().contains("abort " + txn.id));
        assertThrows(CannotCommitException.class, txn::commit);
        txn.abort(); // TX.2.5: known to have aborted: returns
    }

    @Test
    void abortTellsEveryParticipant() throws Exception {
        NestableServerTransaction txn = create();
        Recording a = join(txn, PREPARED);
        txn.abort(20_000);
        // TX.2.7: participants not yet asked to prepare hear abort
        assertEquals(List.of("abort " + txn.id), a.calls());
        assertThrows(CannotCommitException.class, txn::commit);
    }

    @Test
    void joinOnlyWhileActiveAndCrashCountsChecked() throws Exception {
        NestableServerTransaction txn = create();
        Recording[] first = new Recording[1];
        TransactionParticipant ref = joined(txn, PREPARED, first);
        txn.join(ref, 1); // TX.2.3: same participant, same crash count: accepted and ignored
        // TX.2.3: another crash count: CrashCountException, and the transaction aborts
        assertThrows(CrashCountException.class, () -> txn.join(ref, 2));
        assertEquals(ABORTED, txn.getState());
        assertThrows(CannotJoinException.class, () -> txn.join(export(new Recording(PREPARED)), 1));
        // TX.2.5: an id the manager never gave out
        assertThrows(UnknownTransactionException.class, () -> manager().getState(txn.id ^ 0x5a5a5a5a5a5aL));
    }

    @Test
    void cancellingTheLeaseAbortsTheTransaction() throws Exception {
        NestableTransaction.Created created = TransactionFactory.create(manager(), 60_000);
        ServerTransaction txn = (ServerTransaction) created.transaction;
        Recording part = join(txn, PREPARED);
        created.lease.cancel();
        // TX.2.1: a lease cancelled before commit or abort aborts the transaction
        assertEquals(ABORTED, txn.getState());
        assertThrows(CannotCommitException.class, txn::commit);
        until("participant hears abort", () -> part.calls().contains("abort " + txn.id));
    }

    @Test
    void anExpiredLeaseAbortsTheTransaction() throws Exception {
        NestableTransaction.Created created = TransactionFactory.create(manager(), 1_000);
        ServerTransaction txn = (ServerTransaction) created.transaction;
        assertTrue(created.lease.getExpiration() <= System.currentTimeMillis() + 1_000);
        // TX.2.1: the lease expired before commit or abort: the manager aborts
        until("aborted by expiry", () -> {
            try {
                return txn.getState() == ABORTED;
            } catch (Exception e) {
                return false;
            }
        });
        assertThrows(CannotCommitException.class, txn::commit);
    }

    @Test
    void aNestedTransactionPromotesIntoItsParentOfTheSameManager() throws Exception {
        NestableServerTransaction parent = create();
        NestableTransaction.Created created = parent.create(60_000);
        NestableServerTransaction nested = (NestableServerTransaction) created.transaction;
        // TX.3.3: nested, enclosed by its parent and not by itself
        assertTrue(nested.isNested());
        assertTrue(nested.enclosedBy(parent));
        assertFalse(parent.enclosedBy(nested));
        Recording part = join(nested, PREPARED);
        nested.commit();
        // TX.2.6: PREPARED in the nested transaction, then promoted: it votes and commits in the parent
        assertEquals(ACTIVE, parent.getState());
        parent.commit(20_000);
        assertEquals("prepare " + nested.id, part.calls().get(0));
        assertRolledForward(part.calls(), parent.id);
        assertEquals(part.calls().get(1).startsWith("prepareAndCommit") ? 2 : 3, part.calls().size());
    }

    @Test
    void aNestedTransactionOfAnotherManagerPromotesIntoItsParent() throws Exception {
        NestableServerTransaction parent = create();
        NestableServerTransaction nested = (NestableServerTransaction) parent.create(otherManager(), 60_000)
                .transaction;
        assertEquals(otherManager(), nested.mgr);
        assertTrue(nested.enclosedBy(parent));
        Recording a = join(nested, PREPARED);
        Recording b = join(nested, PREPARED);
        nested.commit();
        assertEquals(COMMITTED, nested.getState());
        // TX.2.7: promoted into the parent's manager, they vote and roll forward in the parent
        parent.commit(20_000);
        assertEquals(List.of("prepare " + nested.id, "prepare " + parent.id, "commit " + parent.id), a.calls());
        assertEquals(List.of("prepare " + nested.id, "prepare " + parent.id, "commit " + parent.id), b.calls());
    }

    @Test
    void abortingAParentAbortsItsNestedTransactionsInEveryManager() throws Exception {
        NestableServerTransaction parent = create();
        NestableServerTransaction here = (NestableServerTransaction) parent.create(60_000).transaction;
        NestableServerTransaction there = (NestableServerTransaction) parent.create(otherManager(), 60_000)
                .transaction;
        Recording promoted = join(there, PREPARED);
        there.commit();
        parent.abort(20_000);
        // TX.2.7: aborting a transaction aborts everything nested under it, committed or not
        assertEquals(ABORTED, here.getState());
        assertEquals(ABORTED, there.getState());
        until("the promoted participant hears abort", () -> promoted.calls().contains("abort " + parent.id));
        assertThrows(CannotJoinException.class, () -> parent.create(60_000));
    }

    @Test
    void badArgumentsAreRefusedClearly() throws Exception {
        NestableServerTransaction txn = create();
        assertThrows(IllegalArgumentException.class, () -> manager().create(-5));
        assertThrows(NullPointerException.class, () -> txn.join(null, 1));
        assertThrows(IllegalArgumentException.class,
                () -> txn.promote(new TransactionParticipant[0], new long[1], null));
        assertEquals(ACTIVE, manager().getState(manager().create(Lease.ANY).id)); // TX.2.1: ANY is a valid request
    }
}
