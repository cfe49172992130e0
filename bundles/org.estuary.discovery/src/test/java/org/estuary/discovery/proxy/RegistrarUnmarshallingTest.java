package org.estuary.discovery.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.MarshalledObject;
import java.util.List;

import net.jini.core.lookup.ServiceRegistrar;
import net.jini.core.lookup.StubRegistrar;
import net.jini.discovery.LookupUnmarshalException;

import org.junit.jupiter.api.Test;

// LD.4.1.1 getRegistrars and LD.4.3 LookupUnmarshalException: unmarshalling element by element.
class RegistrarUnmarshallingTest {

    /** Serializes, then refuses to come back, as a proxy whose codebase is down does. */
    private static final class Unreadable implements Serializable {
        private static final long serialVersionUID = 1L;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            throw new ClassNotFoundException("codebase down");
        }
    }

    @Test
    void everyElementUnmarshalsAndEqualProxiesComeOnce() throws Exception {
        StubRegistrar a = new StubRegistrar(1);
        StubRegistrar b = new StubRegistrar(2);
        ServiceRegistrar[] result = RegistrarUnmarshalling.unmarshal(List.of(new MarshalledObject<>(a),
                new MarshalledObject<>(b), new MarshalledObject<>(new StubRegistrar(1))));
        assertArrayEquals(new ServiceRegistrar[] {a, b}, result);
    }

    @Test
    void failuresCarryTheRestAndTheirExceptionsAtTheSameIndex() throws Exception {
        StubRegistrar a = new StubRegistrar(3);
        MarshalledObject<?> down = new MarshalledObject<>(new Unreadable());
        MarshalledObject<?> notARegistrar = new MarshalledObject<>("a string");
        LookupUnmarshalException e = assertThrows(LookupUnmarshalException.class,
                () -> RegistrarUnmarshalling.unmarshal(List.of(down, new MarshalledObject<>(a), notARegistrar)));
        assertArrayEquals(new ServiceRegistrar[] {a}, e.getRegistrars());
        assertEquals(2, e.getMarshalledRegistrars().length);
        assertSame(down, e.getMarshalledRegistrars()[0]);
        assertSame(notARegistrar, e.getMarshalledRegistrars()[1]);
        assertInstanceOf(ClassNotFoundException.class, e.getExceptions()[0]);
        assertInstanceOf(InvalidObjectException.class, e.getExceptions()[1]);
    }

    @Test
    void noRegistrarsIsAnEmptyArray() throws Exception {
        assertEquals(0, RegistrarUnmarshalling.unmarshal(List.of()).length);
    }
}
