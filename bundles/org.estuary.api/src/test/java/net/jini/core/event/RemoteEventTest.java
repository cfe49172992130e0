package net.jini.core.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.rmi.MarshalledObject;
import java.util.EventObject;

import org.junit.jupiter.api.Test;

class RemoteEventTest {

    static Object roundTrip(Object o) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    // EV.2.3.2: the accessors return the values given to the constructor.
    @Test
    void accessors() throws IOException {
        Object source = new Object();
        MarshalledObject<String> handback = new MarshalledObject<>("hb");
        RemoteEvent e = new RemoteEvent(source, 42L, 7L, handback);
        assertInstanceOf(EventObject.class, e);
        assertSame(source, e.getSource());
        assertEquals(42L, e.getID());
        assertEquals(7L, e.getSequenceNumber());
        assertSame(handback, e.getRegistrationObject());
    }

    // EV.2.3.2: the handback is optional.
    @Test
    void nullHandback() {
        assertNull(new RemoteEvent("src", 1, 2, null).getRegistrationObject());
    }

    // EV.2.3.2: RemoteEvent is an EventObject, which refuses a null source.
    @Test
    void nullSourceRejected() {
        assertThrows(IllegalArgumentException.class, () -> new RemoteEvent(null, 1, 2, null));
    }

    // EV.2.5: source, eventID, seqNum and handback are serialized; getSource works after deserialization
    // although EventObject's own source field is transient.
    @Test
    void serialForm() throws Exception {
        MarshalledObject<String> handback = new MarshalledObject<>("hb");
        RemoteEvent copy = (RemoteEvent) roundTrip(new RemoteEvent("the source", 3L, 9L, handback));
        assertEquals("the source", copy.getSource());
        assertEquals("the source", copy.source);
        assertEquals(3L, copy.getID());
        assertEquals(9L, copy.getSequenceNumber());
        assertEquals(handback, copy.getRegistrationObject());
        assertEquals("hb", copy.getRegistrationObject().get());
    }

    // EV.2.3.1: listeners are remote objects and java.util event listeners.
    @Test
    void listenerTypes() {
        assertEquals(true, java.rmi.Remote.class.isAssignableFrom(RemoteEventListener.class));
        assertEquals(true, java.util.EventListener.class.isAssignableFrom(RemoteEventListener.class));
    }

    // EV.2.3.3: UnknownEventException is a checked exception with the usual two constructors.
    @Test
    void unknownEventException() {
        assertInstanceOf(Exception.class, new UnknownEventException());
        assertEquals(false, RuntimeException.class.isAssignableFrom(UnknownEventException.class));
        assertNull(new UnknownEventException().getMessage());
        assertEquals("who?", new UnknownEventException("who?").getMessage());
    }
}
