package net.jini.core.transaction.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ObjectStreamClass;

import org.junit.jupiter.api.Test;

import net.jini.core.transaction.TransactionException;

class CrashCountExceptionTest {

    // TX.2.3: CrashCountException is a TransactionException with the two usual constructors.
    @Test
    void constructorsAndHierarchy() {
        assertInstanceOf(TransactionException.class, new CrashCountException());
        assertNull(new CrashCountException().getMessage());
        assertEquals("lost state", new CrashCountException("lost state").getMessage());
    }

    // TX.2.3: serial form of the published API (serialVersionUID only, no fields of its own).
    @Test
    void serialVersionUid() {
        ObjectStreamClass osc = ObjectStreamClass.lookup(CrashCountException.class);
        assertEquals(4299226125245015671L, osc.getSerialVersionUID());
        assertEquals(0, osc.getFields().length);
    }
}
