package net.jini.core.transaction.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.util.List;

import org.junit.jupiter.api.Test;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.NestableTransaction;
import net.jini.core.transaction.TransactionTestSupport;
import net.jini.core.transaction.UnknownTransactionException;

class NestableServerTransactionTest {

    // TX.3.3: the constructor sets mgr, id and parent; parent is null for a top-level transaction.
    @Test
    void fieldsHoldConstructorArguments() {
        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction top = new NestableServerTransaction(mgr, 1L, null);
        NestableServerTransaction child = new NestableServerTransaction(mgr, 2L, top);
        assertSame(mgr, top.mgr);
        assertEquals(1L, top.id);
        assertNull(top.parent);
        assertSame(top, child.parent);
        assertInstanceOf(NestableTransaction.class, child);
        assertInstanceOf(ServerTransaction.class, child);
    }

    // TX.3.3: isNested is true exactly when there is a parent.
    @Test
    void isNestedFollowsParent() {
        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction top = new NestableServerTransaction(mgr, 1L, null);
        assertFalse(top.isNested());
        assertTrue(new NestableServerTransaction(mgr, 2L, top).isNested());
    }

    // TX.3.1, TX.2.2: create(leaseFor) asks this transaction's own manager for a transaction whose parent is
    // (mgr, id), and the result has this transaction as parent and the granted lease.
    @Test
    void createWithSameManager() throws Exception {
        RecordingManager mgr = new RecordingManager("m");
        mgr.nextId = 55L;
        mgr.nextLease = new FakeLease("granted");
        NestableServerTransaction top = new NestableServerTransaction(mgr, 4L, null);

        NestableTransaction.Created created = top.create(30_000L);

        assertEquals(List.of("create(m,4,30000)"), mgr.calls);
        assertSame(mgr, mgr.lastArgs.get(0));
        assertSame(mgr.nextLease, created.lease);
        NestableServerTransaction nested = assertInstanceOf(NestableServerTransaction.class, created.transaction);
        assertSame(mgr, nested.mgr);
        assertEquals(55L, nested.id);
        assertSame(top, nested.parent);
        assertTrue(nested.isNested());
    }

    // TX.3.1, TX.2.2: create(mgr, leaseFor) asks the given manager, passing the parent's manager and id; the
    // nested transaction belongs to the given manager.
    @Test
    void createWithOtherManager() throws Exception {
        RecordingManager parentMgr = new RecordingManager("p");
        RecordingManager nestedMgr = new RecordingManager("n");
        nestedMgr.nextId = 9L;
        nestedMgr.nextLease = new FakeLease("nested");
        NestableServerTransaction top = new NestableServerTransaction(parentMgr, 4L, null);

        NestableTransaction.Created created = top.create(nestedMgr, 500L);

        assertEquals(List.of(), parentMgr.calls);
        assertEquals(List.of("create(p,4,500)"), nestedMgr.calls);
        assertSame(parentMgr, nestedMgr.lastArgs.get(0));
        NestableServerTransaction nested = (NestableServerTransaction) created.transaction;
        assertSame(nestedMgr, nested.mgr);
        assertEquals(9L, nested.id);
        assertSame(top, nested.parent);
        assertSame(nestedMgr.nextLease, created.lease);
    }

    // TX.3.1: a missing manager is rejected before any remote call.
    @Test
    void createWithNullManagerThrowsNullPointerException() {
        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction top = new NestableServerTransaction(mgr, 4L, null);
        assertThrows(NullPointerException.class, () -> top.create(null, 10L));
        assertEquals(List.of(), mgr.calls);
    }

    // TX.2.2: the manager's exceptions for create reach the caller unchanged.
    @Test
    void createPropagatesManagerExceptions() {
        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction top = new NestableServerTransaction(mgr, 4L, null);
        UnknownTransactionException unknown = new UnknownTransactionException();
        mgr.toThrow = unknown;
        assertSame(unknown, assertThrows(UnknownTransactionException.class, () -> top.create(10L)));
        CannotJoinException join = new CannotJoinException();
        mgr.toThrow = join;
        assertSame(join, assertThrows(CannotJoinException.class, () -> top.create(10L)));
        LeaseDeniedException denied = new LeaseDeniedException();
        mgr.toThrow = denied;
        assertSame(denied, assertThrows(LeaseDeniedException.class, () -> top.create(mgr, 10L)));
    }

