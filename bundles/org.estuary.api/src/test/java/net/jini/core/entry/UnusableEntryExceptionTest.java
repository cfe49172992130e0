package net.jini.core.entry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.PrintWriter;
import java.io.Serializable;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

// Referenced core entry types (LD.1.2 builds on the lookup service, whose attributes are entries); published Jini
// 2.x semantics of UnusableEntryException.
class UnusableEntryExceptionTest {

    static final class E implements Entry {
        private static final long serialVersionUID = 1L;
        public String a;
    }

    @Test
    void entryIsASerializableMarker() {
        assertTrue(Serializable.class.isAssignableFrom(Entry.class));
        assertEquals(0, Entry.class.getDeclaredMethods().length);
    }

    @Test
    void partialEntryKeepsArraysAsGiven() {
        E partial = new E();
        String[] fields = {"a"};
        Throwable[] nested = {new ClassNotFoundException("x")};
        UnusableEntryException u = new UnusableEntryException(partial, fields, nested);
        assertSame(partial, u.partialEntry);
        assertSame(fields, u.unusableFields);
        assertSame(nested, u.nestedExceptions);
    }

    @Test
    void whollyUnusableEntry() {
        Throwable cause = new ClassNotFoundException("x");
        UnusableEntryException u = new UnusableEntryException(null, null, new Throwable[] {cause});
        assertNull(u.partialEntry);
        assertNull(u.unusableFields);
        assertSame(cause, u.nestedExceptions[0]);
        UnusableEntryException v = new UnusableEntryException(cause);
        assertNull(v.partialEntry);
        assertNull(v.unusableFields);
        assertArrayEquals(new Throwable[] {cause}, v.nestedExceptions);
        assertThrows(NullPointerException.class, () -> new UnusableEntryException((Throwable) null));
    }

    @Test
    void constructorChecks() {
        Throwable t = new Exception();
        assertThrows(NullPointerException.class, () -> new UnusableEntryException(null, null, null));
        assertThrows(NullPointerException.class, () -> new UnusableEntryException(new E(), new String[] {"a"}, null));
        assertThrows(NullPointerException.class, () -> new UnusableEntryException(new E(), null, new Throwable[] {t}));
        assertThrows(IllegalArgumentException.class,
                () -> new UnusableEntryException(null, null, new Throwable[] {t, t}));
        assertThrows(IllegalArgumentException.class, () -> new UnusableEntryException(null, null, new Throwable[0]));
        assertThrows(IllegalArgumentException.class,
                () -> new UnusableEntryException(null, new String[0], new Throwable[] {t}));
        assertThrows(IllegalArgumentException.class,
                () -> new UnusableEntryException(new E(), new String[] {"a", "b"}, new Throwable[] {t}));
        assertThrows(NullPointerException.class,
                () -> new UnusableEntryException(new E(), new String[] {null}, new Throwable[] {t}));
        assertThrows(NullPointerException.class,
                () -> new UnusableEntryException(new E(), new String[] {"a"}, new Throwable[] {null}));
        assertThrows(NullPointerException.class,
                () -> new UnusableEntryException(null, null, new Throwable[] {null}));
    }

    @Test
    void printStackTraceIncludesNestedExceptions() {
        UnusableEntryException u = new UnusableEntryException(new E(), new String[] {"a"},
                new Throwable[] {new ClassNotFoundException("missing.Codebase")});
        StringWriter w = new StringWriter();
        u.printStackTrace(new PrintWriter(w));
        assertTrue(w.toString().contains("missing.Codebase"));
        assertTrue(w.toString().contains("a"));
    }

    @Test
    void serialFormAndRoundTrip() throws Exception {
        assertEquals(-2199083666668626172L,
                ObjectStreamClass.lookup(UnusableEntryException.class).getSerialVersionUID());
        UnusableEntryException u = roundTrip(new UnusableEntryException(new E(), new String[] {"a"},
                new Throwable[] {new Exception("m")}));
        assertInstanceOf(E.class, u.partialEntry);
        assertArrayEquals(new String[] {"a"}, u.unusableFields);
        assertEquals("m", u.nestedExceptions[0].getMessage());
    }

    @Test
    void deserializationRejectsInconsistentFields() {
        UnusableEntryException u = new UnusableEntryException(new Exception());
        u.unusableFields = new String[] {"a"};
        assertThrows(InvalidObjectException.class, () -> roundTrip(u));
    }

    private static UnusableEntryException roundTrip(UnusableEntryException u) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(u);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (UnusableEntryException) in.readObject();
        }
    }
}
