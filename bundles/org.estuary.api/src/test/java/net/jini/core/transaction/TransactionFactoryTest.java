package net.jini.core.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.rmi.RemoteException;
import java.util.List;

import org.junit.jupiter.api.Test;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.transaction.server.FakeLease;
import net.jini.core.transaction.server.NestableServerTransaction;
import net.jini.core.transaction.server.NestableTransactionManager;
import net.jini.core.transaction.server.PlainManager;
import net.jini.core.transaction.server.RecordingManager;
import net.jini.core.transaction.server.ServerTransaction;
import net.jini.core.transaction.server.TransactionManager;

class TransactionFactoryTest {

    // TX.3.2, TX.2.1: create asks the manager for a transaction with the requested lease time and wraps the
    // returned id with that manager; the granted lease is returned as is.
    @Test
    void createTopLevel() throws Exception {
        PlainManager mgr = new PlainManager();
        mgr.nextId = 31L;
        mgr.nextLease = new FakeLease("g");

        Transaction.Created created = TransactionFactory.create(mgr, 60_000L);

        assertEquals(List.of("create(60000)"), mgr.calls);
        assertSame(mgr.nextLease, created.lease);
        ServerTransaction tr = assertInstanceOf(ServerTransaction.class, created.transaction);
        assertEquals(ServerTransaction.class, tr.getClass());
        assertSame(mgr, tr.mgr);
        assertEquals(31L, tr.id);
        assertFalse(tr.isNested());
    }

    // TX.3.2: if the manager passed to the first create is in fact nestable, the transaction can be cast to
    // NestableTransaction.
    @Test
    void createWithNestableManagerSeenAsPlain() throws Exception {
        RecordingManager nestable = new RecordingManager("m");
        nestable.nextId = 12L;
        TransactionManager asPlain = nestable;

        Transaction.Created created = TransactionFactory.create(asPlain, 1000L);

        assertEquals(List.of("create(1000)"), nestable.calls);
        NestableServerTransaction tr = assertInstanceOf(NestableServerTransaction.class, created.transaction);
        assertInstanceOf(NestableTransaction.class, created.transaction);
        assertSame(nestable, tr.mgr);
        assertEquals(12L, tr.id);
        assertNull(tr.parent);
    }

    // TX.3.2, TX.2.2: the second create returns a top-level NestableTransaction of the given manager.
    @Test
    void createNestable() throws Exception {
        RecordingManager mgr = new RecordingManager("m");
        mgr.nextId = 77L;
        mgr.nextLease = new FakeLease("n");

        NestableTransaction.Created created = TransactionFactory.create((NestableTransactionManager) mgr, 5L);

        assertEquals(List.of("create(5)"), mgr.calls);
        assertSame(mgr.nextLease, created.lease);
        NestableServerTransaction tr = assertInstanceOf(NestableServerTransaction.class, created.transaction);
        assertSame(mgr, tr.mgr);
        assertEquals(77L, tr.id);
        assertNull(tr.parent);
        assertFalse(tr.isNested());
    }

    // TX.2.1: the manager may deny the lease; the factory passes the exception on.
    @Test
    void createPropagatesManagerExceptions() {
        RecordingManager mgr = new RecordingManager("m");
        LeaseDeniedException denied = new LeaseDeniedException("no");
        mgr.toThrow = denied;
        assertSame(denied, assertThrows(LeaseDeniedException.class,
                () -> TransactionFactory.create((NestableTransactionManager) mgr, 5L)));
        RemoteException remote = new RemoteException("down");
        mgr.toThrow = remote;
        assertSame(remote, assertThrows(RemoteException.class,
                () -> TransactionFactory.create((TransactionManager) mgr, 5L)));
    }

    // TX.3.2: a transaction needs a manager.
    @Test
    void nullManagerThrowsNullPointerException() {
        assertThrows(NullPointerException.class, () -> TransactionFactory.create((TransactionManager) null, 1L));
        assertThrows(NullPointerException.class,
                () -> TransactionFactory.create((NestableTransactionManager) null, 1L));
    }
}
