package net.jini.core.transaction.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import net.jini.core.transaction.TransactionTestSupport;

class TransactionManagerCreatedTest {

    // TX.2.1: the constructor simply sets the two fields from its parameters.
    @Test
    void constructorSetsFields() {
        FakeLease lease = new FakeLease("l");
        TransactionManager.Created c = new TransactionManager.Created(42L, lease);
        assertEquals(42L, c.id);
        assertSame(lease, c.lease);
        TransactionManager.Created empty = new TransactionManager.Created(-1L, null);
        assertEquals(-1L, empty.id);
        assertNull(empty.lease);
    }

    // TX.2.1: Created is Serializable; its serial form is the two fields id and lease.
    @Test
    void serialForm() throws Exception {
        ObjectStreamClass osc = ObjectStreamClass.lookup(TransactionManager.Created.class);
        assertEquals(-4233846033773471113L, osc.getSerialVersionUID());
        String[] names = Arrays.stream(osc.getFields()).map(ObjectStreamField::getName).sorted()
                .toArray(String[]::new);
        assertArrayEquals(new String[] {"id", "lease"}, names);
        TransactionManager.Created copy = TransactionTestSupport.roundTrip(
                new TransactionManager.Created(9L, new FakeLease("x")));
        assertEquals(9L, copy.id);
        assertEquals(new FakeLease("x"), copy.lease);
    }
}
