package net.jini.core.transaction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import net.jini.core.transaction.server.FakeLease;
import net.jini.core.transaction.server.NestableServerTransaction;
import net.jini.core.transaction.server.RecordingManager;
import net.jini.core.transaction.server.ServerTransaction;

class CreatedTest {

    // TX.3.1: Transaction.Created holds the transaction and the lease as given.
    @Test
    void transactionCreatedHoldsValues() {
        ServerTransaction tr = new ServerTransaction(new RecordingManager("m"), 1L);
        FakeLease lease = new FakeLease("l");
        Transaction.Created c = new Transaction.Created(tr, lease);
        assertSame(tr, c.transaction);
        assertSame(lease, c.lease);
        Transaction.Created empty = new Transaction.Created(null, null);
        assertNull(empty.transaction);
        assertNull(empty.lease);
    }

    // TX.3.1: NestableTransaction.Created holds the transaction and the lease as given.
    @Test
    void nestableCreatedHoldsValues() {
        NestableServerTransaction tr = new NestableServerTransaction(new RecordingManager("m"), 1L, null);
        FakeLease lease = new FakeLease("l");
        NestableTransaction.Created c = new NestableTransaction.Created(tr, lease);
        assertSame(tr, c.transaction);
        assertSame(lease, c.lease);
    }

    // TX.3.1: both Created classes are Serializable with the fields transaction and lease.
    @Test
    void serialForms() throws Exception {
        assertForm(Transaction.Created.class, -5199291723008952986L);
        assertForm(NestableTransaction.Created.class, -2979247545926318953L);

        Transaction.Created copy = TransactionTestSupport.roundTrip(
                new Transaction.Created(new ServerTransaction(new RecordingManager("m"), 3L), new FakeLease("l")));
        assertEquals(new ServerTransaction(new RecordingManager("m"), 3L), copy.transaction);
        assertEquals(new FakeLease("l"), copy.lease);

        NestableTransaction.Created ncopy = TransactionTestSupport.roundTrip(new NestableTransaction.Created(
                new NestableServerTransaction(new RecordingManager("m"), 4L, null), new FakeLease("k")));
        assertEquals(new NestableServerTransaction(new RecordingManager("m"), 4L, null), ncopy.transaction);
        assertEquals(new FakeLease("k"), ncopy.lease);
    }

    private static void assertForm(Class<?> c, long uid) {
        ObjectStreamClass osc = ObjectStreamClass.lookup(c);
        assertEquals(uid, osc.getSerialVersionUID());
        assertArrayEquals(new String[] {"lease", "transaction"},
                Arrays.stream(osc.getFields()).map(ObjectStreamField::getName).sorted().toArray(String[]::new));
    }
}
