package net.jini.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.lang.reflect.Field;
import java.rmi.MarshalledObject;
import java.util.Map;

import net.jini.core.lookup.SerialTestSupport;
import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;

import org.junit.jupiter.api.Test;

// LD.4.3: LookupUnmarshalException.
class LookupUnmarshalExceptionTest {

    @Test
    void accessorsReturnTheSameArraysNotCopies() throws Exception {
        // LD.4.3.1: "the same array is returned on each invocation"
        ServiceRegistrar[] regs = {new StubRegistrar(1)};
        MarshalledObject<?>[] marshalled = {new MarshalledObject<>(new StubRegistrar(2))};
        Throwable[] exceptions = {new ClassNotFoundException("x")};
        LookupUnmarshalException e = new LookupUnmarshalException(regs, marshalled, exceptions);
        assertSame(regs, e.getRegistrars());
        assertSame(regs, e.getRegistrars());
        assertSame(marshalled, e.getMarshalledRegistrars());
        assertSame(marshalled, e.getMarshalledRegistrars());
        assertSame(exceptions, e.getExceptions());
        assertSame(exceptions, e.getExceptions());
        assertNull(e.getMessage());
    }

    @Test
    void secondFormCarriesTheMessage() {
        // LD.4.3.1: the second form adds a String describing the exception
        LookupUnmarshalException e = new LookupUnmarshalException(new ServiceRegistrar[0],
                new MarshalledObject<?>[0], new Throwable[0], "partial failure");
        assertEquals("partial failure", e.getMessage());
    }

    @Test
    void lengthMismatchIsIllegal() throws Exception {
        // LD.4.3.1: exceptions and marshalledRegistrars must correspond one to one
        MarshalledObject<?>[] one = {new MarshalledObject<>(new StubRegistrar(2))};
        assertThrows(IllegalArgumentException.class,
                () -> new LookupUnmarshalException(null, one, new Throwable[0]));
        assertThrows(IllegalArgumentException.class,
                () -> new LookupUnmarshalException(null, one, new Throwable[2], "m"));
        assertThrows(IllegalArgumentException.class,
                () -> new LookupUnmarshalException(null, new MarshalledObject<?>[0], new Throwable[1]));
    }

    @Test
    void nullArraysThatMustBeComparedAreRejected() {
        // LD.4.3.1: the correspondence cannot hold without both arrays
        assertThrows(NullPointerException.class,
                () -> new LookupUnmarshalException(null, null, new Throwable[0]));
        assertThrows(NullPointerException.class,
                () -> new LookupUnmarshalException(null, new MarshalledObject<?>[0], null));
    }

    @Test
    void serializedForm() throws Exception {
        // LD.4.3.2
        assertEquals(2956893184719950537L, SerialTestSupport.uid(LookupUnmarshalException.class));
        assertEquals(Map.of("registrars", "[L" + ServiceRegistrar.class.getName() + ";", "marshalledRegistrars",
                "[Ljava.rmi.MarshalledObject;", "exceptions", "[Ljava.lang.Throwable;"),
                SerialTestSupport.serialFields(LookupUnmarshalException.class));
        LookupUnmarshalException e = SerialTestSupport.roundTrip(new LookupUnmarshalException(
                new ServiceRegistrar[] {new StubRegistrar(1)},
                new MarshalledObject<?>[] {new MarshalledObject<>(new StubRegistrar(2))},
                new Throwable[] {new IOException("io")}, "m"));
        assertEquals(new StubRegistrar(1), e.getRegistrars()[0]);
        assertEquals(new StubRegistrar(2), e.getMarshalledRegistrars()[0].get());
        assertEquals("io", e.getExceptions()[0].getMessage());
        assertEquals("m", e.getMessage());
    }

    @Test
    void deserializationRejectsMismatchedArrays() throws Exception {
        LookupUnmarshalException e = new LookupUnmarshalException(null, new MarshalledObject<?>[0], new Throwable[0]);
        Field f = LookupUnmarshalException.class.getDeclaredField("exceptions");
        f.setAccessible(true);
        f.set(e, new Throwable[1]);
        assertThrows(InvalidObjectException.class, () -> SerialTestSupport.roundTrip(e));
    }
}
