package org.estuary.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.UnmarshalException;
import java.util.PriorityQueue;

import org.estuary.remote.RemoteSettings;
import org.estuary.remote.RmiExporter;
import org.junit.jupiter.api.Test;

import hostile.Comparer;

/** A client reads what a (hostile) container's registry answers through the allowlist. */
class HostileReplyTest {

    @Test
    void gadgetInALookupReplyIsRefusedAndTheClientKeepsWorking() throws Exception {
        try (RmiExporter container = RmiExporter.start(RemoteSettings.builder().registryPort(0).build())) {
            PriorityQueue<Object> gadget = new PriorityQueue<>(new Comparer());
            gadget.add("a");
            gadget.add("b");
            Comparer.armed = true;
            container.bind("gadget", gadget);
            container.bind("fine", "a string");
            try (EstuaryClient client = EstuaryClient.connect("127.0.0.1", container.registryPort())) {
                UnmarshalException refused = assertThrows(UnmarshalException.class,
                        () -> client.lookup("gadget", Object.class));
                assertTrue(String.valueOf(refused.getCause()).contains("REJECTED"), refused.toString());
                assertEquals(0, Comparer.RAN.get(), "the comparator ran in the client");
                assertEquals("a string", client.lookup("fine", String.class));
            }
        } finally {
            Comparer.armed = false;
        }
    }
}
