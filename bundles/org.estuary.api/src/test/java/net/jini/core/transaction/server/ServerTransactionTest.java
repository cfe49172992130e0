package net.jini.core.transaction.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.rmi.RemoteException;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import net.jini.core.transaction.CannotAbortException;
import net.jini.core.transaction.CannotCommitException;
import net.jini.core.transaction.CannotJoinException;
import net.jini.core.transaction.TimeoutExpiredException;
import net.jini.core.transaction.Transaction;
import net.jini.core.transaction.TransactionTestSupport;
import net.jini.core.transaction.UnknownTransactionException;

class ServerTransactionTest {

    // TX.3.3: mgr and id are the constructor's arguments.
    @Test
    void fieldsHoldConstructorArguments() {
        RecordingManager mgr = new RecordingManager("m");
        ServerTransaction tr = new ServerTransaction(mgr, 12L);
        assertSame(mgr, tr.mgr);
        assertEquals(12L, tr.id);
        assertInstanceOf(Transaction.class, tr);
        assertInstanceOf(Serializable.class, tr);
    }

    // TX.3.3: join, commit, abort and getState call the same method of the manager with the transaction id.
    @Test
    void methodsDelegateToManagerWithId() throws Exception {
        RecordingManager mgr = new RecordingManager("m");
        mgr.state = TransactionConstants.VOTING;
        ServerTransaction tr = new ServerTransaction(mgr, 5L);
        FakeParticipant part = new FakeParticipant();

        tr.join(part, 77L);
        assertEquals(List.of("join(5,77)"), mgr.calls);
        assertSame(part, mgr.lastArgs.get(0));

        assertEquals(TransactionConstants.VOTING, tr.getState());
        tr.commit();
        tr.commit(1000L);
        tr.abort();
        tr.abort(2000L);
        assertEquals(List.of("join(5,77)", "getState(5)", "commit(5)", "commit(5,1000)", "abort(5)",
                "abort(5,2000)"), mgr.calls);
    }

    // TX.3.3 with TX.2.3, TX.2.5: the manager's exceptions reach the caller unchanged.
    @Test
    void managerExceptionsPropagate() {
        RecordingManager mgr = new RecordingManager("m");
        ServerTransaction tr = new ServerTransaction(mgr, 5L);

        CrashCountException crash = new CrashCountException();
        mgr.toThrow = crash;
        assertSame(crash, assertThrows(CrashCountException.class, () -> tr.join(new FakeParticipant(), 1L)));

        CannotJoinException join = new CannotJoinException();
        mgr.toThrow = join;
        assertSame(join, assertThrows(CannotJoinException.class, () -> tr.join(new FakeParticipant(), 1L)));

        UnknownTransactionException unknown = new UnknownTransactionException();
        mgr.toThrow = unknown;
        assertSame(unknown, assertThrows(UnknownTransactionException.class, tr::getState));

        CannotCommitException commit = new CannotCommitException();
        mgr.toThrow = commit;
        assertSame(commit, assertThrows(CannotCommitException.class, tr::commit));

        TimeoutExpiredException timeout = new TimeoutExpiredException(true);
        mgr.toThrow = timeout;
        assertSame(timeout, assertThrows(TimeoutExpiredException.class, () -> tr.commit(10L)));

        CannotAbortException abort = new CannotAbortException();
        mgr.toThrow = abort;
        assertSame(abort, assertThrows(CannotAbortException.class, tr::abort));

        RemoteException remote = new RemoteException("down");
        mgr.toThrow = remote;
        assertSame(remote, assertThrows(RemoteException.class, () -> tr.abort(10L)));
    }

    // TX.3.3: a ServerTransaction is never nested.
    @Test
    void isNestedIsFalse() {
        assertFalse(new ServerTransaction(new RecordingManager("m"), 1L).isNested());
    }

    // TX.3.3: equal when the manager is equal and the identifier the same.
    @Test
    void equalsComparesManagerAndId() {
        ServerTransaction a = new ServerTransaction(new RecordingManager("m"), 3L);
        ServerTransaction sameMgrOtherProxy = new ServerTransaction(new RecordingManager("m"), 3L);
        ServerTransaction otherId = new ServerTransaction(new RecordingManager("m"), 4L);
        ServerTransaction otherMgr = new ServerTransaction(new RecordingManager("n"), 3L);

        assertEquals(a, a);
        assertEquals(a, sameMgrOtherProxy);
        assertEquals(sameMgrOtherProxy, a);
        assertNotEquals(a, otherId);
        assertNotEquals(a, otherMgr);
        assertNotEquals(a, null);
        assertNotEquals(a, "3");
    }

    // TX.3.3: equal objects need not share a class beyond ServerTransaction (a NestableServerTransaction
    // with the same manager and id is equal, both ways).
    @Test
    void equalsAcceptsSubclass() {
        RecordingManager mgr = new RecordingManager("m");
        ServerTransaction top = new ServerTransaction(mgr, 3L);
        NestableServerTransaction nestable = new NestableServerTransaction(mgr, 3L, null);
        assertEquals(top, nestable);
        assertEquals(nestable, top);
        assertEquals(top.hashCode(), nestable.hashCode());
    }

    // TX.3.3: hashCode is (int) id XOR mgr.hashCode().
    @Test
    void hashCodeFormula() {
        RecordingManager mgr = new RecordingManager("m");
        long id = 0x1234_5678_9ABC_DEF0L;
        ServerTransaction tr = new ServerTransaction(mgr, id);
        assertEquals((int) id ^ mgr.hashCode(), tr.hashCode());
        assertEquals(new ServerTransaction(new RecordingManager("m"), id).hashCode(), tr.hashCode());
    }

    // TX.3.3 leaves a missing manager open; the decision here is that such a transaction still has a hash
    // code ((int) id) and is equal only to another one without manager and with the same id.
    @Test
    void missingManagerDoesNotBreakEqualsOrHashCode() {
        ServerTransaction noMgr = new ServerTransaction(null, 5L);
        assertEquals(5, noMgr.hashCode());
        assertEquals(noMgr, new ServerTransaction(null, 5L));
        assertNotEquals(noMgr, new ServerTransaction(new RecordingManager("m"), 5L));
        assertNotEquals(new ServerTransaction(new RecordingManager("m"), 5L), noMgr);
    }

    // TX.3.3: the serial form is the two public fields mgr and id.
    @Test
    void serialForm() throws Exception {
        ObjectStreamClass osc = ObjectStreamClass.lookup(ServerTransaction.class);
        assertEquals(4552277137549765374L, osc.getSerialVersionUID());
        String[] names = Arrays.stream(osc.getFields()).map(ObjectStreamField::getName).sorted()
                .toArray(String[]::new);
        assertArrayEquals(new String[] {"id", "mgr"}, names);

        ServerTransaction tr = new ServerTransaction(new RecordingManager("m"), 8L);
        ServerTransaction copy = TransactionTestSupport.roundTrip(tr);
        assertEquals(tr, copy);
        assertEquals(8L, copy.id);
        assertEquals(ServerTransaction.class, copy.getClass());
    }
}
