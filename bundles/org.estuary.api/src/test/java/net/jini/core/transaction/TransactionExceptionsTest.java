package net.jini.core.transaction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.reflect.Modifier;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class TransactionExceptionsTest {

    // TX.2.2: TransactionException is a checked exception with a no-arg and a message constructor.
    @Test
    void transactionExceptionIsChecked() {
        TransactionException e = new TransactionException("d");
        assertInstanceOf(Exception.class, e);
        assertFalse(RuntimeException.class.isInstance(e));
        assertEquals("d", e.getMessage());
        assertNull(new TransactionException().getMessage());
    }

    // TX.2.2, TX.2.5: the protocol exceptions all extend TransactionException and keep their message.
    @Test
    void subclassesKeepMessages() {
        assertSubclass(new UnknownTransactionException(), new UnknownTransactionException("u"), "u");
        assertSubclass(new CannotJoinException(), new CannotJoinException("j"), "j");
        assertSubclass(new CannotCommitException(), new CannotCommitException("c"), "c");
        assertSubclass(new CannotAbortException(), new CannotAbortException("a"), "a");
        assertSubclass(new CannotNestException(), new CannotNestException("n"), "n");
    }

    private static void assertSubclass(TransactionException plain, TransactionException described, String desc) {
        assertNull(plain.getMessage());
        assertEquals(desc, described.getMessage());
        assertEquals(plain.getClass(), described.getClass());
    }

    // TX.2.5: TimeoutExpiredException carries whether the transaction committed, in a public mutable field.
    @Test
    void timeoutExpiredCarriesOutcome() throws Exception {
        TimeoutExpiredException committed = new TimeoutExpiredException(true);
        assertTrue(committed.committed);
        assertNull(committed.getMessage());
        TimeoutExpiredException aborted = new TimeoutExpiredException("late", false);
        assertFalse(aborted.committed);
        assertEquals("late", aborted.getMessage());
        assertInstanceOf(TransactionException.class, aborted);
        int mod = TimeoutExpiredException.class.getField("committed").getModifiers();
        assertTrue(Modifier.isPublic(mod));
        assertFalse(Modifier.isFinal(mod));
        aborted.committed = true;
        assertTrue(TransactionTestSupport.roundTrip(aborted).committed);
        assertFalse(TransactionTestSupport.roundTrip(new TimeoutExpiredException(false)).committed);
    }

    // TX.2: serial forms of the published API; only TimeoutExpiredException has a field of its own.
    @Test
    void serialVersionUids() {
        assertUid(TransactionException.class, -5009935764793203986L);
        assertUid(UnknownTransactionException.class, 443798629936327009L);
        assertUid(CannotJoinException.class, 5568393043937204939L);
        assertUid(CannotCommitException.class, -4497341152359563957L);
        assertUid(CannotAbortException.class, 3597101646737510009L);
        assertUid(CannotNestException.class, 3409604500491735434L);
        assertUid(TimeoutExpiredException.class, 3918773760682958000L);
        ObjectStreamField[] fields = ObjectStreamClass.lookup(TimeoutExpiredException.class).getFields();
        assertArrayEquals(new String[] {"committed"},
                Arrays.stream(fields).map(ObjectStreamField::getName).toArray(String[]::new));
        assertEquals(boolean.class, fields[0].getType());
    }

    private static void assertUid(Class<?> c, long uid) {
        ObjectStreamClass osc = ObjectStreamClass.lookup(c);
        assertEquals(uid, osc.getSerialVersionUID(), c.getName());
        if (c != TimeoutExpiredException.class) {
            assertEquals(0, osc.getFields().length, c.getName());
        }
    }
}
