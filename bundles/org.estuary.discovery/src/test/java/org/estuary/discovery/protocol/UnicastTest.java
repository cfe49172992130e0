package org.estuary.discovery.protocol;

import static org.estuary.discovery.protocol.Hex.int32;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.rmi.MarshalledObject;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

// DJ unicast discovery protocol, version 1: the request is the version as an int; the response is a
// MarshalledObject holding the registrar, then the group count and the groups, on one object stream.
class UnicastTest {

    @Test
    void requestIsTheVersionAsAnInt() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        UnicastRequest.write(out);
        assertEquals(int32(1), Hex.of(out.toByteArray()));
        UnicastRequest.read(new ByteArrayInputStream(out.toByteArray()));
    }

    @Test
    void requestOfAnotherVersionOrTruncatedIsAProtocolError() {
        DiscoveryProtocolException e = assertThrows(DiscoveryProtocolException.class,
                () -> UnicastRequest.read(new ByteArrayInputStream(Hex.bytes(int32(2)))));
        assertTrue(e.getMessage().contains("protocol version 2"), e.getMessage());
        assertThrows(DiscoveryProtocolException.class,
                () -> UnicastRequest.read(new ByteArrayInputStream(Hex.bytes("0000"))));
    }

    @Test
    void responseIsTheMarshalledRegistrarThenTheGroupsOnOneObjectStream() throws Exception {
        MarshalledObject<String> registrar = new MarshalledObject<>("a registrar");
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        ObjectOutputStream objects = new ObjectOutputStream(expected);
        objects.writeObject(registrar);
        objects.writeInt(2);
        objects.writeUTF("public");
        objects.writeUTF("other");
        objects.flush();

        ByteArrayOutputStream actual = new ByteArrayOutputStream();
        new UnicastResponse(registrar, List.of("public", "other")).write(actual);
        assertArrayEquals(expected.toByteArray(), actual.toByteArray());

        UnicastResponse read = UnicastResponse.read(new ByteArrayInputStream(expected.toByteArray()));
        assertEquals(registrar, read.registrar());
        assertEquals("a registrar", read.registrar().get());
        assertEquals(List.of("public", "other"), read.groups());
    }

    @Test
    void responseThatIsNotAMarshalledObjectIsRefusedWithoutDeserializingIt() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutputStream objects = new ObjectOutputStream(bytes);
        objects.writeObject(new java.util.ArrayList<>(List.of("not a registrar")));
        objects.writeInt(0);
        objects.flush();
        DiscoveryProtocolException e = assertThrows(DiscoveryProtocolException.class,
                () -> UnicastResponse.read(new ByteArrayInputStream(bytes.toByteArray())));
        assertTrue(e.getMessage().contains("other than a MarshalledObject"), e.getMessage());
    }

    @Test
    void truncatedOrNegativeCountResponsesAreProtocolErrors() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutputStream objects = new ObjectOutputStream(bytes);
        objects.writeObject(new MarshalledObject<>("r"));
        objects.writeInt(-1);
        objects.flush();
        byte[] negative = bytes.toByteArray();
        assertThrows(DiscoveryProtocolException.class,
                () -> UnicastResponse.read(new ByteArrayInputStream(negative)));
        byte[] truncated = Arrays.copyOf(negative, negative.length - 6);
        assertThrows(DiscoveryProtocolException.class,
                () -> UnicastResponse.read(new ByteArrayInputStream(truncated)));
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(NullPointerException.class, () -> new UnicastResponse(null, List.of()));
        assertThrows(NullPointerException.class,
                () -> new UnicastResponse(new MarshalledObject<>("r"), Arrays.asList("g", null)));
    }
}