    // TX.3.3: promote(parts, crashCounts, drop) is mgr.promote(id, parts, crashCounts, drop), arguments
    // passed as they are.
    @Test
    void promoteDelegatesToManager() throws Exception {
        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction tr = new NestableServerTransaction(mgr, 21L, null);
        TransactionParticipant[] parts = {new FakeParticipant(), new FakeParticipant()};
        long[] counts = {1L, 2L};
        FakeParticipant drop = new FakeParticipant();

        tr.promote(parts, counts, drop);

        assertEquals(List.of("promote(21)"), mgr.calls);
        assertSame(parts, mgr.lastArgs.get(0));
        assertSame(counts, mgr.lastArgs.get(1));
        assertSame(drop, mgr.lastArgs.get(2));

        CrashCountException crash = new CrashCountException();
        mgr.toThrow = crash;
        assertSame(crash, assertThrows(CrashCountException.class, () -> tr.promote(parts, counts, null)));
        assertNull(mgr.lastArgs.get(2));
    }

    // TX.3.3: the inherited protocol methods still delegate with this transaction's id.
    @Test
    void inheritedMethodsDelegate() throws Exception {
        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction tr = new NestableServerTransaction(mgr, 6L, null);
        tr.join(new FakeParticipant(), 3L);
        tr.commit();
        tr.abort(7L);
        assertEquals(List.of("join(6,3)", "commit(6)", "abort(6,7)"), mgr.calls);
    }

    // TX.2.2, TX.3.3: enclosedBy is true for the parent and every further ancestor, compared by equality.
    @Test
    void enclosedByAncestors() {
        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction top = new NestableServerTransaction(mgr, 1L, null);
        NestableServerTransaction mid = new NestableServerTransaction(mgr, 2L, top);
        NestableServerTransaction leaf = new NestableServerTransaction(new RecordingManager("o"), 3L, mid);

        assertTrue(leaf.enclosedBy(mid));
        assertTrue(leaf.enclosedBy(top));
        assertTrue(mid.enclosedBy(top));
        // another proxy for the same transaction encloses as well
        assertTrue(leaf.enclosedBy(new NestableServerTransaction(new RecordingManager("m"), 1L, null)));
    }

    // TX.2.2, TX.3.3: not enclosed by itself, by a descendant, by an unrelated transaction or by null.
    @Test
    void notEnclosedByOthers() {
        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction top = new NestableServerTransaction(mgr, 1L, null);
        NestableServerTransaction mid = new NestableServerTransaction(mgr, 2L, top);
        NestableServerTransaction sibling = new NestableServerTransaction(mgr, 4L, top);

        assertFalse(top.enclosedBy(top));
        assertFalse(mid.enclosedBy(mid));
        assertFalse(top.enclosedBy(mid));
        assertFalse(mid.enclosedBy(sibling));
        assertFalse(mid.enclosedBy(new NestableServerTransaction(mgr, 99L, null)));
        assertFalse(mid.enclosedBy(new NestableServerTransaction(new RecordingManager("x"), 1L, null)));
        assertFalse(mid.enclosedBy(null));
    }

    // TX.3.3: equality is that of ServerTransaction (manager and id); the parent plays no part.
    @Test
    void equalityIgnoresParent() {
        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction top = new NestableServerTransaction(mgr, 1L, null);
        NestableServerTransaction a = new NestableServerTransaction(mgr, 2L, top);
        NestableServerTransaction b = new NestableServerTransaction(new RecordingManager("m"), 2L, null);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals((int) 2L ^ mgr.hashCode(), a.hashCode());
        assertNotEquals(a, top);
        assertNotEquals(a, new NestableServerTransaction(new RecordingManager("n"), 2L, top));
    }

    // TX.3.3: the serial form adds the parent field to ServerTransaction's; the chain survives a round trip.
    @Test
    void serialForm() throws Exception {
        ObjectStreamClass osc = ObjectStreamClass.lookup(NestableServerTransaction.class);
        assertEquals(-3438419132543972925L, osc.getSerialVersionUID());
        assertArrayEquals(new String[] {"parent"},
                java.util.Arrays.stream(osc.getFields()).map(ObjectStreamField::getName).toArray(String[]::new));

        RecordingManager mgr = new RecordingManager("m");
        NestableServerTransaction top = new NestableServerTransaction(mgr, 1L, null);
        NestableServerTransaction child = new NestableServerTransaction(mgr, 2L, top);
        NestableServerTransaction copy = TransactionTestSupport.roundTrip(child);
        assertNotSame(child, copy);
        assertEquals(child, copy);
        assertEquals(top, copy.parent);
        assertNull(copy.parent.parent);
        assertTrue(copy.enclosedBy(top));
    }
}
