package org.estuary.txn.internal;

import static net.jini.core.transaction.server.TransactionConstants.ABORTED;
import static net.jini.core.transaction.server.TransactionConstants.ACTIVE;
import static net.jini.core.transaction.server.TransactionConstants.COMMITTED;
import static net.jini.core.transaction.server.TransactionConstants.PREPARED;
import static org.estuary.txn.internal.Managers.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.util.List;

import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.UnknownTransactionException;
import net.jini.core.transaction.server.CrashCountException;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.TransactionManager;
import net.jini.core.transaction.server.TransactionParticipant;

import org.estuary.store.memory.testing.MemoryStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Nested transactions (TX.2.2, TX.2.7) in one manager and across two managers in one JVM. */
class NestedTest {

    private final Managers managers = new Managers();
    /** A second manager, on a store of its own and the first one's clock. */
    private final Managers others = new Managers(MemoryStores.open(), managers.clock);

    @AfterEach
    void close() {
        managers.close();
        others.close();
    }

    @Test
    void aNestedTransactionVotesThenPromotesItsParticipantsIntoTheParent() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        long parent = mgr.create(30_000).id;
        long nested = mgr.create(mgr, parent, 30_000).id;
        Scripted a = Scripted.voting(PREPARED);
        Scripted b = Scripted.voting(PREPARED);
        mgr.join(nested, a, 1);
        mgr.join(nested, b, 1);
        mgr.commit(nested);
        // TX.2.6: PREPARED in the nested transaction means ready to roll forward into the parent; nothing is final yet
        assertEquals(COMMITTED, mgr.getState(nested));
        assertEquals(List.of("prepare " + nested), a.calls);
        assertEquals(ACTIVE, mgr.getState(parent));
        // TX.2.7: promoted, they vote and roll forward in the top-level transaction
        mgr.commit(parent, 10_000);
        assertEquals(List.of("prepare " + nested, "prepare " + parent, "commit " + parent), a.calls);
        assertEquals(List.of("prepare " + nested, "prepare " + parent, "commit " + parent), b.calls);
    }

    @Test
    void abortingTheParentAbortsEverythingNestedCommittedOrNot() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        long parent = mgr.create(30_000).id;
        long committed = mgr.create(mgr, parent, 30_000).id;
        long grandchild = mgr.create(mgr, committed, 30_000).id;
        long active = mgr.create(mgr, parent, 30_000).id;
        Scripted promoted = Scripted.voting(PREPARED);
        Scripted open = Scripted.voting(PREPARED);
        mgr.join(committed, promoted, 1);
        mgr.join(active, open, 1);
        mgr.abort(grandchild);
        mgr.commit(committed);
        mgr.abort(parent, 10_000);
        // TX.2.7: aborting a transaction aborts everything nested under it; getState shows it
        assertEquals(ABORTED, mgr.getState(committed));
        assertEquals(ABORTED, mgr.getState(active));
        until("both hear abort", () -> promoted.count("abort") == 1 && open.count("abort") == 1);
        assertThrows(CannotJoinException.class, () -> mgr.create(mgr, parent, 30_000));
    }

    @Test
    void aParentCommittedBeforeItsNestedTransactionDropsTheNestedWork() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        long parent = mgr.create(30_000).id;
        long nested = mgr.create(mgr, parent, 30_000).id;
        Scripted part = Scripted.voting(PREPARED);
        mgr.join(nested, part, 1);
        mgr.commit(parent);
        // never promoted: not part of the parent; the nested transaction aborts
        assertEquals(ABORTED, mgr.getState(nested));
        assertThrows(CannotCommitException.class, () -> mgr.commit(nested));
        until("hears abort", () -> part.count("abort") == 1);
        assertEquals(0, part.count("commit"));
    }

    @Test
    void expiryOfTheParentsLeaseAbortsTheNested() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        long parent = mgr.create(10_000).id;
        long nested = mgr.create(mgr, parent, 60_000).id;
        managers.advance(10_000);
        // TX.2.7: the lease's expiry moves the parent to ABORTED, and everything nested with it
        assertEquals(ABORTED, mgr.getState(parent));
        assertEquals(ABORTED, mgr.getState(nested));
    }

    @Test
    void aCommittedNestedTransactionIsAnsweredWhileItsParentIsOpenAndForRetentionAfter() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        long kept = mgr.create(600_000).id;
        long keptNested = mgr.create(mgr, kept, 600_000).id;
        mgr.join(keptNested, Scripted.voting(PREPARED), 1);
        mgr.commit(keptNested);
        long dropped = mgr.create(600_000).id;
        long droppedNested = mgr.create(mgr, dropped, 600_000).id;
        mgr.join(droppedNested, Scripted.voting(PREPARED), 1);
        mgr.commit(droppedNested);
        managers.advance(2 * Managers.RETENTION_MS);
        // TX.2.7: a committed nested transaction's outcome waits for its parent's, however long the parent stays open
        assertEquals(COMMITTED, mgr.getState(keptNested));
        assertEquals(COMMITTED, mgr.getState(droppedNested));
        mgr.commit(kept, 10_000);
        mgr.abort(dropped, 10_000);
        assertEquals(ABORTED, mgr.getState(droppedNested));
        managers.advance(Managers.RETENTION_MS - 1);
        // TX.2.5: once the parent completed, each outcome is answered for retention.ms, then forgotten
        assertEquals(COMMITTED, mgr.getState(keptNested));
        assertEquals(ABORTED, mgr.getState(droppedNested));
        managers.advance(2);
        until("both forgotten", () -> unknown(mgr, keptNested) && unknown(mgr, droppedNested));
    }

    private static boolean unknown(TransactionManager mgr, long id) {
        try {
            mgr.getState(id);
            return false;
        } catch (UnknownTransactionException e) {
            return true;
        } catch (RemoteException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void nestedUnderAnUnknownOrCompletedParentIsRefused() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        // TX.2.2: unknown parent: UnknownTransactionException; known but not ACTIVE: CannotJoinException
        assertThrows(UnknownTransactionException.class, () -> mgr.create(mgr, 12345, 30_000));
        long parent = mgr.create(30_000).id;
        mgr.commit(parent);
        assertThrows(CannotJoinException.class, () -> mgr.create(mgr, parent, 30_000));
    }

    @Test
    void nestingAcrossTwoManagers() throws Exception {
        NestableTransactionManager top = managers.start().proxy();
        NestableTransactionManager other = others.start().proxy();
        long parent = top.create(30_000).id;
        long nested = other.create(top, parent, 30_000).id;
        Scripted a = Scripted.voting(PREPARED);
        Scripted b = Scripted.voting(PREPARED);
        other.join(nested, a, 1);
        other.join(nested, b, 1);
        other.commit(nested);
        assertEquals(COMMITTED, other.getState(nested));
        // TX.2.7: promoted into the parent's manager, they vote and roll forward there
        top.commit(parent, 10_000);
        assertEquals(List.of("prepare " + nested, "prepare " + parent, "commit " + parent), a.calls);
        assertEquals(List.of("prepare " + nested, "prepare " + parent, "commit " + parent), b.calls);
    }

    @Test
    void abortingAParentInAnotherManagerAbortsTheNested() throws Exception {
        NestableTransactionManager top = managers.start().proxy();
        NestableTransactionManager other = others.start().proxy();
        long parent = top.create(30_000).id;
        long committed = other.create(top, parent, 30_000).id;
        long active = other.create(top, parent, 30_000).id;
        Scripted promoted = Scripted.voting(PREPARED);
        mgrJoin(other, committed, promoted);
        other.commit(committed);
        top.abort(parent, 10_000);
        // TX.2.7: the nested manager, a participant of the parent, hears the abort; getState reflects it
        assertEquals(ABORTED, other.getState(committed));
        assertEquals(ABORTED, other.getState(active));
        until("promoted participant hears abort", () -> promoted.count("abort") == 1);
    }

    private static void mgrJoin(TransactionManager mgr, long id, TransactionParticipant part) throws Exception {
        mgr.join(id, part, 1);
    }

    @Test
    void promoteIsAllOrNoneChecksCrashCountsAndHonoursDrop() throws Exception {
        NestableTransactionManager mgr = managers.start().proxy();
        long parent = mgr.create(30_000).id;
        Scripted known = Scripted.voting(PREPARED);
        Scripted fresh = Scripted.voting(PREPARED);
        Scripted drop = Scripted.voting(PREPARED); // stands for the nested transaction's manager
        mgr.join(parent, known, 1);
        mgr.join(parent, drop, 3);
        // TX.2.7: drop leaves the parent as the others join
        mgr.promote(parent, new TransactionParticipant[] {fresh, known}, new long[] {1, 1}, drop);
        mgr.commit(parent, 10_000);
        assertEquals(List.of("prepare " + parent, "commit " + parent), fresh.calls);
        assertEquals(List.of(), drop.calls);
        // TX.2.7: a crash count other than the one known: CrashCountException, and the parent aborts
        long second = mgr.create(30_000).id;
        mgr.join(second, known, 1);
        Scripted other = Scripted.voting(PREPARED);
        assertThrows(CrashCountException.class, () -> mgr.promote(second,
                new TransactionParticipant[] {other, known}, new long[] {1, 2}, null));
        assertEquals(ABORTED, mgr.getState(second));
        assertEquals(0, other.count("abort"), "none promoted");
        assertThrows(IllegalArgumentException.class, () -> mgr.promote(second, new TransactionParticipant[1],
                new long[2], null));
    }
}
